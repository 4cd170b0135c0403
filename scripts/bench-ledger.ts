// `npm run bench:ledger` (after `npm run build`): the ledger at 100,000 swaps. A standalone sandbox
// over HTTP is seeded with 100,000 swaps (its seed control, 20,000 a call); the production BFF
// backfills them into its ledger (PGlite by default, `-- --postgres` for a Postgres 15 server the
// bench starts); then the dashboard's reads are timed over HTTP: totals for several filters, search,
// and the summary, p50/p95. Also reported: the backfill's time and upstream requests a minute, and
// the upstream calls each dashboard view made (the ledger's own loops aside).
// Knobs: BENCH_LEDGER_SWAPS (100000), BENCH_LEDGER_RATE_LIMIT (the key's budget a minute for this
// run, 3000; the backfill may use a fifth), BENCH_LEDGER_REPS (40). `-- --readme` writes the table
// into docs/benchmarks.md between <!-- bench-ledger:start --> and <!-- bench-ledger:end -->.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import { startPostgres, type RunningPostgres } from "../tests/support/postgres";
import { repoRoot } from "../tests/support/servers";
import { startBff } from "./bench/app";
import { machineLine, writeBenchmarksSection } from "./bench/readme";
import { round, spread, type Spread } from "./bench/stats";

const knobs = z
  .object({
    BENCH_LEDGER_SWAPS: z.coerce.number().int().min(100).max(200_000).default(100_000),
    BENCH_LEDGER_RATE_LIMIT: z.coerce.number().int().min(10).max(100_000).default(3000),
    BENCH_LEDGER_REPS: z.coerce.number().int().min(5).max(1000).default(40),
  })
  .parse(process.env);
const args = process.argv.slice(2);
const usePostgres = args.includes("--postgres");
const writeReadme = args.includes("--readme");

if (!existsSync(join(repoRoot, ".next", "BUILD_ID"))) {
  console.error("bench:ledger: no production build. Run `npm run build` first.");
  process.exit(1);
}

const KEY = "lsk_test_sandbox";
const PASSWORD = "bench-ledger-password";
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

// The upstream: the sandbox over HTTP, counting list calls and who made them.
const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_RATE_LIMIT_PER_MINUTE: String(knobs.BENCH_LEDGER_RATE_LIMIT) }));
const calls: Array<{ at: number; path: string; requestId: string }> = [];
const upstream = await serveHandler(async (req) => {
  const url = new URL(req.url);
  if (url.pathname.startsWith("/v1/")) calls.push({ at: Date.now(), path: url.pathname + url.search, requestId: req.headers.get("x-request-id") ?? "" });
  return sandbox.handle(req);
});

log(`seeding ${knobs.BENCH_LEDGER_SWAPS} swaps over 90 days, 20,000 a call`);
const seedTo = Date.now() - 10 * 60_000;
for (let done = 0; done < knobs.BENCH_LEDGER_SWAPS;) {
  const count = Math.min(20_000, knobs.BENCH_LEDGER_SWAPS - done);
  // Each call its own slice of the 90 days, so creation times never repeat across calls.
  const span = (90 * 86_400_000) / knobs.BENCH_LEDGER_SWAPS;
  const res = await fetch(`${upstream.origin}/sandbox/seed`, {
    method: "POST",
    headers: { "x-api-key": KEY, "content-type": "application/json" },
    body: JSON.stringify({
      count,
      createdFrom: new Date(seedTo - (done + count) * span).toISOString(),
      createdTo: new Date(seedTo - done * span - span).toISOString(),
    }),
  });
  if (!res.ok) throw new Error(`seed failed: ${res.status} ${await res.text()}`);
  done += count;
}

