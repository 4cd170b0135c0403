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
// The parts live in scripts/bench/ledger/: options.ts, views.ts, exports.ts, screenshots.ts and report.ts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openLedgerDb } from "@/lib/ledger/db";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import { seedFunnelOrders, seedSwaps } from "../tests/support/ledger-seed";
import { startPostgres, type RunningPostgres } from "../tests/support/postgres";
import { repoRoot } from "../tests/support/servers";
import { startBff } from "./bench/app";
import { measureExports } from "./bench/ledger/exports";
import {
  exportsOnly,
  funnelOnly,
  KEY,
  knobs,
  log,
  PASSWORD,
  takeScreenshots,
  usePostgres,
  writeReadme,
  type UpstreamCall,
} from "./bench/ledger/options";
import { ledgerMarkdown, type LedgerResult } from "./bench/ledger/report";
import { screenshots } from "./bench/ledger/screenshots";
import { measureFunnel, measureViews } from "./bench/ledger/views";
import { writeBenchmarksSection } from "./bench/readme";

if (!existsSync(join(repoRoot, ".next", "BUILD_ID"))) {
  console.error("bench:ledger: no production build. Run `npm run build` first.");
  process.exit(1);
}

// The upstream: the sandbox over HTTP, counting list calls and who made them.
const sandbox = createSandbox(
  sandboxEnvSchema.parse({ SANDBOX_RATE_LIMIT_PER_MINUTE: String(knobs.BENCH_LEDGER_RATE_LIMIT) }),
);
const calls: UpstreamCall[] = [];
const upstream = await serveHandler(async (req) => {
  const url = new URL(req.url);
  if (url.pathname.startsWith("/v1/"))
    calls.push({ at: Date.now(), path: url.pathname + url.search, requestId: req.headers.get("x-request-id") ?? "" });
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
  if (seededDir)
    for (const leftover of [seededDir, `${seededDir}.lock`]) rmSync(leftover, { recursive: true, force: true });
};
let result: LedgerResult;
try {
  result = await measure();
} catch (error) {
  console.error(app.logs().slice(-3000));
  await stopAll();
  throw error;
}
await stopAll();

async function measure(): Promise<LedgerResult> {
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
      if (app.exited())
        throw new Error(`the app ended (${app.exited()}):\n${app.logs().slice(-3000)}`, { cause: error });
      return fetch(`${app.origin}${path}`, { headers: { cookie } });
    });
    const body = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    return {
      ms,
      json: JSON.parse(body) as Record<string, unknown> & { total: number; swaps: Array<Record<string, unknown>> },
    };
  };
  if (exportsOnly) {
    const funnel = await measureFunnel(get, calls);
    return { views: null, funnel, exports: funnelOnly ? null : await measureExports(app, cookie) };
  }

  const views = await measureViews(app, get, calls, backfillStarted);
  const axeViolations = takeScreenshots ? await screenshots(app.origin, cookie) : null;
  const exports = await measureExports(app, cookie);
  return { views: { ...views, axeViolations }, funnel: null, exports };
}

const markdown = ledgerMarkdown(result);
console.log(`\n${markdown}\n`);
const resultsDir = join(repoRoot, "bench", "results");
await mkdir(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replaceAll(":", "-");
await writeFile(
  join(resultsDir, `ledger-${stamp}.json`),
  JSON.stringify({ knobs, postgres: usePostgres, ...result }, null, 2),
);
if (writeReadme && !exportsOnly) {
  await writeBenchmarksSection(repoRoot, usePostgres ? "bench-ledger-postgres" : "bench-ledger", markdown);
}
process.exit(0);
