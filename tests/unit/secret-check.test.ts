// The APP_SECRET check between instances on one Redis (lib/bff/boot/secret-check.ts) when Redis is
// away at the moment it asks: this instance's memory holds no other instance's fingerprint, so an
// answer from it is no answer, and the check asks Redis again once it is back.
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetProcessSingleton } from "@/lib/process-singleton";
import { createMemoryStore } from "@/lib/store/memory";
import { createResilientStore } from "@/lib/store/resilient";
import type { KeyValueStore } from "@/lib/store/types";
import { logLinesOf } from "../support/log-lines";
import { setUpBff, tearDownBff } from "./bff-harness";

/** A shared "Redis" (a memory store the instances would share) that can be taken away. */
function switchableRedis(shared: KeyValueStore) {
  const state = { down: false };
  const store = new Proxy(shared, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        state.down
          ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379"))
          : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
  return { store: { ...store, kind: "redis" as const }, state };
}

/** The check as a fresh process has it: its state is taken once, when the module loads. */
async function freshCheck() {
  resetProcessSingleton("app-secret-check");
  vi.resetModules();
  return (await import("@/lib/bff/boot/secret-check")).appSecretDiffers;
}

afterEach(() => {
  resetProcessSingleton("app-secret-check");
  tearDownBff();
});

describe("an instance that starts while Redis is away", () => {
  it("says its APP_SECRET differs once Redis is back, not a minute later", async () => {
    const shared = createMemoryStore();
    // Another instance, with another secret, holds the fingerprint in Redis.
    await shared.set("config:app-secret-fingerprint", "another instance's fingerprint", 180_000);
    const redis = switchableRedis(shared);
    setUpBff({ REDIS_URL: "redis://127.0.0.1:6379" }, createResilientStore(redis.store, createMemoryStore()));
    const appSecretDiffers = await freshCheck();

    redis.state.down = true;
    expect(await appSecretDiffers()).toBe(false);

    redis.state.down = false;
    const lines = await logLinesOf(() => vi.advanceTimersByTimeAsync(6_000));
    expect(await appSecretDiffers()).toBe(true);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "error", msg: expect.stringMatching(/^\[config\] APP_SECRET differs/) }),
    );
  });

  it("keeps to one check a minute while Redis answers", async () => {
    const shared = createMemoryStore();
    const redis = switchableRedis(shared);
    setUpBff({ REDIS_URL: "redis://127.0.0.1:6379" }, createResilientStore(redis.store, createMemoryStore()));
    const appSecretDiffers = await freshCheck();
    expect(await appSecretDiffers()).toBe(false);
    // Another instance writes its own fingerprint over this one's: seen at the next minute's check only.
    await shared.set("config:app-secret-fingerprint", "another instance's fingerprint", 180_000);
    await logLinesOf(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await appSecretDiffers()).toBe(false);
    vi.setSystemTime(Date.now() + 31_000);
    await logLinesOf(async () => expect(await appSecretDiffers()).toBe(true));
  });
});
