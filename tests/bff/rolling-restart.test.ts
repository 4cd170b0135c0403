// A rolling restart of two `npm start` instances on one Redis, behind a balancer (tests/support/
// balancer.ts: health checks, pooled keep-alive connections, a retry only where repeating is safe),
// while browsers keep polling, quoting and creating swaps through it: each instance in turn gets
// SIGTERM, drains, exits 0 and is replaced on its port. No request may be lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swapCreatedSchema, type SwapCreated } from "@/lib/schema/bff";
import { startBalancer, type Balancer } from "../support/balancer";
import { startRedis, type RunningRedis } from "../support/redis";
import { freePort, startApp, type RunningApp } from "../support/servers";
import { call, type CallOptions } from "./requests";
import { btcToUsdtTron, swapBody, TRON_ADDRESS } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET, NO_LIMITS } from "./fixtures";
import { sleep } from "@/lib/timing";

describe("a rolling restart of two instances behind a balancer", () => {
  let redis: RunningRedis;
  let upstream: Upstream;
  let balancer: Balancer;
  const apps: RunningApp[] = [];
  let env: Record<string, string>;
  const ports: number[] = [];

  beforeAll(async () => {
    redis = await startRedis(await freePort());
    upstream = await startUpstream({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" });
    env = {
      ...NO_LIMITS,
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: upstream.sandbox.options.apiKey,
      APP_SECRET,
      TRUST_PROXY_HOPS: "1",
    };
    ports.push(await freePort(), await freePort());
    apps.push(...(await Promise.all(ports.map((port) => startApp({ ...env, PORT: String(port) })))));
    balancer = await startBalancer(apps.map((app) => app.origin));
  });

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await upstream?.close();
    await redis?.stop();
  });

  it("loses no request: every poll, quote and creation is answered while each instance is replaced in turn", async () => {
    const through = (path: string, options: CallOptions = {}) =>
      call(balancer.origin, path, { timeoutMs: 20_000, ...options });
    const failures: string[] = [];
    const counts = { polls: 0, quotes: 0, creations: 0 };
    const check = (what: string, status: number, ok: number[], text: string) => {
      if (!ok.includes(status)) failures.push(`${what}: ${status} ${text.slice(0, 200)}`);
    };

    const newSwap = async (): Promise<SwapCreated | null> => {
      const q = await through("/api/v1/quote", { body: btcToUsdtTron() });
      counts.quotes++;
      check("quote", q.status, [200], q.text);
      if (q.status !== 200) return null;
      const created = await through("/api/v1/swap", {
        body: swapBody((q.json as { id: string }).id, TRON_ADDRESS),
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      counts.creations++;
      check("swap creation", created.status, [200], created.text);
      return created.status === 200 ? swapCreatedSchema.parse(created.json) : null;
    };

    const swaps = (await Promise.all([newSwap(), newSwap()])).filter((s): s is SwapCreated => s !== null);
    expect(swaps).toHaveLength(2);
    // Upstream quotes take a while from now on, so requests are in flight when a signal comes.
    upstream.intercept = async (req, next) => {
      if (new URL(req.url).pathname === "/v1/quote") await sleep(150 + Math.random() * 250);
      return next(req);
    };

    let running = true;
    const worker = async (index: number) => {
      for (let i = 0; running; i++) {
        try {
          if (i % 5 === 4) {
            const made = await newSwap();
            if (made) swaps.push(made);
          } else {
            const swap = swaps[(index + i) % swaps.length]!;
            const poll = await through(`/api/v1/swap/${swap.swap.id}`, {
              headers: { "x-swap-token": swap.accessToken },
            });
            counts.polls++;
            check("status poll", poll.status, [200], poll.text);
          }
        } catch (error) {
          failures.push(`transport: ${String(error)}`);
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, index) => worker(index));

    const oldLogs: string[] = [];
    const answered = () => new Map(balancer.answeredBy);
    await sleep(1_500);
    for (const [slot, port] of ports.entries()) {
      const before = answered();
      const old = apps[slot]!;
      old.signal("SIGTERM");
      expect(await old.exited).toBe(0);
      oldLogs.push(old.logs());
      apps[slot] = await startApp({ ...env, PORT: String(port) });
      // While it was gone, the other instance answered.
      const other = apps[1 - slot]!.origin;
      expect((answered().get(other) ?? 0) - (before.get(other) ?? 0)).toBeGreaterThan(0);
      const replaced = answered().get(old.origin) ?? 0;
      // The replacement takes its share again once the balancer's health check sees it.
      for (let i = 0; i < 50 && (answered().get(old.origin) ?? 0) <= replaced; i++) await sleep(100);
      expect(answered().get(old.origin) ?? 0).toBeGreaterThan(replaced);
      await sleep(1_000);
    }
    running = false;
    await Promise.all(workers);
    upstream.intercept = null;

    expect(failures).toEqual([]);
    expect(balancer.lost).toEqual([]);
    for (const logs of oldLogs) expect(logs).toContain("[shutdown] done");
    expect(counts.polls).toBeGreaterThan(50);
    expect(counts.creations).toBeGreaterThan(5);
    // Every swap made during the restarts is there afterwards, with its token, on either instance.
    for (const swap of swaps) {
      for (const app of apps) {
        const res = await call(app.origin, `/api/v1/swap/${swap.swap.id}`, {
          headers: { "x-swap-token": swap.accessToken },
        });
        expect(res.status, res.text).toBe(200);
      }
    }
    console.log(
      `rolling restart: ${counts.polls} polls, ${counts.quotes} quotes, ${counts.creations} creations answered; ${balancer.retried.length} repeated on the other instance (${[...new Set(balancer.retried)].join(", ") || "none"})`,
    );
  });
});
