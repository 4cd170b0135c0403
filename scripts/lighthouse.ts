// `npm run lighthouse -- [base URL] [--runs=N] [--home-only] [--cpu-slowdown=N] [--throttling=devtools]`:
// Lighthouse (mobile) on the three pages an end user meets, `/`, a real `/swap/{id}` (made here
// through the BFF: a quote, then a swap) and `/widget`, against a server that is already running, by
// default `SANDBOX=1 npm start` on port 3000, and on the floor in the same run: a hello-world page on
// the same next and react (scripts/hello-floor.ts), whose score is what this machine's load leaves any
// page. Each page runs N times (default 1), the floor between them, and the median is printed with
// `/`'s distance from the floor's. Beside them, `/` with its scripts blocked: its server-rendered
// first screen alone, so the distance from it is what the scripts cost (docs/benchmarks.md); and the
// floor built with our build's compile hints (lib/build/compile-hints.mjs). It exits 1 when
// accessibility or best practices is under 1.0 (the targets); performance is reported, not judged.
// Lighthouse is not a dependency of the project: npx fetches the pinned version from npm on first
// use. Chromium is Debian's (`CHROME_PATH`, default /usr/bin/chromium).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { newSwapPath } from "./bench/new-swap";
import { median } from "./bench/stats";
import { startFloor } from "./hello-floor";

const LIGHTHOUSE = "lighthouse@12.8.2";
const args = process.argv.slice(2);
const base = (args.find((a) => !a.startsWith("--")) ?? "http://127.0.0.1:3000").replace(/\/$/, "");
/** `--home-only`: the floor and `/`, no swap made (a quicker before/after of the checkout). */
const homeOnly = args.includes("--home-only");
/**
 * `--cpu-slowdown=N`: Lighthouse's CPU multiplier (default 4). Its docs calibrate 4× for a host whose
 * `benchmarkIndex` is 1500–2000 and suggest more on a faster one; the index is printed below.
 */
const cpuSlowdown = args.find((a) => a.startsWith("--cpu-slowdown="))?.slice("--cpu-slowdown=".length);
if (cpuSlowdown !== undefined && !(Number(cpuSlowdown) > 0)) {
  console.error(`--cpu-slowdown wants a positive number, not "${cpuSlowdown}"`);
  process.exit(2);
}
/**
 * `--throttling=devtools`: the browser really slowed (DevTools' CPU and request throttling) in place
 * of Lighthouse's default simulation from an unthrottled load (docs/benchmarks.md says why it matters).
 */
const throttling = args.find((a) => a.startsWith("--throttling="))?.slice("--throttling=".length) ?? "simulate";
if (throttling !== "simulate" && throttling !== "devtools") {
  console.error(`--throttling is simulate or devtools, not "${throttling}"`);
  process.exit(2);
}
const runs = Math.max(1, Number(args.find((a) => a.startsWith("--runs="))?.slice("--runs=".length) ?? 1) || 1);
const chromeFlags =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic";

type Category = "performance" | "accessibility" | "best-practices";
type Report = {
  categories: Record<Category, { score: number | null }>;
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number }>;
};

/**
 * `blocked`: URL patterns the browser refuses to load (`*.js`: the page without its scripts). A run
 * that Lighthouse itself fails to record (`NO_NAVSTART` and other runtime errors, seen now and then on
 * the page with its scripts blocked) is run again, up to twice: it says nothing about the page.
 */
async function lighthouse(url: string, out: string, blocked?: string, attempt = 1): Promise<Report> {
  try {
    return await lighthouseOnce(url, out, blocked);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (attempt >= 3 || !message.includes("Runtime error encountered")) throw error;
    console.log(`${url}${blocked ? ` (blocked: ${blocked})` : ""}: Lighthouse failed to record, run ${attempt + 1}`);
    return lighthouse(url, out, blocked, attempt + 1);
  }
}

