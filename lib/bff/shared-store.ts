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
export function store(): AppStore {
  return processSingleton<AppStore>("store", () => {
    const url = config().REDIS_URL;
    return url
      ? createResilientStore(createRedisStore(url), createMemoryStore(), (degraded) =>
          console.warn(degraded ? "[store] Redis unavailable: continuing on local memory with a tighter budget" : "[store] Redis is back: shared state resumed"),
        )
      : createMemoryStore();
  });
}
