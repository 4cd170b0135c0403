// The Redis store against a real redis-server: a REDIS_URL naming a database the server does not
// have must not quietly use database 0, where another deployment's swaps and budget may live; and
// two instances whose Redis stops answering for a moment must not spend more of a window than it has.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "@/lib/store/memory";
import { createRedisStore, createRedisStoreForLibraries } from "@/lib/store/redis";
import { createResilientStore } from "@/lib/store/resilient";
import { sleep } from "@/lib/timing";
import { logLinesOf } from "../support/log-lines";
import { freePort } from "../support/free-port";
import { startRedis, type RunningRedis } from "../support/redis";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

describe("the Redis store's database", () => {
  it("uses the database the URL names", async () => {
    const store = createRedisStore(`${redis.url}/3`, "db-test:");
    await store.whenReady?.();
    await store.set("k", "in three", 60_000);
    const other = createRedisStore(`${redis.url}/0`, "db-test:");
    await other.whenReady?.();
    expect(await store.get("k")).toBe("in three");
    expect(await other.get("k")).toBeNull();
    store.client.disconnect();
    other.client.disconnect();
  });

  it("refuses every command when the server has no such database, writes nothing to database 0, and says why", async () => {
    let store!: ReturnType<typeof createRedisStore>;
    const lines = await logLinesOf(async () => {
      // The app's two connections (lib/bff/upstream/shared-store.ts): the store's and the libraries'.
      store = createRedisStore(`${redis.url}/99`, "db-test:");
      const forLibraries = createRedisStoreForLibraries(`${redis.url}/99`);
      await Promise.all([store.whenReady?.(), forLibraries.whenReady?.()]);
      await expect(store.set("shared", "mine", 60_000)).rejects.toThrow(/database 99/);
      await expect(store.ping()).rejects.toThrow(/database 99/);
      await expect(forLibraries.ping()).rejects.toThrow(/database 99/);
    });
    // Said once, not once per connection.
    expect(lines.filter((line) => line.msg?.includes("database 99"))).toEqual([
      expect.objectContaining({
        level: "error",
        msg: expect.stringMatching(/^\[store\] REDIS_URL names database 99, which this Redis refused/),
      }),
    ]);
    // The app goes on, on its own memory, as it does while Redis is away.
    await logLinesOf(async () => {
      const resilient = createResilientStore(store, createMemoryStore());
      await resilient.set("shared", "mine", 60_000);
      expect(await resilient.get("shared")).toBe("mine");
      expect(resilient.degraded()).toBe(true);
    });
    const zero = createRedisStore(redis.url, "db-test:");
    await zero.whenReady?.();
    expect(await zero.get("shared")).toBeNull();
    zero.client.disconnect();
  });
});

describe("a busy process", () => {
  it("takes Redis's answer that waited on the socket while it was busy, instead of calling Redis away", async () => {
    const store = createRedisStore(redis.url, "busy:");
    const resilient = createResilientStore(store, createMemoryStore());
    await resilient.whenReady?.();
    try {
      await resilient.set("noted", "in Redis", 60_000);
      const answer = resilient.get("noted");
      // The event loop held for 1.5 s, past the command's second, as on a starved CPU: Redis answers
      // at once, and the reply waits on the socket until the process runs again.
      const until = Date.now() + 1_500;
      while (Date.now() < until);
      expect(await answer).toBe("in Redis");
      expect(resilient.degraded()).toBe(false);
    } finally {
      store.client.disconnect();
    }
  });

  it("still calls Redis away after a second when it does not answer", async () => {
    const store = createRedisStore(redis.url, "busy:");
    await store.whenReady?.();
    redis.pause();
    try {
      const started = Date.now();
      await expect(store.get("noted")).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      redis.resume();
      store.client.disconnect();
    }
  });
});

describe("the first connection", () => {
  it("is waited for by a process busy at its start, instead of sending its first commands to memory", async () => {
    const store = createRedisStore(redis.url, "start:");
    const resilient = createResilientStore(store, createMemoryStore());
    const other = createRedisStore(redis.url, "start:");
    try {
      // The process loads its modules for 3.5 s before it reads a socket, as on a starved CPU (4-5 s
      // beside eight busy processes on two cores). The first connection waited at most 3 s.
      const until = Date.now() + 3_500;
      while (Date.now() < until);
      await resilient.set("first", "in Redis", 60_000);
      expect(resilient.degraded()).toBe(false);
      await other.whenReady?.();
      expect(await other.get("first")).toBe("in Redis");
    } finally {
      store.client.disconnect();
      other.client.disconnect();
    }
  });

  it("is not waited for when nothing listens at the address: the first command goes on from memory at once", async () => {
    const store = createRedisStore(`redis://127.0.0.1:${await freePort()}`, "start:");
    const resilient = createResilientStore(store, createMemoryStore());
    try {
      const started = Date.now();
      await resilient.set("first", "in memory", 60_000);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(resilient.degraded()).toBe(true);
      expect(await resilient.get("first")).toBe("in memory");
    } finally {
      store.client.disconnect();
    }
  });
});

