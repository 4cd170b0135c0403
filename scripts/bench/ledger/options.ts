// bench:ledger's knobs (BENCH_LEDGER_* variables) and flags (`-- --postgres`, `--readme`,
// `--exports-only`, `--funnel-only`, `--screenshots`), the sandbox key and dashboard password it
// runs with, and its log line (seconds since the start).
import { z } from "zod";

export const knobs = z
  .object({
    BENCH_LEDGER_SWAPS: z.coerce.number().int().min(100).max(200_000).default(100_000),
    BENCH_LEDGER_RATE_LIMIT: z.coerce.number().int().min(10).max(100_000).default(3000),
    BENCH_LEDGER_REPS: z.coerce.number().int().min(5).max(1000).default(40),
  })
  .parse(process.env);
const args = process.argv.slice(2);
export const usePostgres = args.includes("--postgres");
export const writeReadme = args.includes("--readme");
export const funnelOnly = args.includes("--funnel-only");
export const exportsOnly = args.includes("--exports-only") || funnelOnly;
export const takeScreenshots = args.includes("--screenshots");

export const KEY = "lsk_test_sandbox";
export const PASSWORD = "bench-ledger-password";
const started = Date.now();
export const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** An upstream call the sandbox saw: when, what, and the x-request-id of whoever made it. */
export type UpstreamCall = { at: number; path: string; requestId: string };
