// In-memory store for a single instance: a Map with expiry times, swept lazily.
import type { KeyValueStore } from "./types";

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  let writes = 0;

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    if (++writes % 1000 !== 0) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  };

  return {
    kind: "memory",
    get: async (key) => live(key)?.value ?? null,
    set: async (key, value, ttlMs) => {
      entries.set(key, { value, expiresAt: now() + ttlMs });
      sweep();
    },
    setIfAbsent: async (key, value, ttlMs) => {
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      sweep();
      return true;
    },
    delete: async (key) => {
      entries.delete(key);
    },
    ping: async () => true,
  };
}
