// The store every instance shares: Redis when REDIS_URL is set (memory while Redis is away),
// otherwise memory. One per process.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { config } from "@/lib/config";
import { createMemoryStore } from "@/lib/store/memory";
import { createRedisStore } from "@/lib/store/redis";
import { createResilientStore, type ResilientStore } from "@/lib/store/resilient";
import type { KeyValueStore } from "@/lib/store/types";

type AppStore = KeyValueStore & Partial<Pick<ResilientStore, "degraded">>;
type Shared = { store: AppStore; redis: ReturnType<typeof createRedisStore>["client"] | null };

function shared(): Shared {
  return processSingleton<Shared>("store", () => {
    const url = config().REDIS_URL;
    if (!url) return { store: createMemoryStore(), redis: null };
    const redis = createRedisStore(url);
    const store = createResilientStore(redis, createMemoryStore(), (degraded) =>
      console.warn(degraded ? "[store] Redis unavailable: continuing on local memory with a tighter budget" : "[store] Redis is back: shared state resumed"),
    );
    return { store, redis: redis.client };
  });
}

export const store = (): AppStore => shared().store;

/** Resolves once the shared store's first connection is up (or after its short wait); at once on memory. */
export const storeReady = (): Promise<void> => processSingleton("store-ready", () => shared().store.whenReady?.() ?? Promise.resolve());

/** The Redis connection behind the store, for libraries that speak Redis themselves; null on memory. */
export const redisClient = () => shared().redis;