describe("two instances whose Redis stops answering for a moment", () => {
  // The key's budget as lib/bff/upstream/budget.ts spends it: a limit of 12 a window, half of it
  // while the store is degraded, since the other instances may be spending unseen.
  const LIMIT = 12;
  const DEGRADED = LIMIT / 2;
  const WINDOW_MS = 61_000;

  /** How many of `asks` uses the store grants now, asked one after another. */
  async function granted(store: ReturnType<typeof createResilientStore>, limit: number, asks: number) {
    let count = 0;
    for (let i = 0; i < asks; i++) if ((await store.acquireWindow("budget", limit, WINDOW_MS, Date.now())).ok) count++;
    return count;
  }

  /** The same, all asked at once, as the requests of a busy instance come. */
  async function grantedAtOnce(store: ReturnType<typeof createResilientStore>, limit: number, asks: number) {
    const answers = await Promise.all(
      Array.from({ length: asks }, () => store.acquireWindow("budget", limit, WINDOW_MS, Date.now())),
    );
    return answers.filter((answer) => answer.ok).length;
  }

  it("an instance writes back the uses of every flap, not only the first", async () => {
    // A short window, so that the first flap's uses have left it when Redis answers again.
    const SHORT_MS = 3_000;
    const primary = createRedisStore(redis.url, "flaps:");
    const instance = createResilientStore(primary, createMemoryStore());
    await instance.whenReady?.();
    const ask = () => instance.acquireWindow("w", 100, SHORT_MS, Date.now());
    try {
      redis.pause();
      expect([(await ask()).ok, (await ask()).ok]).toEqual([true, true]);
      redis.resume();
      await sleep(SHORT_MS + 100);
      expect((await ask()).ok).toBe(true);
      expect(instance.degraded()).toBe(false);

      redis.pause();
      expect([(await ask()).ok, (await ask()).ok]).toEqual([true, true]);
      redis.resume();
      await sleep(1_100);
      expect((await ask()).ok).toBe(true);
      // In Redis: the use between the flaps, the second flap's two uses written back, the last use,
      // and the command that timed out as the second flap began (it ran once Redis woke).
      expect(await primary.windowUsage("w", SHORT_MS, Date.now())).toBe(5);
    } finally {
      primary.client.disconnect();
    }
  });

  it.each([
    [9, "nearly all of it: the degraded ones start from the shared count, not from zero"],
    [2, "little of it: what they granted meanwhile is counted in Redis when it answers again"],
  ])("together grant no more than the window's limit, having spent %i of 12 before: %s", async (before) => {
    const prefix = `flap-${before}:`;
    const redisStores = [createRedisStore(redis.url, prefix), createRedisStore(redis.url, prefix)];
    const instances = redisStores.map((primary) => createResilientStore(primary, createMemoryStore()));
    await Promise.all(instances.map((store) => store.whenReady?.()));
    try {
      let total = 0;
      for (let i = 0; i < before; i++) total += await granted(instances[i % 2]!, LIMIT, 1);
      expect(total).toBe(before);

      // Redis hangs: each instance's next command passes the client's 1-s timeout, and the
      // instance goes on from memory, asking for as much as a degraded instance may take.
      redis.pause();
      const during = await Promise.all(instances.map((store) => granted(store, DEGRADED, DEGRADED)));
      expect(instances.map((store) => store.degraded())).toEqual([true, true]);
      redis.resume();

      // Redis again, once each instance tries it (a second after degrading): the whole limit, asked at
      // once, so that the first requests write memory's grants to Redis side by side.
      await sleep(1_100);
      const after = await Promise.all(instances.map((store) => grantedAtOnce(store, LIMIT, LIMIT)));
      expect(instances.map((store) => store.degraded())).toEqual([false, false]);

      total += [...during, ...after].reduce((sum, n) => sum + n, 0);
      // Never more than the limit. At most two fewer: each instance's command that timed out still
      // ran in Redis once it woke, and counts there though nobody was granted it.
      const spent = `granted ${before} before, ${during.join(" + ")} during, ${after.join(" + ")} after`;
      expect(total, spent).toBeLessThanOrEqual(LIMIT);
      expect(total, spent).toBeGreaterThanOrEqual(LIMIT - 2);
      // Redis holds every use granted, so a third instance starting now finds the window full.
      expect(await redisStores[0]!.windowUsage("budget", WINDOW_MS, Date.now())).toBeGreaterThanOrEqual(LIMIT);
    } finally {
      redisStores.forEach((store) => store.client.disconnect());
    }
  });
});
