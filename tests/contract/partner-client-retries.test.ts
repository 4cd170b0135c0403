// The partner client's retry rules, timeouts and fault handling, and its reading of crafted responses.
import { createServer, type Server } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { Transport } from "@/lib/partner/client";
import type { Swap } from "@/lib/schema/partner";
import type { RunningSandbox } from "@/tests/support/servers";
import {
  KEY,
  TRON_ADDRESS,
  btcToUsdt,
  clientFor,
  expectSpecError,
  fetchTransport,
  newSwap,
  recording,
  rejection,
  sandboxesForFile,
} from "./support/partner-client";

const sandbox = sandboxesForFile();

/** A transport that adds `x-sandbox-fault: <fault>` to the first attempt only. */
function faultOnFirstAttempt(fault: string) {
  let attempts = 0;
  return recording((url, init) => {
    const headers = new Headers(init.headers);
    if (attempts++ === 0) headers.set("x-sandbox-fault", fault);
    return fetch(url, { ...init, headers });
  });
}

// ---- retries, timeouts and malformed answers ---------------------------------------------------

describe("the client's retry rules and fault handling", () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await sandbox({ SANDBOX_SLOW_MS: "2000" });
  });

  it("retries a GET after a 500 internal_error and succeeds on the next attempt", async () => {
    const { transport, calls } = faultOnFirstAttempt("internal_error");
    const list = await clientFor(sb, { transport, maxRetries: 2 }).listAssets({ network: "tron" });
    expect(list.assets.length).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it("retries POST /swap, which is retry-safe, after 503 provider_unavailable, and makes one swap", async () => {
    const c = clientFor(sb);
    const quote = await c.createQuote(btcToUsdt());
    const { transport, calls } = faultOnFirstAttempt("provider_unavailable");
    const swap = await clientFor(sb, { transport, maxRetries: 2 }).createSwap({
      quoteId: quote.id,
      destination: { address: TRON_ADDRESS },
    });
    expect(calls).toHaveLength(2);
    expect(swap.quote.id).toBe(quote.id);
    const made = (await c.listSwaps({ limit: "100" })).swaps.filter((s) => s.quote.id === quote.id);
    expect(made.map((s) => s.id)).toEqual([swap.id]);
  });

  it("does not retry POST /quote, which is not retry-safe", async () => {
    const { transport, calls } = faultOnFirstAttempt("internal_error");
    const error = await rejection(clientFor(sb, { transport, maxRetries: 2 }).createQuote(btcToUsdt()));
    expectSpecError(error, "internal_error");
    expect(calls).toHaveLength(1);
  });

  it("does not retry an answer about the request itself (400, 404, 409)", async () => {
    const { transport, calls } = recording();
    const c = clientFor(sb, { transport, maxRetries: 2 });
    await rejection(c.getSwap("ZZZZZZZZZZZZ"));
    await rejection(c.listSwaps({ limit: "0" }));
    await rejection(c.createSwap({ quoteId: `pq_${"b".repeat(24)}`, destination: { address: TRON_ADDRESS } }));
    expect(calls).toHaveLength(3);
  });

  it("serves a forced x-sandbox-fault once: the first attempt gets the 500, the retry with the same request id succeeds", async () => {
    const answers: Array<{ requestId: string | null; fault: string | null; status: number }> = [];
    const transport: Transport = async (url, init) => {
      const headers = new Headers(init.headers);
      const res = await fetchTransport(url, init);
      answers.push({
        requestId: headers.get("x-request-id"),
        fault: headers.get("x-sandbox-fault"),
        status: res.status,
      });
      return res;
    };
    const list = await clientFor(sb, { transport, maxRetries: 2 }).listAssets(
      {},
      { requestId: "fault-once", headers: { "x-sandbox-fault": "internal_error" } },
    );
    expect(list.assets.length).toBeGreaterThan(0);
    expect(answers).toEqual([
      { requestId: "fault-once", fault: "internal_error", status: 500 },
      { requestId: "fault-once", fault: "internal_error", status: 200 },
    ]);
  });

  it("waits out a short Retry-After (at least its seconds) and then retries", async () => {
    const sleeps: number[] = [];
    const limited: Array<number | null> = [];
    const { transport, calls } = faultOnFirstAttempt("rate_limited");
    const c = clientFor(sb, {
      transport,
      maxRetries: 2,
      maxRetryWaitMs: 3_000,
      sleep: async (ms) => void sleeps.push(ms),
      onRateLimited: (s) => limited.push(s),
    });
    await c.listAssets({ network: "tron" });
    expect(calls).toHaveLength(2);
    expect(limited).toEqual([1]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1_000);
  });

  it("does not wait out a Retry-After longer than maxRetryWaitMs: the 429 goes to the caller at once", async () => {
    const sleeps: number[] = [];
    const { transport, calls } = faultOnFirstAttempt("rate_limited");
    const c = clientFor(sb, {
      transport,
      maxRetries: 2,
      maxRetryWaitMs: 500,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = await rejection(c.listAssets());
    expectSpecError(error, "rate_limited");
    expect(error.retryAfterSeconds).toBe(1);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("does not wait out a real rate limit's Retry-After of up to a minute", async () => {
    const limitedSb = await sandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "1" });
    const sleeps: number[] = [];
    const { transport, calls } = recording();
    const c = clientFor(limitedSb, { transport, maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) });
    await c.listAssets({ network: "tron" });
    const error = await rejection(c.listAssets({ network: "tron" }));
    expect(error.code).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBeGreaterThan(3);
    expect(calls).toHaveLength(2);
    // The client waits only through its injected sleep: none asked for means none waited.
    expect(sleeps).toEqual([]);
  });

  it("turns an unparseable 200 body (x-sandbox-fault: malformed) into upstream_malformed", async () => {
    const error = await rejection(
      clientFor(sb, { maxRetries: 0 }).listSwaps(
        {},
        { requestId: "bad-body", headers: { "x-sandbox-fault": "malformed" } },
      ),
    );
    expect(error.code).toBe("upstream_malformed");
    expect(error.status).toBe(200);
    expect(error.requestId).toBe("bad-body");
  });

  it("gives up on a slow answer (x-sandbox-fault: slow) at timeoutMs with upstream_timeout", async () => {
    // No stopwatch: the slow answer does come (after 15 s), so a client with no timeout would
    // succeed, and one that ignored timeoutMs (300 ms here) would give up at clientFor's 5 s
    // default and say so in its message.
    const error = await rejection(
      clientFor(sb, { maxRetries: 0, timeoutMs: 300 }).listAssets({}, { headers: { "x-sandbox-fault": "slow" } }),
    );
    expect(error.code).toBe("upstream_timeout");
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/300 ms/);
  });

  it("does not try a safe call again after it timed out: an upstream that hangs once hangs again, and a person waits for each try", async () => {
    const { transport, calls } = recording((url, init) =>
      fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), "x-sandbox-fault": "slow" } }),
    );
    const error = await rejection(
      clientFor(sb, { transport, maxRetries: 2, timeoutMs: 300, sleep: async () => {} }).getSwap("ABCDEFGHIJKL"),
    );
    expect(error.code).toBe("upstream_timeout");
    expect(calls).toHaveLength(1);
  });

  it("makes exactly 1 + maxRetries attempts of a safe call when the transport always fails, with capped exponential backoff", async () => {
    const sleeps: number[] = [];
    const operations: string[] = [];
    const { transport, calls } = recording(async () => {
      throw new TypeError("fetch failed");
    });
    const c = clientFor(sb, {
      transport,
      maxRetries: 3,
      backoffBaseMs: 100,
      backoffCapMs: 250,
      random: () => 1,
      sleep: async (ms) => void sleeps.push(ms),
      beforeAttempt: async (op) => void operations.push(op),
    });
    const error = await rejection(c.getSwap("ABCDEFGHIJKL"));
    expect(error.code).toBe("upstream_unreachable");
    expect(error.status).toBe(0);
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 250]);
    expect(operations).toEqual(["getSwap", "getSwap", "getSwap", "getSwap"]);
  });

  it.each([
    [0, "listSwaps", 1],
    [2, "listSwaps", 3],
    [2, "createSwap", 3],
    [2, "createQuote", 1],
  ] as const)(
    "with maxRetries %i, %s against a dead transport makes %i attempt(s)",
    async (maxRetries, operation, attempts) => {
      const { transport, calls } = recording(async () => {
        throw new TypeError("fetch failed");
      });
      const c = clientFor(sb, { transport, maxRetries });
      const call =
        operation === "listSwaps"
          ? c.listSwaps()
          : operation === "createSwap"
            ? c.createSwap({ quoteId: `pq_${"c".repeat(24)}`, destination: { address: TRON_ADDRESS } })
            : c.createQuote(btcToUsdt());
      expect((await rejection(call)).code).toBe("upstream_unreachable");
      expect(calls).toHaveLength(attempts);
    },
  );

  it("refuses to follow a redirect: a 302 is upstream_malformed and its target is never asked", async () => {
    let targetHits = 0;
    const target: Server = createServer((_req, res) => {
      targetHits++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ generatedAt: new Date().toISOString(), assets: [] }));
    });
    const origin = (server: Server) => {
      const address = server.address();
      return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    };
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    const redirecting: Server = createServer((req, res) => {
      res.writeHead(302, { location: `${origin(target)}${req.url ?? "/"}`, "x-request-id": "redirected" });
      res.end();
    });
    await new Promise<void>((r) => redirecting.listen(0, "127.0.0.1", r));
    try {
      const error = await rejection(
        clientFor({ baseUrl: `${origin(redirecting)}/v1` }, { maxRetries: 0 }).listAssets(),
      );
      expect(error.code).toBe("upstream_malformed");
      expect(error.status).toBe(302);
      expect(targetHits).toBe(0);
    } finally {
      await Promise.all([target, redirecting].map((s) => new Promise<void>((r) => s.close(() => r()))));
    }
  });

  it("sends x-api-key, accept and the given x-request-id on every attempt, and a JSON body with content-type on POSTs only", async () => {
    const { transport, calls } = faultOnFirstAttempt("internal_error");
    const c = clientFor(sb, { transport, maxRetries: 1 });
    await c.listAssets({ network: "tron", symbol: undefined }, { requestId: "trace-get" });
    expect(calls).toHaveLength(2);
    for (const { url, init, headers } of calls) {
      expect(url).toBe(`${sb.baseUrl}/asset?network=tron`);
      expect(init.method).toBe("GET");
      expect(init.redirect).toBe("manual");
      expect(init.body).toBeUndefined();
      expect(headers.get("x-api-key")).toBe(KEY);
      expect(headers.get("x-request-id")).toBe("trace-get");
      expect(headers.get("accept")).toBe("application/json");
      expect(headers.has("content-type")).toBe(false);
    }
    const post = recording();
    const body = btcToUsdt("0.02", { externalId: "order-1" });
    await clientFor(sb, { transport: post.transport }).createQuote(body, { requestId: "trace-post" });
    expect(post.calls).toHaveLength(1);
    const [sent] = post.calls;
    expect(sent!.init.method).toBe("POST");
    expect(sent!.headers.get("content-type")).toBe("application/json");
    expect(sent!.headers.get("x-api-key")).toBe(KEY);
    expect(sent!.headers.get("x-request-id")).toBe("trace-post");
    expect(JSON.parse(String(sent!.init.body))).toEqual(body);
  });
});

