// The registry through which instances sharing Redis learn what each other's browsers watch
// (lib/bff/status/watchers.ts), against a real redis-server: instances that publish at the same moment
// must all stay registered, so the sweeping instance covers every browser's swaps.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { watcherRegistry } from "@/lib/bff/status/watchers";
import { createRedisStore } from "@/lib/store/redis";
import { startRedis, type RunningRedis } from "../support/redis";

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

// One connection per instance, as separate processes would have, all under one prefix.
let connections: Array<ReturnType<typeof createRedisStore>> = [];
let prefix = "";
async function instances(count: number) {
  prefix = `watchers-${randomUUID()}:`;
  const made = Array.from({ length: count }, () => createRedisStore(redis.url, prefix));
  connections.push(...made);
  await Promise.all(made.map((s) => s.whenReady?.()));
  return made;
}
afterEach(async () => {
  await Promise.all(connections.map((c) => c.client.quit().catch(() => {})));
  connections = [];
});

describe("the watcher registry on Redis", () => {
  it("keeps every instance when several publish at the same moment", async () => {
    const stores = await instances(8);
    const now = Date.parse("2026-11-23T10:00:00.000Z");
    // Each round, all eight publish at once (their writes interleave on the server).
    for (let round = 0; round < 5; round++) {
      const at = now + round * 10_000;
      await Promise.all(stores.map((s, i) => watcherRegistry(s).register(`instance-${i}`, at + i)));
      const live = await watcherRegistry(stores[0]!).live(at + 8);
      expect(new Set(live)).toEqual(new Set(stores.map((_, i) => `instance-${i}`)));
    }
  });

  it("forgets an instance that has not published for a minute", async () => {
    const [a, b] = await instances(2);
    const now = Date.parse("2026-11-23T10:00:00.000Z");
    await watcherRegistry(a!).register("stopped", now - 61_000);
    await watcherRegistry(b!).register("running", now - 59_000);
    expect(await watcherRegistry(a!).live(now)).toEqual(["running"]);
    // The stopped one is gone from the registry, not only left out: the registry does not grow
    // with every instance that ever ran.
    expect(await a!.client.zcard(`${prefix}status:watcher-instances`)).toBe(1);
  });
});
