// The sandbox's knobs (DESIGN.md "The sandbox's own interface"), parsed from SANDBOX_* variables.
import { z } from "zod";

const rate = z.coerce.number().min(0).max(1);

/** `latency=MS,error_rate=P,unavailable_rate=P,malformed_rate=P`, any subset, any order. */
export const faultsSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const faults = { latencyMs: 0, errorRate: 0, unavailableRate: 0, malformedRate: 0 };
    if (text === "" || text === "none") return faults;
    for (const part of text.split(",")) {
      const [name, value = ""] = part.split("=").map((s) => s.trim());
      const key = ({ latency: "latencyMs", error_rate: "errorRate", unavailable_rate: "unavailableRate", malformed_rate: "malformedRate" } as const)[
        name as "latency"
      ];
      const parsed = key === "latencyMs" ? z.coerce.number().int().min(0).max(120_000).safeParse(value) : rate.safeParse(value);
      if (!key || value === "" || !parsed.success) {
        ctx.addIssue({ code: "custom", message: `SANDBOX_FAULTS: cannot read "${part}"` });
        return z.NEVER;
      }
      faults[key] = parsed.data;
    }
    return faults;
  });
export type SandboxFaults = z.output<typeof faultsSchema>;

const seconds = (fallback: number) => z.coerce.number().positive().max(10 * 365 * 86_400).default(fallback);

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
  }));
export type SandboxOptions = z.output<typeof sandboxEnvSchema>;

/** A key the sandbox always answers with 403 `inactive_partner`. */
export const inactiveSandboxKey = "lsk_test_inactive";

export const defaultSandboxOptions = (): SandboxOptions => sandboxEnvSchema.parse({});
