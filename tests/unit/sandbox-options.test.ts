// The sandbox's SANDBOX_* knobs (DESIGN.md "The sandbox's own interface"): defaults equal to the
// spec and PUBLIC-FACTS, the SANDBOX_FAULTS grammar, and the faults it configures being applied.
import { describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/sandbox/clock";
import { createSandbox } from "@/lib/sandbox/handler";
import { defaultSandboxOptions, faultsSchema, sandboxEnvSchema } from "@/lib/sandbox/options";

const noFaults = { latencyMs: 0, errorRate: 0, unavailableRate: 0, malformedRate: 0 };

describe("sandbox defaults", () => {
  it("equal the spec and the public documentation when no SANDBOX_ variable is set", () => {
    const options = sandboxEnvSchema.parse({});
    expect(options).toMatchObject({
      apiKey: "lsk_test_sandbox",
      rateLimitPerMinute: 120, // PUBLIC-FACTS: 120 requests per minute per key
      quoteTtlSeconds: 180, // spec: quote lifetime 3 minutes
      depositWindowSeconds: 14_400, // PUBLIC-FACTS: deadline 4 hours after creation
      syncSeconds: 60, // spec: stored status synchronized roughly every minute
      stepSeconds: 5,
      timeScale: 1,
      faults: noFaults,
    });
    expect(defaultSandboxOptions()).toEqual(options);
  });

  it("reads numeric knobs from their string environment values", () => {
    const options = sandboxEnvSchema.parse({
      SANDBOX_API_KEY: "lsk_test_other",
      SANDBOX_RATE_LIMIT_PER_MINUTE: "3",
      SANDBOX_QUOTE_TTL_SECONDS: "20",
      SANDBOX_DEPOSIT_WINDOW_SECONDS: "600",
      SANDBOX_SYNC_SECONDS: "10",
      SANDBOX_STEP_SECONDS: "1",
      SANDBOX_TIME_SCALE: "60",
      SANDBOX_SLOW_MS: "2000",
    });
    expect(options).toMatchObject({
      apiKey: "lsk_test_other",
      rateLimitPerMinute: 3,
      quoteTtlSeconds: 20,
      depositWindowSeconds: 600,
      syncSeconds: 10,
      stepSeconds: 1,
      timeScale: 60,
      slowMs: 2000,
    });
  });

  it.each([
    ["SANDBOX_RATE_LIMIT_PER_MINUTE", "0"],
    ["SANDBOX_RATE_LIMIT_PER_MINUTE", "1.5"],
    ["SANDBOX_RATE_LIMIT_PER_MINUTE", "many"],
    ["SANDBOX_QUOTE_TTL_SECONDS", "0"],
    ["SANDBOX_QUOTE_TTL_SECONDS", "-180"],
    ["SANDBOX_STEP_SECONDS", "soon"],
    ["SANDBOX_TIME_SCALE", "0"],
    ["SANDBOX_SLOW_MS", "-1"],
    ["SANDBOX_API_KEY", ""],
  ])("rejects %s=%j", (name, value) => {
    expect(sandboxEnvSchema.safeParse({ [name]: value }).success).toBe(false);
  });
});

describe("SANDBOX_FAULTS grammar", () => {
  it("parses latency=50,error_rate=0.1 and leaves the other faults at zero", () => {
    expect(sandboxEnvSchema.parse({ SANDBOX_FAULTS: "latency=50,error_rate=0.1" }).faults).toEqual({
      ...noFaults,
      latencyMs: 50,
      errorRate: 0.1,
    });
  });

  it("parses all four faults in any order, with spaces around the parts", () => {
    expect(faultsSchema.parse(" malformed_rate=0.05, unavailable_rate = 0.2 ,latency=0,error_rate=1 ")).toEqual({
      latencyMs: 0,
      errorRate: 1,
      unavailableRate: 0.2,
      malformedRate: 0.05,
    });
  });

  it.each(["latency=50=3", "error_rate=0x1", "latency=0x10"])(
    "rejects %j, which is not the grammar's NAME=DECIMAL",
    (text) => {
      expect(faultsSchema.safeParse(text).success).toBe(false);
    },
  );

  it.each(["", "none"])("reads %j as no faults", (text) => {
    expect(faultsSchema.parse(text)).toEqual(noFaults);
  });

  it.each([
    "garbage",
    "latency",
    "latency=",
    "latency=fast",
    "latency=-5",
    "latency=1.5",
    "error_rate=1.5",
    "error_rate=-0.1",
    "error_rate=often",
    "timeout_rate=0.1",
    "latency=50,,error_rate=0.1",
    "latency=50;error_rate=0.1",
  ])("rejects %j", (text) => {
    expect(faultsSchema.safeParse(text).success).toBe(false);
    expect(sandboxEnvSchema.safeParse({ SANDBOX_FAULTS: text }).success).toBe(false);
  });
});

describe("configured faults", () => {
  const KEY = "lsk_test_sandbox";
  const assetsRequest = () => new Request("http://sandbox.test/v1/asset", { headers: { "x-api-key": KEY } });
  // provider_unavailable is a fault of quote and swap creation only (PUBLIC-FACTS).
  const quoteRequest = () =>
    new Request("http://sandbox.test/v1/quote", {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: JSON.stringify({
        from: { network: "bitcoin", token: "BTC", amount: "0.01" },
        to: { network: "tron", token: "USDT" },
      }),
    });

  function sandboxWith(faults: string, roll: number) {
    const sleeps: number[] = [];
    const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_FAULTS: faults }), {
      clock: createManualClock(),
      random: () => roll,
      sleep: async (ms) => void sleeps.push(ms),
    });
    return { sandbox, sleeps };
  }

  it("answers 500 internal_error when the roll falls under error_rate, and normally above it", async () => {
    const low = sandboxWith("error_rate=0.1", 0.05);
    const failed = await low.sandbox.handle(assetsRequest());
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe("internal_error");
    const high = sandboxWith("error_rate=0.1", 0.5);
    expect((await high.sandbox.handle(assetsRequest())).status).toBe(200);
  });

  it("stacks unavailable_rate after error_rate: 503 provider_unavailable for a roll between them", async () => {
    const { sandbox } = sandboxWith("error_rate=0.1,unavailable_rate=0.2", 0.25);
    const res = await sandbox.handle(quoteRequest());
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("provider_unavailable");
  });

  it("answers an unparseable 200 body when the roll falls under malformed_rate", async () => {
    const { sandbox } = sandboxWith("malformed_rate=1", 0.5);
    const res = await sandbox.handle(assetsRequest());
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it("waits the configured latency before answering", async () => {
    const { sandbox, sleeps } = sandboxWith("latency=50", 0.99);
    expect((await sandbox.handle(assetsRequest())).status).toBe(200);
    expect(sleeps).toEqual([50]);
  });
});
