// `npm run bench:ledger` (after `npm run build`): the ledger at 100,000 swaps. A standalone sandbox
// over HTTP is seeded with 100,000 swaps (its seed control, 20,000 a call); the production BFF
// backfills them into its ledger (PGlite by default, `-- --postgres` for a Postgres 15 server the
// bench starts); then the dashboard's reads are timed over HTTP: totals for several filters, search,
// and the summary, p50/p95. Also reported: the backfill's time and upstream requests a minute, and
// the upstream calls each dashboard view made (the ledger's own loops aside). Then the CSV export of
// every swap, alone and three at once, with the latency of health checks, quotes, cached status
// reads and swap creations meanwhile (and with no export, to compare).
// Knobs: BENCH_LEDGER_SWAPS (100000), BENCH_LEDGER_RATE_LIMIT (the key's budget a minute for this
// run, 3000; the backfill may use a fifth), BENCH_LEDGER_REPS (40). `-- --readme` writes the table
// into docs/benchmarks.md between <!-- bench-ledger:start --> and <!-- bench-ledger:end -->.
// `-- --exports-only` skips the backfill and the views: the swaps go straight into the ledger and
// only the exports run. Both modes also put 100,000 checkout orders (BENCH_LEDGER_SWAPS) into the
// funnel's tables and time `GET /api/partner/funnel` over them (whole, grouped, a period);
// `-- --funnel-only` does only that.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { openLedgerDb } from "@/lib/ledger/db";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import { seedFunnelOrders, seedSwaps } from "../tests/support/ledger-seed";
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
const funnelOnly = args.includes("--funnel-only");
const exportsOnly = args.includes("--exports-only") || funnelOnly;

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

