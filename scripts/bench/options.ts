// The benchmark's knobs, from BENCH_* variables (all optional), and its fixed facts.
import { z } from "zod";

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const num = (fallback: number, min: number, max: number) => z.coerce.number().min(min).max(max).default(fallback);

const schema = z.object({
  /** Simulated browsers per scenario, one own swap each. */
  BENCH_N: z
    .string()
    .default("60,600,6000")
    .transform((s) => s.split(",").map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().min(1).max(20_000)).min(1)),
  /** Length of the BFF's phase of each scenario, sandbox minutes. */
  BENCH_MINUTES: num(3.5, 0.5, 60),
  /** The first part of a phase that age and request-rate figures leave out (browsers start, caches fill). */
  BENCH_WARMUP_MINUTES: num(1.5, 0, 30),
  /** The naive pass-through's phase: shorter, it has no cache to settle (and a shorter run only flatters it). */
  BENCH_NAIVE_MINUTES: num(1.5, 0.5, 60),
  BENCH_NAIVE_WARMUP_MINUTES: num(0.5, 0, 30),
  /**
   * Sandbox time per real time. 1 by default: the BFF's freshness constants (lib/bff/status/)
   * are real-time, so a faster sandbox would test a different regime (see the report's notes).
   */
  BENCH_TIME_SCALE: num(1, 1, 100),
  BENCH_POLL_SECONDS: num(30, 1, 600),
  /** Quotes and swap creations per sandbox minute, each from its own shopper; creations are quotes followed by POST /swap. */
  BENCH_QUOTES_PER_MINUTE: num(10, 0, 600),
  BENCH_SWAPS_PER_MINUTE: num(2, 0, 600),
  /** Deposits per sandbox minute into tracked swaps, so statuses move (waiting → detected → processing → completed). */
  BENCH_DEPOSITS_PER_MINUTE: num(4, 0, 600),
  /** Sandbox seconds per status step after a deposit (SANDBOX_STEP_SECONDS). */
  BENCH_STEP_SECONDS: num(60, 1, 3600),
  /** The upstream's per-key limit, per sandbox minute. */
  BENCH_RATE_LIMIT: int(120, 1, 100_000),
  /** Throughput part: seconds per route in all, split into interleaved rounds, and connections. */
  BENCH_AC_SECONDS: int(10, 1, 300),
  BENCH_AC_ROUNDS: int(5, 1, 50),
  BENCH_AC_CONNECTIONS: int(20, 1, 1000),
  BENCH_SEED: int(20261122, 0, 2 ** 31),
  /**
   * 1: the overhead part's "on" app runs with observability off too (an A/A control): how far apart
   * two identical apps measure, the method's own noise.
   */
  BENCH_OVERHEAD_CONTROL: z.enum(["0", "1"]).default("0"),
  /**
   * 0 (default): before the browsers start, the BFF's first status sweep has read every seeded swap,
   * as it would hold a snapshot of every swap it created. 1: the browsers meet a BFF that knows none
   * of them (a restart on the memory store, swaps made elsewhere).
   */
  BENCH_COLD_START: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
});

export type BenchOptions = z.output<typeof schema> & {
  readme: boolean;
  polling: boolean;
  throughput: boolean;
  overhead: boolean;
};

export function benchOptions(env: NodeJS.ProcessEnv, argv: string[]): BenchOptions {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    console.error("bench: invalid options\n" + z.prettifyError(parsed.error));
    process.exit(2);
  }
  const o = parsed.data;
  if (o.BENCH_WARMUP_MINUTES >= o.BENCH_MINUTES || o.BENCH_NAIVE_WARMUP_MINUTES >= o.BENCH_NAIVE_MINUTES) {
    console.error("bench: a warm-up must be shorter than its phase (BENCH_WARMUP_MINUTES, BENCH_NAIVE_WARMUP_MINUTES)");
    process.exit(2);
  }
  const only = ["--only-polling", "--only-throughput", "--only-overhead"].find((flag) => argv.includes(flag));
  return {
    ...o,
    readme: argv.includes("--readme"),
    polling: !only || only === "--only-polling",
    throughput: !only || only === "--only-throughput",
    overhead: !only || only === "--only-overhead",
  };
}

/** Fixed for every run, so answers are reproducible: the BFF's secret and the sandbox's key. */
export const APP_SECRET = "bench-secret-0123456789abcdefghijklmnopqrstuv";
export const API_KEY = "lsk_test_sandbox";
/** A USDT (TRON) payout address: a wallet's, not USDT's own contract, which the BFF refuses as a payout. */
export const DESTINATION = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
export const QUOTE_BODY = {
  from: { network: "bitcoin", token: "BTC", amount: "0.01" },
  to: { network: "tron", token: "USDT" },
};

/** A small deterministic PRNG (mulberry32), so schedules repeat run to run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