// ---- tolerance of the response parser ---------------------------------------------------------

describe("the client's reading of responses", () => {
  let swap: Swap;
  beforeAll(async () => {
    const sb = await sandbox();
    swap = await newSwap(clientFor(sb));
  });

  const answering =
    (body: string, status = 200, headers: Record<string, string> = {}): Transport =>
    async () =>
      new Response(body, {
        status,
        headers: { "content-type": "application/json", "x-request-id": "req_crafted", ...headers },
      });
  const crafted = (transport: Transport) =>
    clientFor({ baseUrl: "http://upstream.invalid/v1" }, { transport, maxRetries: 0 });

  it("ignores unknown fields in a response, at the top and nested", async () => {
    const body = {
      ...swap,
      riskScore: 3,
      deposit: { ...swap.deposit, txHash: null },
      quote: { ...swap.quote, provider: "x" },
    };
    const read = await crafted(answering(JSON.stringify(body))).getSwap(swap.id);
    expect(read).toEqual(swap);
    expect(read).not.toHaveProperty("riskScore");
  });

  it.each(["status", "deposit", "updatedAt"] as const)(
    "calls a Swap without its required %s upstream_malformed, naming it",
    async (field) => {
      const { [field]: _dropped, ...rest } = swap;
      const error = await rejection(crafted(answering(JSON.stringify(rest))).getSwap(swap.id));
      expect(error.code).toBe("upstream_malformed");
      expect(error.requestId).toBe("req_crafted");
      expect(JSON.stringify(error.details)).toContain(field);
    },
  );

  it("calls a Swap with a status outside the spec's list upstream_malformed", async () => {
    const error = await rejection(crafted(answering(JSON.stringify({ ...swap, status: "on_hold" }))).getSwap(swap.id));
    expect(error.code).toBe("upstream_malformed");
  });

  it("accepts null where the public OpenAPI allows it (quote rate and bounds, asset contract and logo)", async () => {
    const quote = {
      id: `pq_${"d".repeat(24)}`,
      expiresAt: "2026-11-01T12:03:00.000Z",
      from: { decimals: 8, network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { decimals: 6, network: "tron", token: "USDT", estimatedAmount: "968.61" },
      rate: null,
      minAmountIn: null,
      maxAmountIn: null,
      estimatedTimeSeconds: 0,
    };
    expect(await crafted(answering(JSON.stringify(quote))).createQuote(btcToUsdt())).toEqual(quote);
    const asset = {
      symbol: "X",
      name: "X",
      network: "x",
      decimals: 0,
      contractAddress: null,
      logoUrl: null,
      canSend: true,
      canReceive: false,
      requiresMemo: false,
      supportsMemo: false,
    };
    expect(
      (await crafted(answering(JSON.stringify({ generatedAt: "now", assets: [asset] }))).listAssets()).assets,
    ).toEqual([asset]);
  });

  it("judges an error without a usable body by its HTTP status", async () => {
    expect((await rejection(crafted(answering("<html>Bad gateway</html>", 502)).listAssets())).code).toBe(
      "internal_error",
    );
    expect((await rejection(crafted(answering("", 503)).listAssets())).code).toBe("provider_unavailable");
    const limited = await rejection(crafted(answering("", 429, { "retry-after": "7" })).listAssets());
    expect(limited).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 7 });
    expect(
      (
        await rejection(
          crafted(answering(JSON.stringify({ error: { code: "teapot", message: "no" } }), 418)).listAssets(),
        )
      ).code,
    ).toBe("upstream_malformed");
  });
});
