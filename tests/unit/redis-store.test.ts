// The Redis store against a real redis-server: a REDIS_URL naming a database the server does not
// have must not quietly use database 0, where another deployment's swaps and budget may live.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "@/lib/store/memory";
import { createRedisStore } from "@/lib/store/redis";
import { createResilientStore } from "@/lib/store/resilient";
import { logLinesOf } from "../support/log-lines";
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
      store = createRedisStore(`${redis.url}/99`, "db-test:");
      await store.whenReady?.();
      await expect(store.set("shared", "mine", 60_000)).rejects.toThrow(/database 99/);
      await expect(store.ping()).rejects.toThrow(/database 99/);
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        msg: expect.stringMatching(/^\[store\] REDIS_URL names database 99, which this Redis refused/),
      }),
    );
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
