// One click, one swap, as a state machine: pending → done (replayed), a definite 4xx kept, a
// transient failure freeing the key, a mismatched body refused, a waiting repeat timing out. Runs in
// process against the embedded sandbox and the memory store, on fake timers where time matters.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/bff/http/errors";
import { createQuote } from "@/lib/bff/quotes";
import { createSwapOnce } from "@/lib/bff/swaps";
import { embeddedSandbox } from "@/lib/bff/upstream/partner";
import { resetProcessSingleton } from "@/lib/process-singleton";
import type { SwapBody } from "@/lib/schema/bff";

const TRON = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
const ctx = (extra: Partial<Parameters<typeof createSwapOnce>[2]> = {}) => ({
  requestId: `req_${crypto.randomUUID()}`,
  attribution: null,
  ...extra,
});

async function freshQuote(): Promise<string> {
  const quote = await createQuote(
    { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
    { requestId: "req_unit_quote", clientId: "127.0.0.1" },
  );
  return quote.id;
}

const body = (quoteId: string, address = TRON): SwapBody => ({
  quoteId,
  destination: { address, memo: null },
  refundAddress: null,
  notificationEmail: null,
});

beforeEach(() => {
  for (const key of [
    "store",
    "store-ready",
    "embedded-sandbox",
    "partner-client",
    "swap-status",
    "swap-status-parsed",
    "client-limiters",
  ])
    resetProcessSingleton(key);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("idempotency state transitions", () => {
  it("creates once and replays the same answer for the same key and body, marked idempotent-replayed", async () => {
    const q = await freshQuote();
    const key = crypto.randomUUID();
    const first = await createSwapOnce(key, body(q), ctx());
    expect(first.status).toBe(200);
    expect(first.headers?.["idempotent-replayed"]).toBeUndefined();
    const again = await createSwapOnce(key, body(q), ctx());
    expect(again.status).toBe(200);
    expect(again.headers?.["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("refuses the same key with another body: idempotency_mismatch", async () => {
    const q = await freshQuote();
    const key = crypto.randomUUID();
    await createSwapOnce(key, body(q), ctx());
    await expect(createSwapOnce(key, body(q, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"), ctx())).rejects.toMatchObject({
      code: "idempotency_mismatch",
    });
  });

  it("keeps a definite 4xx and replays it, with the replaying request's own id", async () => {
    const key = crypto.randomUUID();
    const missing = body("pq_" + "0".repeat(24));
    const first = await createSwapOnce(key, missing, ctx());
    expect(first.status).toBe(404);
    const replay = await createSwapOnce(key, missing, ctx({ requestId: "req_the_second_one" }));
    expect(replay.status).toBe(404);
    expect(replay.headers?.["idempotent-replayed"]).toBe("true");
    expect((replay.body as { requestId: string }).requestId).toBe("req_the_second_one");
  });

  it("frees the key after a transient failure, so a retry with the same key creates the swap", async () => {
    const q = await freshQuote();
    const key = crypto.randomUUID();
    let calls = 0;
    const failOnce = async () => {
      if (calls++ === 0) throw new ApiError("rate_limited", undefined, {}, { "retry-after": "1" });
    };
    await expect(createSwapOnce(key, body(q), ctx({ onFirstAttempt: failOnce }))).rejects.toMatchObject({
      code: "rate_limited",
    });
    const retry = await createSwapOnce(key, body(q), ctx({ onFirstAttempt: failOnce }));
    expect(retry.status).toBe(200);
    expect(retry.headers?.["idempotent-replayed"]).toBeUndefined();
  });

  it("makes a repeat wait for the first attempt, and answers request_in_progress when that takes over 12 s", async () => {
    const q = await freshQuote();
    const key = crypto.randomUUID();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = createSwapOnce(key, body(q), ctx({ onFirstAttempt: () => held }));
    vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    const second = createSwapOnce(key, body(q), ctx());
    const outcome = expect(second).rejects.toMatchObject({
      code: "request_in_progress",
      headers: { "retry-after": "2" },
    });
    await vi.advanceTimersByTimeAsync(12_200);
    await outcome;
    vi.useRealTimers();
    release();
    expect((await first).status).toBe(200);
    // The one swap exists once the first is done; a third call replays it.
    expect((await createSwapOnce(key, body(q), ctx())).headers?.["idempotent-replayed"]).toBe("true");
    expect(embeddedSandbox()).not.toBeNull();
  });
});