let postgres: RunningPostgres | null = null;
if (usePostgres) postgres = await startPostgres();
const app = await startBff({
  PARTNER_API_BASE_URL: `${upstream.origin}/v1`,
  PARTNER_API_KEY: KEY,
  APP_SECRET: "bench-ledger-app-secret-0123456789abcdefghij",
  PARTNER_DASHBOARD_PASSWORD: PASSWORD,
  PARTNER_RATE_LIMIT_PER_MINUTE: String(knobs.BENCH_LEDGER_RATE_LIMIT),
  CLIENT_READS_PER_MINUTE: "1000000",
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
// Everything after this point stops the app and the servers on failure too.
const stopAll = async () => {
  await app.stop().catch(() => {});
  await upstream.close().catch(() => {});
  await postgres?.stop().catch(() => {});
};
let result: Awaited<ReturnType<typeof measure>>;
try {
  result = await measure();
} catch (error) {
  console.error(app.logs().slice(-3000));
  await stopAll();
  throw error;
}
await stopAll();

async function measure() {
  const backfillStarted = Date.now();
  log(`app up (${postgres ? "Postgres 15 server" : "PGlite"}); waiting for the backfill`);

  const login = await fetch(`${app.origin}/api/partner/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const get = async (path: string) => {
    const t = performance.now();
    // One retry for a kept-alive socket the server closed just then (not the app failing).
    const res = await fetch(`${app.origin}${path}`, { headers: { cookie } }).catch((error: unknown) => {
      if (app.exited()) throw new Error(`the app ended (${app.exited()}):\n${app.logs().slice(-3000)}`, { cause: error });
      return fetch(`${app.origin}${path}`, { headers: { cookie } });
    });
    const body = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    return { ms, json: JSON.parse(body) as Record<string, unknown> & { total: number; swaps: Array<Record<string, unknown>> } };
  };

  let lastReport = 0;
  for (;;) {
    const { json } = await get("/api/partner/swaps?limit=1");
    if (json.total >= knobs.BENCH_LEDGER_SWAPS) break;
    if (Date.now() - lastReport > 15_000) {
      lastReport = Date.now();
      log(`ledger holds ${json.total}`);
    }
    if (app.exited()) throw new Error(`the app ended: ${app.logs().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const backfillMs = Date.now() - backfillStarted;
  const backfillCalls = calls.filter((c) => c.at >= backfillStarted && c.requestId.startsWith("ledger-")).length;
  const perMinute = backfillCalls / (backfillMs / 60_000);
  log(`backfilled ${knobs.BENCH_LEDGER_SWAPS} in ${(backfillMs / 1000).toFixed(1)} s, ${backfillCalls} upstream calls (${perMinute.toFixed(0)} a minute)`);

  // A sample of real rows to search for.
  const sample = (await get(`/api/partner/swaps?limit=100&offset=${Math.floor(knobs.BENCH_LEDGER_SWAPS * 0.4)}`)).json.swaps as Array<{
    id: string;
    externalId: string;
    customerId: string;
    deposit: { address: string };
    payout: { address: string };
  }>;
  const day = 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();
  const totalsFilters = [
    "",
    "?status=completed",
    "?status=completed,refunded,failed",
    `?createdFrom=${iso(Date.now() - 7 * day)}`,
    `?createdFrom=${iso(Date.now() - 30 * day)}&status=waiting_deposit,processing`,
    `?createdFrom=${iso(Date.now() - 60 * day)}&createdTo=${iso(Date.now() - 30 * day)}`,
  ];
  const searches = sample.flatMap((s) => [s.id, s.externalId, s.customerId, s.deposit.address, s.payout.address]);
  const summaries = ["", `?createdFrom=${iso(Date.now() - 30 * day)}`, `?createdFrom=${iso(Date.now() - 7 * day)}&status=completed`];

  const before = calls.length;
  const viewsStart = Date.now();
  async function time(paths: string[]): Promise<Spread> {
    const samples: number[] = [];
    for (let i = 0; i < knobs.BENCH_LEDGER_REPS; i++) samples.push((await get(paths[i % paths.length]!)).ms);
    return spread(samples);
  }
  for (const path of ["/api/partner/swaps", "/api/partner/summary", `/api/partner/swaps?q=${sample[0]!.id}`]) await get(path); // warm
  const totals = await time(totalsFilters.map((f) => `/api/partner/swaps${f}`));
  const search = await time(searches.map((q) => `/api/partner/swaps?q=${encodeURIComponent(q)}`));
  const summary = await time(summaries.map((f) => `/api/partner/summary${f}`));
  const detail = await time(sample.map((s) => `/api/partner/swaps/${s.id}`));
  const views = knobs.BENCH_LEDGER_REPS * 4 + 3;
  const viewCalls = calls.slice(before).filter((c) => !c.requestId.startsWith("ledger-") && !c.requestId.startsWith("sweep-")).length;
  const ledgerCallsDuringViews = calls.slice(before).length - viewCalls;
  const viewsMs = Date.now() - viewsStart;
  log(`views done: ${views} views, ${viewCalls} upstream calls made by them`);
  const axeViolations = args.includes("--screenshots") ? await screenshots(app.origin, cookie) : null;
  return {
    backfillMs,
    backfillCalls,
    perMinute,
    totals,
    search,
    summary,
    detail,
    views,
    viewCalls,
    ledgerCallsDuringViews,
    viewsMs,
    totalsFilters,
    axeViolations,
  };
}

/** The dashboard with every swap behind it, at 390 and 1280 px, light and dark; axe on each. */
async function screenshots(origin: string, cookie: string): Promise<number> {
  const { chromium } = await import("@playwright/test");
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const { chromiumArgs } = await import("../playwright.config");
  const dir = join(repoRoot, "docs", "screenshots", "partner");
  await mkdir(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
  let violations = 0;
  try {
    for (const width of [390, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 }, colorScheme: scheme });
        const [name, value] = cookie.split("=") as [string, string];
        await context.addCookies([{ name, value, url: origin }]);
        const page = await context.newPage();
        await page.goto(`${origin}/partner`);
        await page.getByTestId("total-count").and(page.locator("[data-value]")).waitFor();
        await page
          .getByTestId(width === 390 ? "swap-card" : "swap-row")
          .first()
          .waitFor();
        await page.getByRole("img").first().waitFor();
        await page.screenshot({ path: join(dir, `dashboard-${width}-${scheme}.png`), fullPage: true });
        const axe = await new AxeBuilder({ page }).analyze();
        violations += axe.violations.length;
        for (const v of axe.violations) log(`axe ${width} ${scheme}: ${v.id} ${v.help} (${v.nodes.length})`);
        await page
          .getByRole("button", { name: /^Open swap / })
          .filter({ visible: true })
          .first()
          .click();
        await page.getByTestId("status-history").waitFor();
        await page.screenshot({ path: join(dir, `detail-${width}-${scheme}.png`) });
        const dialogAxe = await new AxeBuilder({ page }).analyze();
        violations += dialogAxe.violations.length;
        for (const v of dialogAxe.violations) log(`axe detail ${width} ${scheme}: ${v.id} ${v.help} (${v.nodes.length})`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  log(`screenshots in docs/screenshots/partner/, axe violations: ${violations}`);
  return violations;
}

const machine = machineLine();
const command = `npm run build && ${Object.entries(process.env)
  .filter(([k]) => k.startsWith("BENCH_LEDGER_"))
  .map(([k, v]) => `${k}=${v} `)
  .join("")}npm run bench:ledger${usePostgres ? " -- --postgres" : ""}`;
const ms = (s: Spread) => `${round(s.p50)} ms | ${round(s.p95)} ms`;
const specMinutes = Math.ceil(knobs.BENCH_LEDGER_SWAPS / 100) / (120 * 0.2);
const markdown = [
  `Ledger at ${knobs.BENCH_LEDGER_SWAPS.toLocaleString("en")} swaps (\`${command}\`, ${usePostgres ? "Postgres 15 server" : "PGlite"}, ${machine}, ${new Date().toISOString().slice(0, 10)}):`,
  "",
  "| measure | result |",
  "|---|---|",
  `| backfill of ${knobs.BENCH_LEDGER_SWAPS.toLocaleString("en")} swaps | ${(result.backfillMs / 1000).toFixed(1)} s, ${result.backfillCalls} upstream list calls, ${result.perMinute.toFixed(0)} a minute (key budget ${knobs.BENCH_LEDGER_RATE_LIMIT}/min for this run; the ledger's fifth is ${knobs.BENCH_LEDGER_RATE_LIMIT / 5}) |`,
  `| the same at the spec's 120/min | ${Math.ceil(knobs.BENCH_LEDGER_SWAPS / 100)} pages at 24 a minute: about ${Math.round(specMinutes)} min |`,
  "",
  "| dashboard read over HTTP (n = " + knobs.BENCH_LEDGER_REPS + " each) | p50 | p95 |",
  "|---|---|---|",
  `| totals + first page, ${result.totalsFilters.length} filters (all, by status, by range) | ${ms(result.totals)} |`,
  `| search \`q\` (id, externalId, customerId, deposit / payout address) | ${ms(result.search)} |`,
  `| summary with daily chart data (all, 30 days, 7 days completed) | ${ms(result.summary)} |`,
  `| one swap with history | ${ms(result.detail)} |`,
  "",
  ...(result.axeViolations === null
    ? []
    : [
        `Screenshots of the dashboard and a swap's detail at 390 and 1280 px, light and dark, with these swaps behind it: docs/screenshots/partner/ (axe violations: ${result.axeViolations}).`,
        "",
      ]),
  `Upstream calls made by the ${result.views} dashboard views: ${result.viewCalls} (${(result.viewCalls / result.views).toFixed(2)} per view). The ledger's own loops (sweep, reconciliation) made ${result.ledgerCallsDuringViews} meanwhile, over ${(result.viewsMs / 1000).toFixed(0)} s.`,
].join("\n");
console.log(`\n${markdown}\n`);
const resultsDir = join(repoRoot, "bench", "results");
await mkdir(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replaceAll(":", "-");
await writeFile(join(resultsDir, `ledger-${stamp}.json`), JSON.stringify({ knobs, postgres: usePostgres, ...result }, null, 2));
if (writeReadme) {
  await writeBenchmarksSection(repoRoot, usePostgres ? "bench-ledger-postgres" : "bench-ledger", markdown);
}
process.exit(0);
