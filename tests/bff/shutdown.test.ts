// `npm start` on SIGTERM: stops taking connections, finishes the requests in flight, stops the
// status sweep and releases its lease in the shared store, and exits 0.
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startApp, type RunningApp } from "../support/servers";
import { btcToUsdtTron, createSwap, newSwap, quote, swapBody } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { NO_LIMITS, upstreamModeEnv } from "./fixtures";
import { sleep } from "@/lib/timing";
import { startRedis, type RunningRedis } from "../support/redis";

/** Until the app has taken SIGTERM: it then refuses new connections. */
const shutdownBegun = (app: RunningApp) =>
  expect.poll(() => app.logs(), { timeout: 10_000, interval: 50 }).toContain("[shutdown] SIGTERM: no new connections");

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

/** The length of a whole chunked body at the start of `data`, or null while it is incomplete. */
function chunkedLength(data: Buffer): number | null {
  for (let at = 0; ;) {
    const line = data.indexOf("\r\n", at);
    if (line < 0) return null;
    const size = parseInt(data.subarray(at, line).toString(), 16);
    at = line + 2 + size + 2;
    if (at > data.length) return null;
    if (size === 0) return at;
  }
}

/**
 * A keep-alive connection driven by hand, as a balancer's pool holds one: requests are written on
 * it whenever asked, even if the server has meanwhile closed its side (a balancer that has not yet
 * noticed). Each answer resolves with its status and headers, or with the connection's fate.
 */
