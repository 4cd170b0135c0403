// The benchmark's tables (markdown) and its verdict against the targets.
import type { BenchOptions } from "./options";
import type { ScenarioResult } from "./polling";
import { round } from "./stats";
import type { ThroughputResult } from "./throughput";

const s = (seconds: number) => (Number.isFinite(seconds) ? `${Math.round(seconds)} s` : "–");
const pct = (part: number, whole: number) => (whole ? `${round((100 * part) / whole, 1)} %` : "–");

export function pollingTable(scenarios: ScenarioResult[], o: BenchOptions): string {
  const scaled = o.BENCH_TIME_SCALE !== 1;
  const rows = [
    `| swaps polled (N) | contender | minutes run (measured) | upstream req/min (peak in any 60 s) | upstream 429s | status age at the browser p50 / p95 / max${scaled ? " (sandbox s; real = ÷" + o.BENCH_TIME_SCALE + ")" : ""} | polls answered with a status | browsers never shown a status | swap creations refused | quotes refused | status change shown after p50 / p95 (never shown) | of which the deposit seen / the later steps, p95 |`,
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const sc of scenarios) {
    for (const r of sc.results) {
      const name =
        (r.contender === "bff" ? "this BFF" : "naive pass-through") +
        (r.appEndedEarly ? ` ⚠ INVALID: the app ended mid-run (${r.appEndedEarly})` : "");
      const reasons = (counts: Record<string, number>) =>
        Object.entries(counts)
          .map(([k, v]) => `${v}× ${k}`)
          .join(", ");
      const why = reasons(r.creations.why);
      const quotesWhy = reasons(r.quotes.why);
      rows.push(
        `| ${sc.n.toLocaleString("en-US")} | ${name} | ${r.minutes} (${r.minutes - r.warmupMinutes}) | ${Math.round(r.upstream.perMinute).toLocaleString("en-US")} (${r.upstream.peakPerMinute.toLocaleString("en-US")}) | ${r.upstream.rateLimited.toLocaleString("en-US")} | ${s(r.age.p50)} / ${s(r.age.p95)} / ${s(r.age.max)} | ${pct(r.answered, r.polls)} of ${r.polls.toLocaleString("en-US")} | ${r.neverShown.toLocaleString("en-US")} of ${r.browsers.toLocaleString("en-US")} | ${r.creations.refused} of ${r.creations.tried}${why ? ` (${why})` : ""} | ${r.quotes.refused} of ${r.quotes.tried}${quotesWhy ? ` (${quotesWhy})` : ""} | ${s(r.changeSeen.p50)} / ${s(r.changeSeen.p95)} (${r.changesUnseen}) | ${s(r.depositSeen.p95)} over ${r.depositSeen.n} / ${s(r.stepSeen.p95)} over ${r.stepSeen.n} |`,
      );
    }
  }
  return rows.join("\n");
}

export function throughputTable(t: ThroughputResult): string {
  const rows = [
    "| route (GET) | req/s | latency p50 | latency p99 | of the floor (rounds: min–max) | non-2xx |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const r of t.routes) {
    rows.push(
      `| ${r.route}: \`${r.path}\` | ${Math.round(r.requestsPerSecond).toLocaleString("en-US")} | ${r.latencyMs.p50} ms | ${r.latencyMs.p99} ms | ${Math.round(r.ofFloor * 100)} % (${Math.round(r.ofFloorRange[0] * 100)}–${Math.round(r.ofFloorRange[1] * 100)} %) | ${r.non2xx + r.errors} |`,
    );
  }
  return rows.join("\n");
}

export type Verdict = { target: string; met: boolean; measured: string };

/** The targets for status age (p95, seconds) by the number of watched swaps. */
const agePerN: Record<number, number> = { 60: 35, 600: 60, 6000: 110 };

export function verdicts(scenarios: ScenarioResult[], throughput: ThroughputResult | null, o: BenchOptions): Verdict[] {
  const out: Verdict[] = [];
  if (scenarios.some((sc) => sc.results.some((r) => r.appEndedEarly)))
    out.push({ target: "every scenario ran to its end", met: false, measured: "the app ended mid-run" });
  for (const sc of scenarios) {
    const bff = sc.results.find((r) => r.contender === "bff");
    if (!bff) continue;
    const n = sc.n.toLocaleString("en-US");
    if (o.BENCH_COLD_START) {
      out.push({
        target: `cold start at N = ${n}: changes made within 3 minutes of the restart shown with p95 ≤ 120 s`,
        met: bff.changeSeenEarly.p95 <= 120,
        measured: `p50 ${s(bff.changeSeenEarly.p50)}, p95 ${s(bff.changeSeenEarly.p95)} over ${bff.changeSeenEarly.n} changes`,
      });
      out.push({
        target: `cold start at N = ${n}: ≥ 90 % of polls answered with a status over the first ${bff.minutes} minutes`,
        met: bff.answered >= 0.9 * bff.polls,
        measured: `${pct(bff.answered, bff.polls)} of ${bff.polls.toLocaleString("en-US")}`,
      });
    } else if (agePerN[sc.n] !== undefined) {
      out.push({
        target: `p95 status age ≤ ${agePerN[sc.n]} s at N = ${n}`,
        met: bff.age.p95 <= agePerN[sc.n]!,
        measured: `p95 ${s(bff.age.p95)}`,
      });
    }
    out.push({
      target: `N = ${n}: every x-status-as-of true (no answer shows a status older than the swap had at that instant)`,
      met: bff.asOfChecked.older === 0,
      measured: `${bff.asOfChecked.older} of ${bff.asOfChecked.answers.toLocaleString("en-US")} answers about paid swaps`,
    });
    out.push({
      target: `N = ${n}: peak within the key's budget (${o.BENCH_RATE_LIMIT}/min), zero upstream 429s, no swap creation refused`,
      met:
        bff.upstream.peakPerMinute <= o.BENCH_RATE_LIMIT &&
        bff.upstream.rateLimited === 0 &&
        bff.creations.refused === 0,
      measured: `peak ${bff.upstream.peakPerMinute} in 60 s, ${bff.upstream.rateLimited} × 429, ${bff.creations.refused} of ${bff.creations.tried} creations refused`,
    });
  }
  if (throughput) {
    for (const r of throughput.routes.slice(1)) {
      out.push({
        target: `${r.route} within 20 % of the floor`,
        met: r.ofFloor >= 0.8,
        measured: `${Math.round(r.ofFloor * 100)} % of the floor's req/s`,
      });
    }
  }
  return out;
}

export const verdictList = (v: Verdict[]) =>
  v.map((x) => `- ${x.met ? "✅" : "❌"} ${x.target}: ${x.measured}`).join("\n");
