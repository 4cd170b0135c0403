// bench:ledger's report: the Markdown table of the backfill, the views, the funnel and the exports,
// with the command that reproduces it and the machine it ran on.
import { machineLine } from "../readme";
import { round, type Spread } from "../stats";
import type { measureExports } from "./exports";
import { exportsOnly, funnelOnly, knobs, usePostgres } from "./options";
import type { measureFunnel, measureViews } from "./views";

/** What a run measured: the views (with the screenshots' axe count) or the funnel, and the exports. */
export type LedgerResult = {
  views: (Awaited<ReturnType<typeof measureViews>> & { axeViolations: number | null }) | null;
  funnel: Awaited<ReturnType<typeof measureFunnel>> | null;
  exports: Awaited<ReturnType<typeof measureExports>> | null;
};

export function ledgerMarkdown(result: LedgerResult): string {
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
  return [
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
}

function exportLines(exports: NonNullable<LedgerResult["exports"]>): string[] {
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