async function lighthouseOnce(url: string, out: string, blocked?: string): Promise<Report> {
  await promisify(execFile)(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      `--chrome-flags=${chromeFlags}`,
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      `--output-path=${out}`,
      ...(blocked ? [`--blocked-url-patterns=${blocked}`] : []),
      `--throttling-method=${throttling}`,
      ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(readFileSync(out, "utf8")) as Report;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
  const floor = await startFloor();
  const hintedFloor = await startFloor({ compileHints: true });
  const scriptless = { name: "`/` without its scripts", url: `${base}/`, blocked: "*.js" };
  const hinted = { name: "floor with our compile hints", url: `${hintedFloor.origin}/` };
  const pages: Array<{ name: string; url: string; blocked?: string }> = [
    { name: "floor: hello-world, same next/react", url: `${floor.origin}/` },
    { name: "`/`", url: `${base}/` },
    scriptless,
    hinted,
    ...(homeOnly
      ? []
      : [
          { name: "`/swap/{id}`", url: `${base}${await newSwapPath(base)}` },
          { name: "`/widget`", url: `${base}/widget` },
        ]),
  ];
  const reports = new Map<string, Report[]>(pages.map((p) => [p.name, []]));
  let failed = false;
  try {
    // Interleaved, so a busy moment on the machine falls on the floor and the pages alike.
    for (let run = 0; run < runs; run++) {
      for (const [i, page] of pages.entries())
        reports.get(page.name)!.push(await lighthouse(page.url, path.join(dir, `${run}-${i}.json`), page.blocked));
    }
  } finally {
    await floor.stop();
    await hintedFloor.stop();
    // LIGHTHOUSE_KEEP=1 keeps the JSON reports (their audits say where the time went).
    if (process.env.LIGHTHOUSE_KEEP === "1") console.log(`reports kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  // The host's speed says what a 4× multiplier means (docs/benchmarks.md): print it with the figures.
  const indexes = [...reports.values()].flat().map((r) => Math.round(r.environment.benchmarkIndex));
  const cpu = `CPU ${cpuSlowdown ?? 4}× (${throttling === "devtools" ? "applied" : "simulated"})`;
  const host = `benchmarkIndex ${median(indexes)} (${Math.min(...indexes)}–${Math.max(...indexes)})`;
  console.log(`Lighthouse ${LIGHTHOUSE.split("@")[1]}, mobile, ${cpu}, against ${base}, median of ${runs} run(s)`);
  console.log(`this host's ${host}\n`);
  console.log(
    "| page | performance | LCP ms | TBT ms | accessibility | best practices |\n|---|---:|---:|---:|---:|---:|",
  );
  const medianOf = (name: string, pick: (r: Report) => number) => median(reports.get(name)!.map(pick));
  const score = (c: Category) => (r: Report) => r.categories[c].score ?? 0;
  const audit = (id: string) => (r: Report) => Math.round(r.audits[id]?.numericValue ?? 0);
  for (const page of pages) {
    // The floors are not ours, and a page without its scripts is not one a person meets.
    if (
      page !== pages[0] &&
      page !== scriptless &&
      page !== hinted &&
      (medianOf(page.name, score("accessibility")) < 1 || medianOf(page.name, score("best-practices")) < 1)
    )
      failed = true;
    console.log(
      `| ${page.name} | ${medianOf(page.name, score("performance"))} | ${medianOf(page.name, audit("largest-contentful-paint"))} | ${medianOf(page.name, audit("total-blocking-time"))} | ${medianOf(page.name, score("accessibility"))} | ${medianOf(page.name, score("best-practices"))} |`,
    );
  }
  const gap = medianOf(pages[0]!.name, score("performance")) - medianOf(pages[1]!.name, score("performance"));
  console.log(`\n\`/\` is ${gap.toFixed(2)} under the floor (the target: at most 0.03).`);
  // The target's floor is Next's default build. Ours also marks the framework's startup chunks for
  // eager compiling (lib/build/compile-hints.mjs), which a hello-world page would gain from as much.
  const hintedGap = medianOf(hinted.name, score("performance")) - medianOf(pages[1]!.name, score("performance"));
  console.log(`Against the floor built with the same compile hints: ${hintedGap.toFixed(2)} under it.`);
  const scriptsCost = medianOf(scriptless.name, score("performance")) - medianOf(pages[1]!.name, score("performance"));
  console.log(`Its scripts cost ${scriptsCost.toFixed(2)}: \`/\` against itself with them blocked.`);
  if (failed) {
    console.error("\nAccessibility or best practices is under 1.0 on a page.");
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