if (!exportsOnly) log(`seeding ${knobs.BENCH_LEDGER_SWAPS} swaps over 90 days, 20,000 a call`);
const seedTo = Date.now() - 10 * 60_000;
for (let done = 0; !exportsOnly && done < knobs.BENCH_LEDGER_SWAPS;) {
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
// --exports-only: the ledger filled directly, not backfilled from the upstream (minutes at this size).
const seededDir = exportsOnly && !postgres ? mkdtempSync(join(tmpdir(), "swap-bench-ledger-")) : null;
if (exportsOnly) {
  log(`seeding ${knobs.BENCH_LEDGER_SWAPS} swaps straight into the ledger`);
  const ledger = await openLedgerDb(postgres ? { databaseUrl: postgres.url } : { dir: seededDir! });
  await seedSwaps(ledger.db, knobs.BENCH_LEDGER_SWAPS);
  log(`seeding ${knobs.BENCH_LEDGER_SWAPS} checkout orders for the funnel`);
  await seedFunnelOrders(ledger.db, knobs.BENCH_LEDGER_SWAPS);
  await ledger.close();
}
const app = await startBff({
  PARTNER_API_BASE_URL: `${upstream.origin}/v1`,
  PARTNER_API_KEY: KEY,
  APP_SECRET: "bench-ledger-app-secret-0123456789abcdefghij",
  PARTNER_DASHBOARD_PASSWORD: PASSWORD,
  PARTNER_RATE_LIMIT_PER_MINUTE: String(knobs.BENCH_LEDGER_RATE_LIMIT),
  CLIENT_READS_PER_MINUTE: "1000000",
  // The exports' part sends quotes and swaps from one client, as many as the server answers.
  CLIENT_QUOTES_PER_MINUTE: "1000000",
  CLIENT_SWAPS_PER_MINUTE: "1000000",
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  ...(seededDir ? { LEDGER_DIR: seededDir } : {}),
});
// Everything after this point stops the app and the servers on failure too.
const stopAll = async () => {
  await app.stop().catch(() => {});
  await upstream.close().catch(() => {});
  await postgres?.stop().catch(() => {});
  if (seededDir) for (const leftover of [seededDir, `${seededDir}.lock`]) rmSync(leftover, { recursive: true, force: true });
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
  log(`app up (${postgres ? "Postgres 15 server" : "PGlite"})${exportsOnly ? "" : "; waiting for the backfill"}`);

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
  if (exportsOnly) {
    const funnel = await measureFunnel(get);
    return { views: null, funnel, exports: funnelOnly ? null : await measureExports(cookie) };
  }

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
  const viewCount = knobs.BENCH_LEDGER_REPS * 4 + 3;
  const viewCalls = calls.slice(before).filter((c) => !c.requestId.startsWith("ledger-") && !c.requestId.startsWith("sweep-")).length;
  const ledgerCallsDuringViews = calls.slice(before).length - viewCalls;
  const viewsMs = Date.now() - viewsStart;
  log(`views done: ${viewCount} views, ${viewCalls} upstream calls made by them`);
  const axeViolations = args.includes("--screenshots") ? await screenshots(app.origin, cookie) : null;
  const exports = await measureExports(cookie);
  const views = {
    backfillMs,
    backfillCalls,
    perMinute,
    totals,
    search,
    summary,
    detail,
    views: viewCount,
    viewCalls,
    ledgerCallsDuringViews,
    viewsMs,
    totalsFilters,
    axeViolations,
  };
  return { views, funnel: null, exports };
}

/** The funnel over every seeded order: whole, by each grouping, and over the last 30 days; no upstream call. */
async function measureFunnel(get: (path: string) => Promise<{ ms: number; json: Record<string, unknown> }>) {
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const paths = ["", "?groupBy=pair", "?groupBy=locale", "?groupBy=origin", "?groupBy=day", `?createdFrom=${from}&groupBy=day`].map(
    (q) => `/api/partner/funnel${q}`,
  );
  const first = await get(paths[0]!);
  const quoted = (first.json.stages as { quoted: number }).quoted;
  if (quoted !== knobs.BENCH_LEDGER_SWAPS) throw new Error(`the funnel counts ${quoted} orders, not ${knobs.BENCH_LEDGER_SWAPS}`);
  const before = calls.filter((c) => !c.requestId.startsWith("ledger-")).length;
  const samples: number[] = [];
  for (let i = 0; i < knobs.BENCH_LEDGER_REPS; i++) samples.push((await get(paths[i % paths.length]!)).ms);
  const upstreamCalls = calls.filter((c) => !c.requestId.startsWith("ledger-")).length - before;
  const result = { orders: quoted, reads: spread(samples), upstreamCalls };
  log(`funnel over ${quoted} orders: p50 ${round(result.reads.p50)} ms, p95 ${round(result.reads.p95)} ms, ${upstreamCalls} upstream calls`);
  return result;
}

/**
 * The CSV export of every swap while the checkout is in use: the latency of a health check, a
 * quote, a cached status read and a swap creation, each sent again 100 ms after its answer (a
 * creation every 500 ms), first with no export, then during one export, then during three at once
 * (three operator sessions). Also: a second export of a session that has one running.
 */
async function measureExports(cookie: string) {
  const json = { "content-type": "application/json" };
  const quoteBody = JSON.stringify({ from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } });
  /** One call: how long it took, and whether it was answered 2xx (a failure counts, it is not thrown). */
  const send = async (path: string, init: RequestInit = {}) => {
    const t = performance.now();
    const res = await fetch(`${app.origin}${path}`, init).catch(() => null);
    const body = (await res?.text().catch(() => "")) ?? "";
    return {
      ms: performance.now() - t,
      ok: !!res?.ok,
      failure: res?.ok ? null : `${init.method ?? "GET"} ${path}: ${res?.status ?? "no answer"} ${body.slice(0, 200)}`,
      body,
    };
  };
  const quote = () => send("/api/v1/quote", { method: "POST", headers: json, body: quoteBody });
  const createSwap = async () => {
    const quoted = await quote();
    if (!quoted.ok) return quoted;
    return send("/api/v1/swap", {
      method: "POST",
      headers: { ...json, "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify({ quoteId: (JSON.parse(quoted.body) as { id: string }).id, destination: { address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" } }),
    });
  };
  const created = await createSwap();
  if (!created.ok) throw new Error(created.failure!);
  const made = JSON.parse(created.body) as { swap: { id: string }; accessToken: string };
  const statusPath = `/api/v1/swap/${made.swap.id}`;

  /** Latencies of the checkout's calls until `done` resolves, and how many failed. */
  async function checkout(done: Promise<unknown>) {
    let over = false;
    void done.finally(() => (over = true));
    const loop = async (pauseMs: number, call: () => Promise<{ ms: number; failure: string | null }>) => {
      const samples: number[] = [];
      let failed = 0;
      while (!over) {
        const { ms, failure } = await call();
        samples.push(ms);
        if (failure) {
          failed++;
          log(`export: failed ${failure}`);
        }
        await new Promise((r) => setTimeout(r, pauseMs));
      }
      return { ...spread(samples), failed };
    };
    const [health, quotes, statusReads, swaps] = await Promise.all([
      loop(100, () => send("/api/health")),
      loop(100, quote),
      loop(100, () => send(statusPath, { headers: { "x-swap-token": made.accessToken } })),
      loop(500, createSwap),
    ]);
    await done;
    return { health, quotes, statusReads, swaps };
  }
  const exportAll = async (session: string) => {
    const t = performance.now();
    const res = await fetch(`${app.origin}/api/partner/swaps.csv`, { headers: { cookie: session } });
    if (!res.ok) throw new Error(`swaps.csv: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const text = await res.text();
    return { ms: performance.now() - t, rows: text.split("\r\n").length - 2, bytes: Buffer.byteLength(text) };
  };

  log("export: the checkout with no export (10 s)");
  const idle = await checkout(new Promise((r) => setTimeout(r, 10_000)));
  log("export: one export of every swap");
  const one = exportAll(cookie);
  const checkoutDuringOne = checkout(one);
  // A second export of the same session meanwhile.
  await new Promise((r) => setTimeout(r, 500));
  const second = await fetch(`${app.origin}/api/partner/swaps.csv`, { headers: { cookie } });
  await second.body?.cancel();
  const secondExport = { status: second.status, retryAfter: second.headers.get("retry-after") };
  const during = await checkoutDuringOne;
  const single = await one;
  log(`export: ${single.rows} rows in ${(single.ms / 1000).toFixed(1)} s; three exports at once`);
  const sessions = [cookie];
  for (let i = 0; i < 2; i++) {
    const login = await fetch(`${app.origin}/api/partner/session`, { method: "POST", headers: json, body: JSON.stringify({ password: PASSWORD }) });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    sessions.push(login.headers.get("set-cookie")!.split(";")[0]!);
  }
  const three = Promise.all(sessions.map(exportAll));
  const duringThree = await checkout(three);
  const parallel = await three;
  log(`export: three in ${(Math.max(...parallel.map((p) => p.ms)) / 1000).toFixed(1)} s`);
  return { idle, single, during, secondExport, parallel, duringThree };
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
  .join(
    "",
  )}npm run bench:ledger${usePostgres || exportsOnly ? ` -- ${[usePostgres ? "--postgres" : "", funnelOnly ? "--funnel-only" : exportsOnly ? "--exports-only" : ""].filter(Boolean).join(" ")}` : ""}`;
const ms = (s: Spread) => `${round(s.p50)} ms | ${round(s.p95)} ms`;
const specMinutes = Math.ceil(knobs.BENCH_LEDGER_SWAPS / 100) / (120 * 0.2);
const views = result.views;
const { exports, funnel } = result;
const markdown = [
  `Ledger at ${knobs.BENCH_LEDGER_SWAPS.toLocaleString("en")} swaps (\`${command}\`, ${usePostgres ? "Postgres 15 server" : "PGlite"}, ${machine}, ${new Date().toISOString().slice(0, 10)}):`,
  "",
  ...(views
    ? [
        "| measure | result |",
        "|---|---|",
        `| backfill of ${knobs.BENCH_LEDGER_SWAPS.toLocaleString("en")} swaps | ${(views.backfillMs / 1000).toFixed(1)} s, ${views.backfillCalls} upstream list calls, ${views.perMinute.toFixed(0)} a minute (key budget ${knobs.BENCH_LEDGER_RATE_LIMIT}/min for this run; the ledger's fifth is ${knobs.BENCH_LEDGER_RATE_LIMIT / 5}) |`,
        `| the same at the spec's 120/min | ${Math.ceil(knobs.BENCH_LEDGER_SWAPS / 100)} pages at 24 a minute: about ${Math.round(specMinutes)} min |`,
        "",
        "| dashboard read over HTTP (n = " + knobs.BENCH_LEDGER_REPS + " each) | p50 | p95 |",
        "|---|---|---|",
        `| totals + first page, ${views.totalsFilters.length} filters (all, by status, by range) | ${ms(views.totals)} |`,
        `| search \`q\` (id, externalId, customerId, deposit / payout address) | ${ms(views.search)} |`,
        `| summary with daily chart data (all, 30 days, 7 days completed) | ${ms(views.summary)} |`,
        `| one swap with history | ${ms(views.detail)} |`,
        "",
      ]
    : []),
  ...(funnel
    ? [
        `The funnel (\`GET /api/partner/funnel\`) over ${funnel.orders.toLocaleString("en")} checkout orders, whole, by pair, locale, origin and day, and the last 30 days by day (n = ${knobs.BENCH_LEDGER_REPS}): p50 ${round(funnel.reads.p50)} ms, p95 ${round(funnel.reads.p95)} ms; upstream calls: ${funnel.upstreamCalls}.`,
        "",
      ]
    : []),
  ...(exports ? exportLines(exports) : []),
  ...(views
    ? [
        "",
        ...(views.axeViolations === null
          ? []
          : [
              `Screenshots of the dashboard and a swap's detail at 390 and 1280 px, light and dark, with these swaps behind it: docs/screenshots/partner/ (axe violations: ${views.axeViolations}).`,
              "",
            ]),
        `Upstream calls made by the ${views.views} dashboard views: ${views.viewCalls} (${(views.viewCalls / views.views).toFixed(2)} per view). The ledger's own loops (sweep, reconciliation) made ${views.ledgerCallsDuringViews} meanwhile, over ${(views.viewsMs / 1000).toFixed(0)} s.`,
      ]
    : []),
].join("\n");

function exportLines(exports: NonNullable<typeof result.exports>): string[] {
  return [
    `CSV export of every swap (${exports.single.rows.toLocaleString("en")} rows, ${(exports.single.bytes / 1e6).toFixed(1)} MB): ${(exports.single.ms / 1000).toFixed(1)} s alone, ${(Math.max(...exports.parallel.map((p) => p.ms)) / 1000).toFixed(1)} s for three at once (three sessions); a second export of a session with one running: ${exports.secondExport.status}${exports.secondExport.retryAfter ? ` (Retry-After ${exports.secondExport.retryAfter})` : ""}. The checkout meanwhile, each call sent again 100 ms after its answer (a creation every 500 ms; its quote counts as a quote), p95 / max:`,
    "",
    "| while | health | quote | cached status read | swap creation |",
    "|---|---|---|---|---|",
    ...(
      [
        ["no export", exports.idle],
        ["one export", exports.during],
        ["three exports", exports.duringThree],
      ] as const
    ).map(
      ([label, c]) =>
        `| ${label} | ${[c.health, c.quotes, c.statusReads, c.swaps].map((x) => `${round(x.p95, 0)} / ${round(x.max, 0)} ms (n ${x.n}${x.failed ? `, ${x.failed} failed` : ""})`).join(" | ")} |`,
    ),
  ];
}
console.log(`\n${markdown}\n`);
const resultsDir = join(repoRoot, "bench", "results");
await mkdir(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replaceAll(":", "-");
await writeFile(join(resultsDir, `ledger-${stamp}.json`), JSON.stringify({ knobs, postgres: usePostgres, ...result }, null, 2));
if (writeReadme && !exportsOnly) {
  await writeBenchmarksSection(repoRoot, usePostgres ? "bench-ledger-postgres" : "bench-ledger", markdown);
}
process.exit(0);
