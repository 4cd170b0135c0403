// One polling scenario: N simulated browsers, each polling its own swap every 30 s (sandbox time),
// with shoppers quoting and creating swaps and users depositing into some of the tracked swaps.
// Two phases, one after the other, each in front of its own fresh standalone sandbox: the BFF
// (production build, `npm start`), then the naive pass-through, with the same browsers (same
// seed, start times, addresses) and the same rates of quotes, creations and deposits. One after
// the other so that neither takes CPU from the other on a small machine. Each sandbox's meter
// counts what its contender cost the key.
import type { BenchOptions } from "./options";
import { runPhase } from "./phase";
import type { Spread } from "./stats";
import type { UpstreamSummary } from "./upstream";

export type Contender = "bff" | "naive";

export type ContenderResult = {
  contender: Contender;
  minutes: number;
  warmupMinutes: number;
  browsers: number;
  upstream: UpstreamSummary;
  /** Polls answered within the measured window (after the warm-up). */
  polls: number;
  answered: number;
  /** Polls the contender answered 429 (BFF: no snapshot yet and no budget; naive: the upstream's 429). */
  refusedPolls: number;
  failedPolls: number;
  /** Non-200, non-429 answers by status (0: no answer: connection error or a 40 s timeout). */
  failedCodes: Record<string, number>;
  /** Polls sent again at once after a connection error (a browser retries an idempotent GET). */
  retriedPolls: number;
  /** Browsers that polled but had still not been shown any status when the phase ended. */
  neverShown: number;
  /** Sandbox seconds between the poll's answer and the upstream state behind the status the browser shows. */
  age: Spread;
  /**
   * The ages are only as true as `x-status-as-of`: each answer's status checked against the
   * status the swap had at that instant (the bench made its deposit and knows its steps; a second
   * of slack for the bench's own bookkeeping). `older`: answers showing an earlier status than the
   * swap had by then, i.e. claiming to be fresher than they are.
   */
  asOfChecked: { answers: number; older: number };
  /** Polls in the window at which the browser had no status at all yet (their age counts from its first poll, a lower bound). */
  pollsWithoutStatus: number;
  latencyMs: Spread;
  /** `why`: the refused quotes' answers, e.g. `429 budget quote`, `504`. */
  quotes: { tried: number; refused: number; why: Record<string, number> };
  creations: { tried: number; refused: number; why: Record<string, number> };
  deposits: number;
  /** Sandbox seconds from a status change (deposit detected, processing, completed) to the browser showing it. */
  changeSeen: Spread;
  /** The same, for changes made within the phase's first 3 minutes (after a cold start: the recovery). */
  changeSeenEarly: Spread;
  /** Of those changes, the first (waiting_deposit → deposit_detected: what a person who has just sent waits for) and the later steps apart. */
  depositSeen: Spread;
  stepSeen: Spread;
  changesUnseen: number;
  /** Seconds the BFF's first sweep took before the browsers started (null: naive, or a cold start). */
  warmSeconds: number | null;
  /** The bench process's own event-loop delay: high values would mean the client, not the server, was slow. */
  eventLoopDelayMs: { p99: number; max: number };
  loadAverage: { start: number; end: number };
  /** Set when the app ended before the phase did: its figures are then not valid. */
  appEndedEarly: string | null;
  /** `syncPhase`: when the BFF learned or lost the phase of the list's syncs (lib/bff/status/list-sync.ts). */
  bffLog?: { upstream429Warnings: number; sweepsStoppedEarly: number; syncPhase: string[]; tail: string };
};

export type ScenarioResult = { n: number; timeScale: number; results: ContenderResult[] };

export async function runScenario(n: number, o: BenchOptions, log: (line: string) => void): Promise<ScenarioResult> {
  const results: ContenderResult[] = [];
  for (const contender of ["bff", "naive"] as const) results.push(await runPhase(n, contender, o, log));
  return { n, timeScale: o.BENCH_TIME_SCALE, results };
}
