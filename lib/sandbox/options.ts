// The sandbox's knobs (DESIGN.md "The sandbox's own interface"), parsed from SANDBOX_* variables.
import { z } from "zod";

/** `latency=MS,error_rate=P,unavailable_rate=P,malformed_rate=P`, any subset, any order. */
const faultPart = /^(latency|error_rate|unavailable_rate|malformed_rate)\s*=\s*(\d+(?:\.\d+)?)$/;
const faultKeys = {
  latency: "latencyMs",
  error_rate: "errorRate",
  unavailable_rate: "unavailableRate",
  malformed_rate: "malformedRate",
} as const;

export const faultsSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const faults = { latencyMs: 0, errorRate: 0, unavailableRate: 0, malformedRate: 0 };
    if (text === "" || text === "none") return faults;
    const seen = new Set<string>();
    for (const part of text.split(",").map((p) => p.trim())) {
      const match = faultPart.exec(part);
      const name = match?.[1] as keyof typeof faultKeys | undefined;
      const value = Number(match?.[2]);
      const ok =
        name && !seen.has(name) && (name === "latency" ? Number.isInteger(value) && value <= 120_000 : value <= 1);
      if (!ok) {
        ctx.addIssue({
          code: "custom",
          message: `SANDBOX_FAULTS: cannot read "${part}" (expected e.g. latency=200,error_rate=0.1)`,
        });
        return z.NEVER;
      }
      seen.add(name);
      faults[faultKeys[name]] = value;
    }
    return faults;
  });

const seconds = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(10 * 365 * 86_400)
    .default(fallback);

export const sandboxEnvSchema = z
  .object({
    SANDBOX_API_KEY: z.string().min(1).default("lsk_test_sandbox"),
    SANDBOX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    SANDBOX_QUOTE_TTL_SECONDS: seconds(180),
    SANDBOX_DEPOSIT_WINDOW_SECONDS: seconds(14_400),
    SANDBOX_SYNC_SECONDS: seconds(60),
    SANDBOX_STEP_SECONDS: seconds(5),
    SANDBOX_TIME_SCALE: z.coerce.number().positive().max(10_000).default(1),
    SANDBOX_SLOW_MS: z.coerce.number().int().min(0).max(120_000).default(15_000),
    /** The most swaps the sandbox holds: seeding past it is refused, so no caller fills the memory. */
    SANDBOX_MAX_SWAPS: z.coerce.number().int().min(1).max(200_000).default(200_000),
    SANDBOX_FAULTS: faultsSchema.default({ latencyMs: 0, errorRate: 0, unavailableRate: 0, malformedRate: 0 }),
  })
  .transform((env) => ({
    apiKey: env.SANDBOX_API_KEY,
    rateLimitPerMinute: env.SANDBOX_RATE_LIMIT_PER_MINUTE,
    quoteTtlSeconds: env.SANDBOX_QUOTE_TTL_SECONDS,
    depositWindowSeconds: env.SANDBOX_DEPOSIT_WINDOW_SECONDS,
    syncSeconds: env.SANDBOX_SYNC_SECONDS,
    stepSeconds: env.SANDBOX_STEP_SECONDS,
    timeScale: env.SANDBOX_TIME_SCALE,
    slowMs: env.SANDBOX_SLOW_MS,
    faults: env.SANDBOX_FAULTS,
    maxSwaps: env.SANDBOX_MAX_SWAPS,
  }));
export type SandboxOptions = z.output<typeof sandboxEnvSchema>;

/** A key the sandbox always answers with 403 `inactive_partner`. */
export const inactiveSandboxKey = "lsk_test_inactive";

export const defaultSandboxOptions = (): SandboxOptions => sandboxEnvSchema.parse({});
