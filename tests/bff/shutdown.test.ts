// `npm start` on SIGTERM: stops taking connections, finishes the requests in flight, stops the
// status sweep and releases its lease in the shared store, and exits 0.
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startApp, type RunningApp } from "../support/servers";
import { NO_LIMITS, newSwap, sleep, startUpstream, upstreamModeEnv, type Upstream } from "./helpers";
import { startRedis, type RunningRedis } from "../support/redis";

const redisGet = (port: number, key: string) =>
  spawnSync("redis-cli", ["-p", String(port), "--raw", "get", key])
    .stdout.toString()
    .trim();

/** A GET on its own connection; resolves with the status, or the connection error's code. */
const get = (url: string) =>
  new Promise<number | string>((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    req.end();
  });

describe("SIGTERM", () => {
  let redisPort: number;
  let redis: RunningRedis;
  let upstream: Upstream;
  let app: RunningApp;
  /** One instance of the app on this Redis, in front of this upstream. */
  const startInstance = () => startApp({ ...NO_LIMITS, REDIS_URL: redis.url, ...upstreamModeEnv(upstream) });

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    upstream = await startUpstream({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" });
    app = await startInstance();
  });

  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
    await redis?.stop();
  });

  it("finishes the request in flight, refuses new connections, releases the sweep's lease and exits 0", async () => {
    const created = await newSwap(app.origin);
    // Slow upstream answers from now on: the asset list takes 2 s, a page of the status list 3 s.
    upstream.intercept = async (req, next) => {
      const path = new URL(req.url).pathname;
      if (path === "/v1/asset") await sleep(2_000);
      if (path === "/v1/swap" && req.method === "GET") await sleep(3_000);
      return next(req);
    };
    // A browser polls the swap: the sweep starts a second later and holds its lease.
    const poll = await fetch(`${app.origin}/api/v1/swap/${created.swap.id}`, { headers: { "x-swap-token": created.accessToken } });
    expect(poll.status).toBe(200);
    for (let i = 0; i < 100 && redisGet(redisPort, "swapco:status:sweep-lease") === ""; i++) await sleep(50);
    expect(redisGet(redisPort, "swapco:status:sweep-lease")).not.toBe("");

    const inFlight = get(`${app.origin}/api/v1/assets`);
    await sleep(300);
    app.signal("SIGTERM");
    await sleep(300);
    const afterSignal = await get(`${app.origin}/api/health`);

    expect(await inFlight).toBe(200);
    expect(afterSignal).toBe("ECONNREFUSED");
    expect(await app.exited).toBe(0);
    expect(redisGet(redisPort, "swapco:status:sweep-lease")).toBe("");
    expect(app.logs()).toContain("[shutdown] done");
  });

  it("is not a cold start on Redis: the next instance serves the snapshots the last one left", async () => {
    upstream.intercept = null;
    const fresh = await startInstance();
    try {
      const created = await newSwap(fresh.origin);
      fresh.signal("SIGTERM");
      expect(await fresh.exited).toBe(0);
      // The upstream is gone for the next instance: only the store can answer.
      upstream.intercept = async () => new Response(JSON.stringify({ error: { code: "internal_error", message: "down", details: {} } }), { status: 500 });
      const next = await startInstance();
      try {
        const res = await fetch(`${next.origin}/api/v1/swap/${created.swap.id}`, { headers: { "x-swap-token": created.accessToken } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { id: string }).id).toBe(created.swap.id);
        expect(Date.parse(res.headers.get("x-status-as-of")!)).toBeLessThanOrEqual(Date.now());
      } finally {
        await next.stop();
      }
    } finally {
      await fresh.stop();
      upstream.intercept = null;
    }
  });
});
