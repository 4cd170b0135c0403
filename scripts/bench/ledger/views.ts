// bench:ledger's dashboard reads: the wait for the backfill (its time and upstream calls a minute),
// then totals, search, summary and one swap timed over HTTP (p50/p95) with the upstream calls they
// made; and the funnel over every seeded checkout order.
import type { BenchApp } from "../app";
import { round, spread, type Spread } from "../stats";
import { knobs, log, type UpstreamCall } from "./options";

/** A dashboard read with the operator's session: how long it took, and its JSON. */
type DashboardGet = (
  path: string,
) => Promise<{ ms: number; json: Record<string, unknown> & { total: number; swaps: Array<Record<string, unknown>> } }>;

/** The backfill of every seeded swap (it started at `backfillStarted`), then the dashboard's views. */
export async function measureViews(app: BenchApp, get: DashboardGet, calls: UpstreamCall[], backfillStarted: number) {
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
  log(
    `backfilled ${knobs.BENCH_LEDGER_SWAPS} in ${(backfillMs / 1000).toFixed(1)} s, ${backfillCalls} upstream calls (${perMinute.toFixed(0)} a minute)`,
  );

  // A sample of real rows to search for.
  const sample = (await get(`/api/partner/swaps?limit=100&offset=${Math.floor(knobs.BENCH_LEDGER_SWAPS * 0.4)}`)).json
    .swaps as Array<{
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
  const summaries = [
    "",
    `?createdFrom=${iso(Date.now() - 30 * day)}`,
    `?createdFrom=${iso(Date.now() - 7 * day)}&status=completed`,
  ];

  const before = calls.length;
  const viewsStart = Date.now();
  async function time(paths: string[]): Promise<Spread> {
    const samples: number[] = [];
    for (let i = 0; i < knobs.BENCH_LEDGER_REPS; i++) samples.push((await get(paths[i % paths.length]!)).ms);
    return spread(samples);
  }
  for (const path of ["/api/partner/swaps", "/api/partner/summary", `/api/partner/swaps?q=${sample[0]!.id}`])
    await get(path); // warm
  const totals = await time(totalsFilters.map((f) => `/api/partner/swaps${f}`));
  const search = await time(searches.map((q) => `/api/partner/swaps?q=${encodeURIComponent(q)}`));
  const summary = await time(summaries.map((f) => `/api/partner/summary${f}`));
  const detail = await time(sample.map((s) => `/api/partner/swaps/${s.id}`));
  const viewCount = knobs.BENCH_LEDGER_REPS * 4 + 3;
  const viewCalls = calls
    .slice(before)
    .filter((c) => !c.requestId.startsWith("ledger-") && !c.requestId.startsWith("sweep-")).length;
  const ledgerCallsDuringViews = calls.slice(before).length - viewCalls;
  const viewsMs = Date.now() - viewsStart;
  log(`views done: ${viewCount} views, ${viewCalls} upstream calls made by them`);
  return {
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
  };
}

/** The funnel over every seeded order: whole, by each grouping, and over the last 30 days; no upstream call. */
export async function measureFunnel(
  get: (path: string) => Promise<{ ms: number; json: Record<string, unknown> }>,
  calls: UpstreamCall[],
) {
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const paths = [
    "",
    "?groupBy=pair",
    "?groupBy=locale",
    "?groupBy=origin",
    "?groupBy=day",
    `?createdFrom=${from}&groupBy=day`,
  ].map((q) => `/api/partner/funnel${q}`);
  const first = await get(paths[0]!);
  const quoted = (first.json.stages as { quoted: number }).quoted;
  if (quoted !== knobs.BENCH_LEDGER_SWAPS)
    throw new Error(`the funnel counts ${quoted} orders, not ${knobs.BENCH_LEDGER_SWAPS}`);
  const before = calls.filter((c) => !c.requestId.startsWith("ledger-")).length;
  const samples: number[] = [];
  for (let i = 0; i < knobs.BENCH_LEDGER_REPS; i++) samples.push((await get(paths[i % paths.length]!)).ms);
  const upstreamCalls = calls.filter((c) => !c.requestId.startsWith("ledger-")).length - before;
  const result = { orders: quoted, reads: spread(samples), upstreamCalls };
  log(
    `funnel over ${quoted} orders: p50 ${round(result.reads.p50)} ms, p95 ${round(result.reads.p95)} ms, ${upstreamCalls} upstream calls`,
  );
  return result;
}
