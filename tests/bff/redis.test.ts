// Several instances on one Redis: one budget, one idempotency record, and survival when Redis goes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import { createMemoryStore } from "@/lib/store/memory";
import { createRedisStore } from "@/lib/store/redis";
import { createResilientStore } from "@/lib/store/resilient";
import { freePort, startApp, type RunningApp } from "../support/servers";
import { startRedis, type RunningRedis } from "../support/redis";
import { untilStoreReady } from "./fixtures";

const json = { "content-type": "application/json" };
const quoteBody = {
  from: { network: "bitcoin", token: "BTC", amount: "0.01" },
  to: { network: "tron", token: "USDT" },
};

describe("two instances on one Redis", () => {
  let redisPort: number;
  let redis: RunningRedis;
  let a: RunningApp;
  let b: RunningApp;
  let sandboxOrigin: string;
  let closeSandbox: () => Promise<void>;
  const upstream: string[] = [];
  const limit = 12;
  let env: Record<string, string>;
  /** The upstream answers its asset list with 429 while this is set, as to a busy key. */
  let refuseAssets = false;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_RATE_LIMIT_PER_MINUTE: "10000" }));
    const served = await serveHandler(async (req) => {
      const path = new URL(req.url).pathname;
      if (path.startsWith("/v1/")) upstream.push(`${req.method} ${path}`);
      if (refuseAssets && path === "/v1/asset")
        return Response.json(
          { error: { code: "rate_limited", message: "busy", details: {} } },
          { status: 429, headers: { "retry-after": "60" } },
        );
      return sandbox.handle(req);
    });
    sandboxOrigin = served.origin;
    closeSandbox = served.close;
    env = {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PARTNER_API_BASE_URL: `${sandboxOrigin}/v1`,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET: "shared-secret-of-both-instances-0123456789",
      PARTNER_RATE_LIMIT_PER_MINUTE: String(limit),
      CLIENT_QUOTES_PER_MINUTE: "100000",
      CLIENT_SWAPS_PER_MINUTE: "100000",
      CLIENT_READS_PER_MINUTE: "100000",
      // Clients named by X-Forwarded-For, so a test can send from many addresses: each client's
      // quotes and swap creations count against its own CLIENT_BUDGET_SHARE before the key's budget.
      TRUST_PROXY_HOPS: "1",
    };
    [a, b] = await Promise.all([startApp(env), startApp(env)]);
    // What these tests share goes through Redis: not before both instances reach it.
    await Promise.all([untilStoreReady(a), untilStoreReady(b)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await closeSandbox?.();
    if (redis) await redis.stop();
  });

  it("one Idempotency-Key sent to both instances creates exactly one swap and gets one answer", async () => {
    const quote = await (
      await fetch(`${a.origin}/api/v1/quote`, { method: "POST", headers: json, body: JSON.stringify(quoteBody) })
    ).json();
    const key = randomUUID();
    const body = JSON.stringify({ quoteId: quote.id, destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r" } });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).origin}/api/v1/swap`, {
          method: "POST",
          headers: { ...json, "idempotency-key": key },
          body,
        }),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(bodies.map((x) => x.swap.id)).size).toBe(1);
    expect(new Set(bodies.map((x) => x.accessToken)).size).toBe(1);
    expect(upstream.filter((line) => line === "POST /v1/swap")).toHaveLength(1);

    // Either instance opens it with the token the other minted.
    const read = await fetch(`${b.origin}/api/v1/swap/${bodies[0].swap.id}`, {
      headers: { "x-swap-token": bodies[0].accessToken },
    });
    expect(read.status).toBe(200);
  });

  it("a new instance whose asset list is refused still names a token deposit's asset, as noted when the swap was made", async () => {
    // From its own address: the tests before spent the local client's share of this small budget.
    const own = { ...json, "x-forwarded-for": "10.0.3.1" };
    const tokenQuote = {
      from: { network: "ethereum", token: "USDT", amount: "25.5" },
      to: { network: "bitcoin", token: "BTC" },
    };
    const quote = await (
      await fetch(`${a.origin}/api/v1/quote`, { method: "POST", headers: own, body: JSON.stringify(tokenQuote) })
    ).json();
    const body = JSON.stringify({
      quoteId: quote.id,
      destination: { address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" },
    });
    const created = await (
      await fetch(`${a.origin}/api/v1/swap`, {
        method: "POST",
        headers: { ...own, "idempotency-key": randomUUID() },
        body,
      })
    ).json();
    const usdt = { contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 };
    expect(created.swap.depositAsset).toEqual(usdt);

    refuseAssets = true;
    const fresh = await startApp(env);
    try {
      const read = await fetch(`${fresh.origin}/api/v1/swap/${created.swap.id}`, {
        headers: { "x-swap-token": created.accessToken },
      });
      expect(read.status).toBe(200);
      expect((await read.json()).depositAsset).toEqual(usdt);
      const list = await fetch(`${fresh.origin}/api/v1/assets`);
      expect(list.status, "the new instance has no list of its own").toBeGreaterThanOrEqual(429);
    } finally {
      refuseAssets = false;
      await fresh.stop();
    }
  });

  it("shares one upstream budget: quotes from both instances stop at their ceiling, with 429 from the BFF, and creation still gets through", async () => {
    // Each request from its own address: one client would stop at its share of the key (a quarter)
    // long before the key's own ceiling, and the refusals would say nothing of the budget shared
    // through Redis.
    const from = (address: string) => ({ ...json, "x-forwarded-for": address });
    const buyer = "10.0.1.1";
    const quote = await (
      await fetch(`${b.origin}/api/v1/quote`, { method: "POST", headers: from(buyer), body: JSON.stringify(quoteBody) })
    ).json();
    expect(quote.id).toMatch(/^pq_/);
    const before = upstream.length;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).origin}/api/v1/quote`, {
          method: "POST",
          headers: from(`10.0.2.${i + 1}`),
          body: JSON.stringify(quoteBody),
        }),
      ),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      // Refused by the quotes' ceiling of the key's budget, not by any one client's share.
      expect((await r.json()).error).toMatchObject({ code: "rate_limited", details: { budget: "quote" } });
    }
    // Both instances together stayed within the quote class's share of the key's budget.
    expect(upstream.length).toBeLessThanOrEqual(Math.floor(limit * 0.95));
    const quotesSent = upstream.slice(before).filter((line) => line === "POST /v1/quote").length;
    expect(quotesSent).toBe(answers.filter((r) => r.status === 200).length);

    // Creating a swap has the last share of the budget to itself.
    const created = await fetch(`${a.origin}/api/v1/swap`, {
      method: "POST",
      headers: { ...from(buyer), "idempotency-key": randomUUID() },
      body: JSON.stringify({ quoteId: quote.id, destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r" } }),
    });
    expect(created.status).toBe(200);
    expect(upstream.length).toBeLessThanOrEqual(limit);
  });

  it("reports a store that is up as up from its very first ping (no 503 while the first connection opens)", async () => {
    const primary = createRedisStore(`redis://127.0.0.1:${redisPort}`, `first-ping-${randomUUID()}:`);
    try {
      expect(await createResilientStore(primary, createMemoryStore()).ping()).toBe(true);
    } finally {
      primary.client.disconnect();
    }
  });

  it("answers the first /api/ready of a freshly started instance with 200 while Redis is up", async () => {
    const c = await startApp({
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PARTNER_API_BASE_URL: `${sandboxOrigin}/v1`,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET: "shared-secret-of-both-instances-0123456789",
    });
    try {
      const ready = await fetch(`${c.origin}/api/ready`);
      const body = await ready.json();
      expect(ready.status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ status: "ready", store: "ok (redis)" });
    } finally {
      await c.stop();
    }
  });

  it("keeps serving when Redis goes away, reports it in /api/ready, and recovers when Redis returns", async () => {
    await redis.stop();
    const health = await fetch(`${a.origin}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${a.origin}/api/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).store).toMatch(/unavailable/);
    // Assets come from the instance's cache or a local budget: a clear answer, never a 500.
    const assets = await fetch(`${a.origin}/api/v1/assets`);
    expect([200, 429]).toContain(assets.status);

    redis = await startRedis(redisPort);
    await expect
      .poll(async () => (await fetch(`${a.origin}/api/ready`)).status, { timeout: 15_000, interval: 500 })
      .toBe(200);
  });
});

describe("instances on one Redis with different APP_SECRETs", () => {
  let redis: RunningRedis;
  let first: RunningApp;
  let second: RunningApp;
  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, PARTNER_RATE_LIMIT_PER_MINUTE: "1000000" };
    first = await startApp({ ...env, APP_SECRET: "the-first-secret-0123456789-abcdefghijkl" });
    second = await startApp({ ...env, APP_SECRET: "a-second-secret-0123456789-abcdefghijkl" });
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await redis?.stop();
  });

  it("says so at start in the log of the one that differs, and in its readiness, without taking it out of service", async () => {
    const ready = async (app: RunningApp) =>
      (await (await fetch(`${app.origin}/api/ready`)).json()) as Record<string, unknown>;
    // Checked once the store's first connection is up, a moment after the server answers.
    await expect
      .poll(() => second.logs(), { timeout: 10_000 })
      .toMatch(/\[config\] APP_SECRET differs from another instance's on this Redis/);
    expect(first.logs()).not.toMatch(/APP_SECRET differs/);
    expect(await ready(second)).toMatchObject({ status: "ready", appSecret: "differs from another instance's" });
    expect(await ready(first)).not.toHaveProperty("appSecret");
    // Neither secret nor any token appears in what is said.
    expect(second.logs()).not.toContain("second-secret");
  });
});
