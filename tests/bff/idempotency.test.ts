// Invariant 3: one click, one swap. Counted upstream: the app runs in upstream mode against a
// standalone sandbox, and the sandbox's own swap list says how many swaps were really made.
import { describe, it, expect } from "vitest";
import { swapCreatedSchema } from "@/lib/schema/bff";
import { expectError, type HttpResult } from "./requests";
import { BTC_ADDRESS, TRON_ADDRESS, TRON_ADDRESS_2, createSwap, quote, swapBody } from "./checkout";
import { NO_LIMITS, upstreamApp } from "./fixtures";

const swapOf = (res: HttpResult) => {
  expect(res.status, res.raw).toBe(200);
  return swapCreatedSchema.parse(res.json);
};

describe("one click, one swap", () => {
  const running = upstreamApp(
    { PARTNER_API_TIMEOUT_MS: "1000", ...NO_LIMITS },
    { SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" },
  );

  it("answers 20 parallel requests with one key and one body with one swap, made once upstream", async () => {
    const q = await quote(running.app.origin);
    const key = crypto.randomUUID();
    const totalBefore = await running.upstream.swapTotal();
    const postsBefore = running.upstream.count("POST", "/v1/swap");

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createSwap(running.app.origin, swapBody(q.id), key)),
    );

    const created = answers.map(swapOf);
    expect(new Set(created.map((c) => c.swap.id)).size).toBe(1);
    expect(new Set(created.map((c) => c.accessToken)).size).toBe(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);
    expect(running.upstream.count("POST", "/v1/swap")).toBe(postsBefore + 1);
  });

  it("takes the key in capitals as the same key: a replay, not a new attempt", async () => {
    const q = await quote(running.app.origin);
    const key = crypto.randomUUID();
    const first = await createSwap(running.app.origin, swapBody(q.id), key);
    const again = await createSwap(running.app.origin, swapBody(q.id), key.toUpperCase());
    expect(again.status, again.raw).toBe(200);
    expect(again.header("idempotent-replayed")).toBe("true");
    expect(swapOf(again).swap.id).toBe(swapOf(first).swap.id);
  });

  it("refuses the same key with another body with 422 idempotency_mismatch and makes nothing", async () => {
    const q = await quote(running.app.origin);
    const key = crypto.randomUUID();
    const first = swapOf(await createSwap(running.app.origin, swapBody(q.id), key));
    const totalBefore = await running.upstream.swapTotal();
    for (const body of [
      swapBody(q.id, TRON_ADDRESS_2),
      swapBody(q.id, TRON_ADDRESS, { notificationEmail: "other@example.com" }),
      swapBody(q.id, TRON_ADDRESS, { refundAddress: BTC_ADDRESS }),
      swapBody((await quote(running.app.origin)).id),
    ]) {
      expectError(await createSwap(running.app.origin, body, key), 422, "idempotency_mismatch");
    }
    expect(await running.upstream.swapTotal()).toBe(totalBefore);
    // The original body still replays the original answer.
    expect(swapOf(await createSwap(running.app.origin, swapBody(q.id), key)).swap.id).toBe(first.swap.id);
  });

  it("makes one swap for a double submit with two keys, one quote and one body", async () => {
    const q = await quote(running.app.origin);
    const totalBefore = await running.upstream.swapTotal();
    const [a, b] = await Promise.all([
      createSwap(running.app.origin, swapBody(q.id)),
      createSwap(running.app.origin, swapBody(q.id)),
    ]);
    const [sa, sb] = [swapOf(a!), swapOf(b!)];
    expect(sb.swap.id).toBe(sa.swap.id);
    expect(sb.accessToken).toBe(sa.accessToken);
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);
  });

  it("refuses a second key for a used quote with another destination: 409 quote_already_used, no token, nothing of the swap", async () => {
    const q = await quote(running.app.origin);
    const totalBefore = await running.upstream.swapTotal();
    const first = swapOf(await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS)));
    const second = await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS_2));
    expectError(second, 409, "quote_already_used");
    expect(second.text).not.toContain(first.swap.id);
    expect(second.text).not.toContain(first.swap.deposit.address);
    expect(second.text).not.toContain("accessToken");
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);
    // The one who made it still gets it back with a new key (a retry after a lost answer).
    expect(swapOf(await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS))).swap.id).toBe(first.swap.id);
  });

  it("resolves a race of two keys with different destinations on one quote to one swap, given to one of them only", async () => {
    const q = await quote(running.app.origin);
    const totalBefore = await running.upstream.swapTotal();
    const answers = await Promise.all([
      createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS)),
      createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS_2)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expectError(loser, 409, "quote_already_used");
    const made = swapOf(winner).swap;
    expect(made.payout.address).toBe(winner === answers[0] ? TRON_ADDRESS : TRON_ADDRESS_2);
    expect(loser.text).not.toContain(made.id);
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);
  });

  it("finds the swap of a used quote through the upstream list when this process never saw it made, for the same payout only", async () => {
    const q = await quote(running.app.origin);
    const direct = await running.upstream.sandbox.handle(
      new Request(`${running.upstream.baseUrl}/swap`, {
        method: "POST",
        headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" },
        body: JSON.stringify({
          quoteId: q.id,
          destination: { address: TRON_ADDRESS },
          refundAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        }),
      }),
    );
    expect(direct.status).toBe(200);
    const made = (await direct.json()) as { id: string };
    const totalBefore = await running.upstream.swapTotal();
    expectError(await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS_2)), 409, "quote_already_used");
    // Same payout, no refund address named: the upstream answers 409 (different body), and the list
    // shows the swap made from this quote paying out to the same address.
    const res = swapOf(await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS)));
    expect(res.swap.id).toBe(made.id);
    expect(await running.upstream.swapTotal()).toBe(totalBefore);
  });

  it("answers a creation whose answer was lost with 504 after one wait, and gives the same key's retry the one swap that was made", async () => {
    const q = await quote(running.app.origin);
    const totalBefore = await running.upstream.swapTotal();
    const key = crypto.randomUUID();
    // The upstream makes the swap, and its first answer never arrives (held until the end).
    let posts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    running.upstream.intercept = async (req, next) => {
      if (req.method !== "POST" || new URL(req.url).pathname !== "/v1/swap") return next(req);
      const res = await next(req);
      if (++posts === 1) await held;
      return res;
    };
    try {
      // One attempt, not three: a hung upstream is not waited on again (the browser retries).
      expectError(await createSwap(running.app.origin, swapBody(q.id), key), 504, "upstream_timeout");
      expect(posts).toBe(1);
      const created = swapOf(await createSwap(running.app.origin, swapBody(q.id), key));
      expect(created.swap.quote.id).toBe(q.id);
    } finally {
      release();
      running.upstream.intercept = null;
    }
    expect(posts).toBe(2);
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);
  });

  it("answers 504 when every attempt times out, then gives the same key the one swap that was made", async () => {
    const q = await quote(running.app.origin);
    const key = crypto.randomUUID();
    const totalBefore = await running.upstream.swapTotal();
    // Every answer is held until the app has answered the browser: each attempt times out.
    let answered!: () => void;
    const browserAnswered = new Promise<void>((resolve) => (answered = resolve));
    running.upstream.intercept = async (req, next) => {
      const res = await next(req);
      if (req.method === "POST" && new URL(req.url).pathname === "/v1/swap") await browserAnswered;
      return res;
    };
    let timedOut: HttpResult;
    try {
      timedOut = await createSwap(running.app.origin, swapBody(q.id), key);
    } finally {
      answered();
      running.upstream.intercept = null;
    }
    expectError(timedOut, 504, "upstream_timeout");
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);

    const retried = swapOf(await createSwap(running.app.origin, swapBody(q.id), key));
    expect(retried.swap.quote.id).toBe(q.id);
    expect(await running.upstream.swapTotal()).toBe(totalBefore + 1);
  });

  it("replays a definite refusal for the same key without asking the upstream again", async () => {
    const q = await quote(running.app.origin);
    const key = crypto.randomUUID();
    const first = await createSwap(running.app.origin, swapBody(q.id, BTC_ADDRESS), key);
    expectError(first, 400, "validation_error");
    const posts = running.upstream.count("POST", "/v1/swap");
    const again = await createSwap(running.app.origin, swapBody(q.id, BTC_ADDRESS), key);
    expectError(again, 400, "validation_error");
    expect((again.json as { error: unknown }).error).toEqual((first.json as { error: unknown }).error);
    expect(running.upstream.count("POST", "/v1/swap")).toBe(posts);
  });
});