async function pooledConnection(port: number) {
  const socket: Socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffer = Buffer.alloc(0);
  let fate: string | null = null;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  socket.on("data", (chunk: Buffer) => ((buffer = Buffer.concat([buffer, chunk])), wake()));
  socket.on("end", () => ((fate ??= "closed by the server"), wake()));
  socket.on("error", (error: NodeJS.ErrnoException) => ((fate = error.code ?? "error"), wake()));
  // The server's end of the connection (this side stays open, as a pool that has not noticed).
  const closed = new Promise<void>((resolve) => socket.once("end", resolve).once("close", () => resolve()));
  /** One request; its answer, or the reason none came. */
  const send = async (method: string, path: string, body?: unknown) => {
    const payload = body === undefined ? "" : JSON.stringify(body);
    const head = [`${method} ${path} HTTP/1.1`, "host: 127.0.0.1", "connection: keep-alive"];
    if (payload) head.push("content-type: application/json", `content-length: ${Buffer.byteLength(payload)}`);
    socket.write(`${head.join("\r\n")}\r\n\r\n${payload}`, () => {});
    for (;;) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end >= 0) {
        const lines = buffer.subarray(0, end).toString().split("\r\n");
        const headers = Object.fromEntries(
          lines.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        );
        const bodyLength =
          headers["transfer-encoding"] === "chunked"
            ? chunkedLength(buffer.subarray(end + 4))
            : Number(headers["content-length"] ?? 0);
        if (bodyLength !== null && buffer.length >= end + 4 + bodyLength) {
          buffer = buffer.subarray(end + 4 + bodyLength);
          return { status: Number(lines[0]!.split(" ")[1]), headers };
        }
      }
      if (fate) return { status: 0, headers: {}, fate };
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { send, closed, destroy: () => socket.destroy() };
}

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
    const poll = await fetch(`${app.origin}/api/v1/swap/${created.swap.id}`, {
      headers: { "x-swap-token": created.accessToken },
    });
    expect(poll.status).toBe(200);
    for (let i = 0; i < 100 && redisGet(redisPort, "swapco:status:sweep-lease") === ""; i++) await sleep(50);
    expect(redisGet(redisPort, "swapco:status:sweep-lease")).not.toBe("");

    const inFlight = get(`${app.origin}/api/v1/assets`);
    await sleep(300);
    app.signal("SIGTERM");
    // Until the app has taken it, not a fixed time, which a loaded machine overran.
    await shutdownBegun(app);
    const afterSignal = await get(`${app.origin}/api/health`);

    expect(await inFlight).toBe(200);
    expect(afterSignal).toBe("ECONNREFUSED");
    expect(await app.exited).toBe(0);
    expect(redisGet(redisPort, "swapco:status:sweep-lease")).toBe("");
    expect(app.logs()).toContain("[shutdown] done");
  });

  it("lets go of a swap creation the drain cut off, so a retry of its key on another instance gets the swap at once, not two minutes of 409", async () => {
    const slowCreate = {
      ...NO_LIMITS,
      REDIS_URL: redis.url,
      ...upstreamModeEnv(upstream),
      PARTNER_API_TIMEOUT_MS: "30000",
    };
    const [a, b] = [await startApp(slowCreate), await startApp(slowCreate)];
    try {
      const q = await quote(a.origin);
      const key = crypto.randomUUID();
      let held = true;
      // The first creation hangs upstream for longer than the 10 s drain.
      upstream.intercept = async (req, next) => {
        if (held && req.method === "POST" && new URL(req.url).pathname === "/v1/swap") {
          held = false;
          await sleep(25_000);
        }
        return next(req);
      };
      const cut = createSwap(a.origin, swapBody(q.id), key).catch((error: unknown) => error);
      await sleep(500);
      a.signal("SIGTERM");
      expect(await a.exited).toBe(0);
      const started = Date.now();
      const retried = await createSwap(b.origin, swapBody(q.id), key);
      expect(retried.status, retried.raw).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      await cut;
    } finally {
      upstream.intercept = null;
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 60_000);

  it("answers a request a balancer sends on a pooled connection just after the signal, then closes the idle ones and exits 0", async () => {
    const instance = await startInstance();
    const port = Number(new URL(instance.origin).port);
    try {
      const used = await pooledConnection(port);
      const idle = await pooledConnection(port);
      expect((await used.send("GET", "/api/health")).status).toBe(200);
      expect((await idle.send("GET", "/api/health")).status).toBe(200);
      const signalled = Date.now();
      instance.signal("SIGTERM");
      // The balancer's health check has not run yet: it sends a quote on a connection it holds, once
      // the app has taken the signal (a fixed wait was too short for a loaded machine).
      await shutdownBegun(instance);
      const quote = await used.send("POST", "/api/v1/quote", btcToUsdtTron());
      expect(quote).toMatchObject({ status: 200, headers: { connection: "close" } });
      // A new connection is refused (a balancer may retry that elsewhere), while the pooled ones last.
      expect(await get(`${instance.origin}/api/health`)).toBe("ECONNREFUSED");
      // The connection nobody uses is closed once requests have stopped coming, and the process exits.
      await idle.closed;
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(await instance.exited).toBe(0);
      expect(instance.logs()).toContain("[shutdown] done");
      used.destroy();
      idle.destroy();
    } finally {
      await instance.stop();
    }
  });

  it("drains and exits 0 when the signal goes to npm itself, as a process manager sends it to `npm start`, and leaves no server behind", async () => {
    upstream.intercept = null;
    const instance = await startApp({ ...NO_LIMITS, REDIS_URL: redis.url, ...upstreamModeEnv(upstream) }, "npm");
    try {
      let assetAsked = false;
      upstream.intercept = async (req, next) => {
        if (new URL(req.url).pathname === "/v1/asset") {
          assetAsked = true;
          await sleep(2_000);
        }
        return next(req);
      };
      const inFlight = get(`${instance.origin}/api/v1/assets`);
      await expect.poll(() => assetAsked, { timeout: 10_000, interval: 50 }).toBe(true);
      instance.signal("SIGTERM");
      expect(await inFlight).toBe(200);
      expect(await instance.exited).toBe(0);
      expect(instance.logs()).toContain("[shutdown] done");
      // Before, npm exited 143 at once and the server went on, orphaned, on its port.
      expect(await get(`${instance.origin}/api/health`)).toBe("ECONNREFUSED");
    } finally {
      upstream.intercept = null;
      await instance.stop();
    }
  });

  it("is not a cold start on Redis: the next instance serves the snapshots the last one left", async () => {
    upstream.intercept = null;
    const fresh = await startInstance();
    try {
      const created = await newSwap(fresh.origin);
      fresh.signal("SIGTERM");
      expect(await fresh.exited).toBe(0);
      // The upstream is gone for the next instance: only the store can answer.
      upstream.intercept = async () =>
        new Response(JSON.stringify({ error: { code: "internal_error", message: "down", details: {} } }), {
          status: 500,
        });
      const next = await startInstance();
      try {
        const res = await fetch(`${next.origin}/api/v1/swap/${created.swap.id}`, {
          headers: { "x-swap-token": created.accessToken },
        });
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
