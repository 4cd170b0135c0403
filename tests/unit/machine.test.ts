// The swap status machine: `statusAt` as a pure function, and the whole sandbox driven through
// every status with a manual clock (DESIGN.md "The sandbox's own interface", PUBLIC-FACTS.md).
import { describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/sandbox/clock";
import { createSandbox } from "@/lib/sandbox/handler";
import { statusAt, type SwapEvents } from "@/lib/sandbox/machine";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { swapListSchema, swapSchema, type Swap, type SwapStatus } from "@/lib/schema/partner";

const STEP_MS = 5_000;
const HOUR_MS = 3_600_000;
const T0 = Date.parse("2026-11-01T12:00:00.000Z");

describe("statusAt", () => {
  const events = (extra: Partial<SwapEvents> = {}): SwapEvents => ({
    createdAt: T0,
    deadline: T0 + 4 * HOUR_MS,
    ...extra,
  });

  it("is waiting_deposit from creation until just before the deadline", () => {
    expect(statusAt(events(), T0, STEP_MS)).toEqual({ status: "waiting_deposit", since: T0, errorMessage: null });
    expect(statusAt(events(), T0 + 4 * HOUR_MS - 1, STEP_MS)).toEqual({
      status: "waiting_deposit",
      since: T0,
      errorMessage: null,
    });
  });

  it("is expired from the deadline on when no deposit arrived, dated at the deadline", () => {
    expect(statusAt(events(), T0 + 4 * HOUR_MS, STEP_MS)).toEqual({
      status: "expired",
      since: T0 + 4 * HOUR_MS,
      errorMessage: null,
    });
    expect(statusAt(events(), T0 + 400 * HOUR_MS, STEP_MS).status).toBe("expired");
  });

  it("ignores a deposit that lies after the instant asked about", () => {
    const e = events({ deposit: { at: T0 + 60_000, partial: false, outcome: "completed" } });
    expect(statusAt(e, T0 + 59_999, STEP_MS).status).toBe("waiting_deposit");
    expect(statusAt(e, T0 + 60_000, STEP_MS).status).toBe("deposit_detected");
  });

  it("steps a full deposit through deposit_detected, processing and completed, one step each", () => {
    const at = T0 + 60_000;
    const e = events({ deposit: { at, partial: false, outcome: "completed" } });
    const timeline = [0, STEP_MS - 1, STEP_MS, 2 * STEP_MS - 1, 2 * STEP_MS, 50 * STEP_MS].map((dt) =>
      statusAt(e, at + dt, STEP_MS),
    );
    expect(timeline.map((s) => s.status)).toEqual([
      "deposit_detected",
      "deposit_detected",
      "processing",
      "processing",
      "completed",
      "completed",
    ]);
    expect(timeline.map((s) => s.since)).toEqual([
      at,
      at,
      at + STEP_MS,
      at + STEP_MS,
      at + 2 * STEP_MS,
      at + 2 * STEP_MS,
    ]);
    expect(timeline.every((s) => s.errorMessage === null)).toBe(true);
  });

  it("puts underpaid between deposit_detected and processing for a partial deposit", () => {
    const at = T0 + 60_000;
    const e = events({ deposit: { at, partial: true, outcome: "completed" } });
    const statuses = [0, 1, 2, 3, 4].map((k) => statusAt(e, at + k * STEP_MS, STEP_MS).status);
    expect(statuses).toEqual(["deposit_detected", "underpaid", "processing", "completed", "completed"]);
    expect(statusAt(e, at + STEP_MS, STEP_MS).errorMessage).toEqual(expect.any(String));
  });

  it.each(["refunded", "failed"] as const)("ends in %s with an errorMessage when that is the outcome", (outcome) => {
    const at = T0 + 60_000;
    const end = statusAt(events({ deposit: { at, partial: false, outcome } }), at + 2 * STEP_MS, STEP_MS);
    expect(end.status).toBe(outcome);
    expect(end.errorMessage).toMatch(/\S/);
  });

  it("keeps a finished swap finished after its deposit deadline has passed", () => {
    const e = events({ deposit: { at: T0 + HOUR_MS, partial: false, outcome: "completed" } });
    expect(statusAt(e, T0 + 100 * HOUR_MS, STEP_MS).status).toBe("completed");
  });

  it("answers a seeded swap's fixed status and date at any time", () => {
    const e = events({ seeded: { status: "processing", updatedAt: T0 + 1_000, rewardStatus: "available" } });
    expect(statusAt(e, T0, STEP_MS)).toMatchObject({ status: "processing", since: T0 + 1_000 });
    expect(statusAt(e, T0 + 1_000 * HOUR_MS, STEP_MS)).toMatchObject({ status: "processing", since: T0 + 1_000 });
  });
});

// ---- the whole sandbox, in process, with a manual clock -------------------------------------------

const KEY = "lsk_test_sandbox";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function harness(env: Record<string, string> = {}) {
  const clock = createManualClock(T0);
  const sandbox = createSandbox(sandboxEnvSchema.parse(env), { clock });

  async function request(method: "GET" | "POST", path: string, body?: unknown) {
    const res = await sandbox.handle(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: { "x-api-key": KEY, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function newSwap(): Promise<Swap> {
    const quote = await request("POST", "/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
    });
    expect(quote.status).toBe(200);
    const swap = await request("POST", "/v1/swap", { quoteId: quote.body.id, destination: { address: TRON_ADDRESS } });
    expect(swap.status).toBe(200);
    return swapSchema.parse(swap.body);
  }

  async function read(id: string): Promise<Swap> {
    const res = await request("GET", `/v1/swap/${id}`);
    expect(res.status).toBe(200);
    return swapSchema.parse(res.body);
  }

  const deposit = (id: string, body: { amount?: string; outcome?: string } = {}) =>
    request("POST", `/sandbox/swaps/${id}/deposit`, body);

  const statusOf = async (id: string): Promise<SwapStatus> => (await read(id)).status;

  /** Reads the swap after each step of `stepMs`, returning status and updatedAt of every read. */
  async function walk(id: string, steps: number, stepMs = STEP_MS) {
    const seen: Array<{ status: SwapStatus; updatedAt: string }> = [];
    for (let i = 0; i < steps; i++) {
      const swap = await read(id);
      seen.push({ status: swap.status, updatedAt: swap.updatedAt });
      clock.advance(stepMs);
    }
    return seen;
  }

  return { clock, request, newSwap, read, statusOf, deposit, walk };
}

/** A fresh sandbox (SANDBOX_* `env`) holding one new swap, where most of these tests start. */
async function withNewSwap(env: Record<string, string> = {}) {
  const h = harness(env);
  return { h, swap: await h.newSwap() };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A refusal from the sandbox: the HTTP status and the spec's error code. */
function expectRefused(
  res: { status: number; body: Record<string, unknown> },
  status: number,
  code: string,
  context?: string,
) {
  expect(res.status, context).toBe(status);
  expect(res.body.error).toMatchObject({ code });
}

describe("a sandbox swap's life", () => {
  it("is waiting_deposit when created, with a deposit deadline 4 hours (14400 s) after createdAt", async () => {
    const { swap } = await withNewSwap();
    expect(swap.status).toBe("waiting_deposit");
    expect(swap.createdAt).toBe(iso(T0));
    expect(swap.updatedAt).toBe(iso(T0));
    expect(Date.parse(swap.deposit.deadline) - Date.parse(swap.createdAt)).toBe(14_400_000);
  });

  it("expires exactly at the deposit deadline and dates updatedAt at the deadline", async () => {
    const { h, swap } = await withNewSwap();
    h.clock.advance(14_400_000 - 1);
    expect(await h.statusOf(swap.id)).toBe("waiting_deposit");
    h.clock.advance(1);
    const expired = await h.read(swap.id);
    expect(expired.status).toBe("expired");
    expect(expired.updatedAt).toBe(swap.deposit.deadline);
    expect(expired.errorMessage).toBeNull();
  });

  it("follows SANDBOX_DEPOSIT_WINDOW_SECONDS for the deadline", async () => {
    const { h, swap } = await withNewSwap({ SANDBOX_DEPOSIT_WINDOW_SECONDS: "600" });
    expect(swap.deposit.deadline).toBe(iso(T0 + 600_000));
    h.clock.advance(600_000);
    expect(await h.statusOf(swap.id)).toBe("expired");
  });

  it("goes deposit_detected → processing → completed after a full deposit, one step per 5 s, updatedAt moving with each", async () => {
    const { h, swap } = await withNewSwap();
    h.clock.advance(30_000);
    const deposited = await h.deposit(swap.id);
    expect(deposited.status).toBe(200);
    expect(deposited.body.status).toBe("deposit_detected");
    const at = T0 + 30_000;
    expect(await h.walk(swap.id, 4)).toEqual([
      { status: "deposit_detected", updatedAt: iso(at) },
      { status: "processing", updatedAt: iso(at + STEP_MS) },
      { status: "completed", updatedAt: iso(at + 2 * STEP_MS) },
      { status: "completed", updatedAt: iso(at + 2 * STEP_MS) },
    ]);
    expect((await h.read(swap.id)).errorMessage).toBeNull();
  });

  it("goes deposit_detected → underpaid → processing → completed after a deposit below deposit.amount", async () => {
    const { h, swap } = await withNewSwap();
    expect(swap.deposit.amount).toBe("0.01");
    const deposited = await h.deposit(swap.id, { amount: "0.005" });
    expect(deposited.status).toBe(200);
    const seen = await h.walk(swap.id, 5);
    expect(seen.map((s) => s.status)).toEqual([
      "deposit_detected",
      "underpaid",
      "processing",
      "completed",
      "completed",
    ]);
    expect(new Set(seen.slice(0, 4).map((s) => s.updatedAt)).size).toBe(4);
  });

  it("treats a deposit of at least deposit.amount as a full deposit", async () => {
    const { h, swap } = await withNewSwap();
    await h.deposit(swap.id, { amount: "0.02" });
    expect((await h.walk(swap.id, 3)).map((s) => s.status)).toEqual(["deposit_detected", "processing", "completed"]);
  });

  it("ends refunded, with an errorMessage, when the deposit's outcome is refunded", async () => {
    const { h, swap } = await withNewSwap();
    await h.deposit(swap.id, { outcome: "refunded" });
    expect((await h.walk(swap.id, 3)).map((s) => s.status)).toEqual(["deposit_detected", "processing", "refunded"]);
    expect((await h.read(swap.id)).errorMessage).toMatch(/\S/);
  });

  it("ends failed, with an errorMessage, when the deposit's outcome is failed", async () => {
    const { h, swap } = await withNewSwap();
    await h.deposit(swap.id, { amount: "0.001", outcome: "failed" });
    expect((await h.walk(swap.id, 4)).map((s) => s.status)).toEqual([
      "deposit_detected",
      "underpaid",
      "processing",
      "failed",
    ]);
    const failed = await h.read(swap.id);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toMatch(/\S/);
  });

  it("follows SANDBOX_STEP_SECONDS for the time between steps", async () => {
    const { h, swap } = await withNewSwap({ SANDBOX_STEP_SECONDS: "1" });
    await h.deposit(swap.id);
    expect((await h.walk(swap.id, 3, 1_000)).map((s) => s.status)).toEqual([
      "deposit_detected",
      "processing",
      "completed",
    ]);
  });

  it("stays completed after its deposit deadline has passed", async () => {
    const { h, swap } = await withNewSwap();
    await h.deposit(swap.id);
    h.clock.advance(5 * HOUR_MS);
    expect(await h.statusOf(swap.id)).toBe("completed");
  });

  it("refuses a deposit after the deadline with 400 validation_error and stays expired", async () => {
    const { h, swap } = await withNewSwap();
    h.clock.advance(14_400_000);
    const refused = await h.deposit(swap.id);
    expectRefused(refused, 400, "validation_error");
    h.clock.advance(60_000);
    expect(await h.statusOf(swap.id)).toBe("expired");
  });

  it("refuses a second deposit with 400 validation_error and keeps the first one's timeline", async () => {
    const { h, swap } = await withNewSwap();
    await h.deposit(swap.id, { outcome: "refunded" });
    h.clock.advance(STEP_MS);
    const again = await h.deposit(swap.id, { outcome: "completed" });
    expectRefused(again, 400, "validation_error");
    h.clock.advance(STEP_MS);
    expect(await h.statusOf(swap.id)).toBe("refunded");
  });

  it("answers 404 swap_not_found to a deposit for an unknown swap and 400 validation_error to a bad body", async () => {
    const h = harness();
    const unknown = await h.deposit("ZZZZZZZZZZZZ");
    expectRefused(unknown, 404, "swap_not_found");
    const swap = await h.newSwap();
    for (const body of [{ outcome: "stolen" }, { amount: "-1" }, { amount: "1e3" }, { unexpected: true }]) {
      const bad = await h.deposit(swap.id, body as { amount?: string });
      expectRefused(bad, 400, "validation_error", JSON.stringify(body));
    }
    expect(await h.statusOf(swap.id)).toBe("waiting_deposit");
  });

  it("lists each status under the status filter once the list has synced", async () => {
    const h = harness();
    const waiting = await h.newSwap();
    const completed = await h.newSwap();
    const refunded = await h.newSwap();
    const expiring = await h.newSwap();
    await h.deposit(completed.id);
    await h.deposit(refunded.id, { outcome: "refunded" });
    h.clock.advance(14_400_000 - 60_000);
    const lateWaiting = await h.newSwap();
    h.clock.advance(60_000); // the first four reach their deadline; the list syncs on the minute
    const byStatus = async (status: string) => {
      const res = await h.request("GET", `/v1/swap?status=${status}`);
      expect(res.status).toBe(200);
      return swapListSchema
        .parse(res.body)
        .swaps.map((s) => s.id)
        .sort();
    };
    expect(await byStatus("expired")).toEqual([waiting.id, expiring.id].sort());
    expect(await byStatus("completed")).toEqual([completed.id]);
    expect(await byStatus("refunded")).toEqual([refunded.id]);
    expect(await byStatus("waiting_deposit")).toEqual([lateWaiting.id]);
    expect(await byStatus("completed,refunded")).toEqual([completed.id, refunded.id].sort());
  });
});