describe("a repeat while the first request is still running", () => {
  const running = upstreamApp(
    { PARTNER_API_TIMEOUT_MS: "30000", ...NO_LIMITS },
    { SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" },
  );

  it("waits for the first, then answers 409 request_in_progress with Retry-After; the first still makes its one swap", async () => {
    const q = await quote(running.app.origin);
    const key = crypto.randomUUID();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    running.upstream.intercept = async (req, next) => {
      if (req.method === "POST" && new URL(req.url).pathname === "/v1/swap") {
        arrived();
        await held;
      }
      return next(req);
    };
    try {
      const first = createSwap(running.app.origin, swapBody(q.id), key, { timeoutMs: 40_000 });
      // The first request is with the upstream (so its key is taken) before the repeat is sent.
      await firstArrived;
      const started = Date.now();
      const repeat = await createSwap(running.app.origin, swapBody(q.id), key, { timeoutMs: 40_000 });
      expect(Date.now() - started).toBeGreaterThan(5_000);
      expectError(repeat, 409, "request_in_progress");
      expect(Number(repeat.header("retry-after"))).toBeGreaterThanOrEqual(1);
      release();
      const made = swapOf(await first);
      expect(swapOf(await createSwap(running.app.origin, swapBody(q.id), key)).swap.id).toBe(made.swap.id);
      expect(await running.upstream.swapTotal()).toBe(1);
    } finally {
      release();
      running.upstream.intercept = null;
    }
  }, 60_000);
});
