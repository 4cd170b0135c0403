// Per-client rate limits: who a client is (the socket address unless TRUST_PROXY_HOPS says a proxy
// in front reports it), what counts, and the 429 the browser sees.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { expectError, postJson, type HttpResult } from "./requests";
import { btcToUsdtTron, createSwap, quote, swapBody } from "./checkout";

function expectRateLimited(res: HttpResult) {
  const body = expectError(res, 429, "rate_limited");
  const retryAfter = res.header("retry-after");
  expect(retryAfter, res.raw).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  return body;
}

describe("per-client limits with no trusted proxy (TRUST_PROXY_HOPS=0)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({
      CLIENT_QUOTES_PER_MINUTE: "3",
      CLIENT_SWAPS_PER_MINUTE: "2",
      CLIENT_READS_PER_MINUTE: "1000000",
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers the 4th quote in a minute from one client with 429 rate_limited and Retry-After", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { localAddress: "127.0.0.1" });
      expect(res.status, `quote ${i + 1}: ${res.raw}`).toBe(200);
    }
    expectRateLimited(await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { localAddress: "127.0.0.1" }));
  });

  it("does not give a fresh limit to a forged X-Forwarded-For, X-Real-IP or x-swap-client-ip", async () => {
    const forged: Array<Record<string, string>> = [
      { "x-forwarded-for": "203.0.113.9" },
      { "x-forwarded-for": "198.51.100.1, 203.0.113.10" },
      { "x-real-ip": "203.0.113.11" },
      { "x-swap-client-ip": "203.0.113.12" },
      { forwarded: "for=203.0.113.13" },
    ];
    // Its own client, its limit spent here (not by the test before).
    const client = { localAddress: "127.0.0.4" };
    for (let i = 0; i < 3; i++)
      expect((await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), client)).status).toBe(200);
    expectRateLimited(await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), client));
    for (const headers of forged) {
      expectRateLimited(await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { ...client, headers }));
    }
  });

  it("counts another socket address as another client", async () => {
    const res = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { localAddress: "127.0.0.2" });
    expect(res.status, res.raw).toBe(200);
  });

  it("counts swap creations, not replays or waits for the first attempt, and refuses the third with 429", async () => {
    const client = { localAddress: "127.0.0.3" };
    const quotes = [
      await quote(app.origin, btcToUsdtTron(), client),
      await quote(app.origin, btcToUsdtTron(), client),
      await quote(app.origin, btcToUsdtTron(), client),
    ];

    const key = crypto.randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => createSwap(app.origin, swapBody(quotes[0]!.id), key, client)),
    );
    for (const res of burst) expect(res.status, res.raw).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await createSwap(app.origin, swapBody(quotes[0]!.id), key, client)).status).toBe(200);

    expect((await createSwap(app.origin, swapBody(quotes[1]!.id), crypto.randomUUID(), client)).status).toBe(200);
    expectRateLimited(await createSwap(app.origin, swapBody(quotes[2]!.id), crypto.randomUUID(), client));
  });

  it("counts sandbox seeding with the client's swap creations, so seeding cannot buy fresh swaps", async () => {
    const client = { localAddress: "127.0.0.5" };
    const q = await quote(app.origin, btcToUsdtTron(), client);
    for (let i = 0; i < 2; i++) {
      const res = await postJson(app.origin, "/api/sandbox/seed", { count: 1 }, client);
      expect(res.status, res.raw).toBe(200);
    }
    expectRateLimited(await postJson(app.origin, "/api/sandbox/seed", { count: 1 }, client));
    expectRateLimited(await createSwap(app.origin, swapBody(q.id), crypto.randomUUID(), client));
    // Another client still seeds.
    expect((await postJson(app.origin, "/api/sandbox/seed", { count: 1 }, { localAddress: "127.0.0.6" })).status).toBe(
      200,
    );
  });
});

describe("per-client limits behind one trusted proxy (TRUST_PROXY_HOPS=1)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY_HOPS: "1", CLIENT_QUOTES_PER_MINUTE: "2" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const quoteAs = (xff: string) =>
    postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { headers: { "x-forwarded-for": xff } });

  it("counts distinct X-Forwarded-For addresses as distinct clients", async () => {
    expect((await quoteAs("203.0.113.1")).status).toBe(200);
    expect((await quoteAs("203.0.113.1")).status).toBe(200);
    expectRateLimited(await quoteAs("203.0.113.1"));
    const other = await quoteAs("203.0.113.2");
    expect(other.status, other.raw).toBe(200);
  });

  it("takes the address the trusted proxy appended, so an address the client prepends buys nothing", async () => {
    // Its own client, its limit spent here (not by the test before).
    expect((await quoteAs("203.0.113.3")).status).toBe(200);
    expect((await quoteAs("203.0.113.3")).status).toBe(200);
    expectRateLimited(await quoteAs("203.0.113.3"));
    expectRateLimited(await quoteAs("198.51.100.77, 203.0.113.3"));
    expectRateLimited(await quoteAs("10.0.0.1, 10.0.0.2, 203.0.113.3"));
  });
});
