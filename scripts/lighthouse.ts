// `npm run lighthouse -- [base URL]`: Lighthouse (mobile) on the three pages an end user meets, `/`,
// a real `/swap/{id}` (made here through the BFF: a quote, then a swap) and `/widget`, against a
// server that is already running, by default `SANDBOX=1 npm start` on port 3000. It prints each
// page's performance, accessibility and best-practices scores and exits 1 when accessibility or best
// practices is under 1.0 (the targets); performance is reported, not judged (it follows the load).
// Lighthouse is not a dependency of the project: npx fetches the pinned version from npm on first
// use. Chromium is Debian's (`CHROME_PATH`, default /usr/bin/chromium).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const LIGHTHOUSE = "lighthouse@12.8.2";
const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic";

async function post(route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A swap made the way the checkout makes one, so its page has a real deposit to show. */
async function swapPath(): Promise<string> {
  const quote = await post("/api/v1/quote", { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } });
  const created = (await post(
    "/api/v1/swap",
    { quoteId: quote.id, destination: { address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" } },
    { "idempotency-key": crypto.randomUUID() },
  )) as { swap: { id: string }; accessToken: string };
  return `/swap/${created.swap.id}#t=${created.accessToken}`;
}

type Report = { categories: Record<"performance" | "accessibility" | "best-practices", { score: number | null }> };

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
  const pages = ["/", await swapPath(), "/widget"];
  let failed = false;
  console.log(`Lighthouse ${LIGHTHOUSE.split("@")[1]}, mobile, against ${base}\n`);
  console.log("| page | performance | accessibility | best practices |\n|---|---:|---:|---:|");
  for (const [i, page] of pages.entries()) {
    const out = path.join(dir, `${i}.json`);
    await promisify(execFile)(
      "npx",
      [
        "--yes",
        LIGHTHOUSE,
        `${base}${page}`,
        "--quiet",
        `--chrome-flags=${chromeFlags}`,
        "--only-categories=performance,accessibility,best-practices",
        "--output=json",
        `--output-path=${out}`,
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
    );
    const { categories } = JSON.parse(readFileSync(out, "utf8")) as Report;
    const score = (name: keyof Report["categories"]) => categories[name].score ?? 0;
    if (score("accessibility") < 1 || score("best-practices") < 1) failed = true;
    const name = page.startsWith("/swap/") ? "/swap/{id}" : page;
    console.log(`| \`${name}\` | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} |`);
  }
  rmSync(dir, { recursive: true, force: true });
  if (failed) {
    console.error("\nAccessibility or best practices is under 1.0 on a page.");
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
