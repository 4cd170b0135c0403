// The store every instance shares: Redis when REDIS_URL is set (memory while Redis is away),
// otherwise memory. One per process. Beside it, the same Redis with no memory to fall back on, for
// state that must be the same on every instance or not be answered at all (operator sessions).
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { config } from "@/lib/config";
import { createMemoryStore } from "@/lib/store/memory";
import { createRedisStore, createRedisStoreForLibraries } from "@/lib/store/redis";
import { createResilientStore, type ResilientStore } from "@/lib/store/resilient";
import { createStrictStore, type StrictStore } from "@/lib/store/strict";
import type { KeyValueStore } from "@/lib/store/types";
import { log } from "@/lib/observability/log";

type AppStore = KeyValueStore & Partial<Pick<ResilientStore, "degraded">>;
type Shared = {
  store: AppStore;
  strict: StrictStore;
  redis: ReturnType<typeof createRedisStore>["client"] | null;
  /** Resolves once the libraries' connection is up or has failed (or after its wait); absent on memory. */
  redisReady?: () => Promise<void>;
};

/**
 * How long a command of the strict store waits for Redis: long enough for a first connection on a
 * busy machine, or a Redis restarting; short enough that a page or a call is answered well within a
 * proxy's timeout.
 */
const STRICT_WAIT_MS = 5_000;

function shared(): Shared {
  return processSingleton<Shared>("store", () => {
    const url = config().REDIS_URL;
    if (!url) {
      const memory = createMemoryStore();
      return { store: memory, strict: memory, redis: null };
    }
    const redis = createRedisStore(url);
    const store = createResilientStore(redis, createMemoryStore(), (degraded) =>
      log().warn(
        degraded
          ? "[store] Redis unavailable: continuing on local memory with a tighter budget"
          : "[store] Redis is back: shared state resumed",
      ),
    );
    // The per-client limits speak Redis through their library, on a connection of their own whose
    // commands give up after a second (lib/store/redis.ts).
    const forLibraries = createRedisStoreForLibraries(url);
    return {
      store,
      strict: createStrictStore(redis, STRICT_WAIT_MS),
      redis: forLibraries.client,
      redisReady: async () => forLibraries.whenReady?.(),
    };
  });
}

export const store = (): AppStore => shared().store;

/**
 * The shared store for state that is wrong when one instance keeps it alone: Redis and never this
 * instance's memory when REDIS_URL is set, each command waiting up to STRICT_WAIT_MS for it and then
 * failing with StoreUnavailable (lib/store/strict.ts); memory without REDIS_URL.
 */
export const strictStore = (): StrictStore => shared().strict;

/** Resolves once the shared store's first connections are up or have failed (or after their wait); at once on memory. */
export const storeReady = (): Promise<void> =>
  processSingleton("store-ready", async () => {
    await Promise.all([shared().store.whenReady?.(), shared().redisReady?.()]);
  });

/** A Redis connection for libraries that speak Redis themselves; null on memory. */
export const redisClient = () => shared().redis;
