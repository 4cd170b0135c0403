// In-memory store for a single instance: a Map with expiry times, swept lazily.
import type { KeyValueStore, WindowAcquire } from "./types";

export function createMemoryStore(now: () => number = Date.now): KeyValueStore & { clear(): void } {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const windows = new Map<string, { log: number[]; windowMs: number }>();
  const registries = new Map<string, { members: Map<string, number>; expiresAt: number }>();
  let writes = 0;

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlMs: number) => {
    entries.set(key, { value, expiresAt: now() + ttlMs });
    if (++writes % 5000 === 0) {
      const t = now();
      for (const [k, entry] of entries) if (entry.expiresAt <= t) entries.delete(k);
    }
  };
  let windowWrites = 0;
  const recent = (key: string, windowMs: number, at: number) => {
    const log = (windows.get(key)?.log ?? []).filter((t) => t > at - windowMs);
    windows.set(key, { log, windowMs });
    return log;
  };
  /** Now and then, windows whose last use has left them go: a key per client would otherwise stay for good. */
  const sweepWindows = (at: number) => {
    if (++windowWrites % 5000 !== 0) return;
    for (const [key, { log, windowMs }] of windows)
      if ((log[log.length - 1] ?? 0) <= at - windowMs) windows.delete(key);
  };

  return {
    kind: "memory",
    get: async (key) => live(key)?.value ?? null,
    getMany: async (keys) => keys.map((key) => live(key)?.value ?? null),
    set: async (key, value, ttlMs) => put(key, value, ttlMs),
    setMany: async (list, ttlMs) => list.forEach(([key, value]) => put(key, value, ttlMs)),
    setIfAbsent: async (key, value, ttlMs) => {
      if (live(key)) return false;
      put(key, value, ttlMs);
      return true;
    },
    delete: async (key) => {
      entries.delete(key);
    },
    acquireWindow: async (key, limit, windowMs, at): Promise<WindowAcquire> => {
      const log = recent(key, windowMs, at);
      if (log.length >= limit)
        return {
          ok: false,
          used: log.length,
          retryAfterMs: Math.max(1, (log[log.length - limit] ?? at) + windowMs - at),
        };
      log.push(at);
      sweepWindows(at);
      return { ok: true, used: log.length, retryAfterMs: 0 };
    },
    windowUsage: async (key, windowMs, at) => recent(key, windowMs, at).length,
    markMember: async (key, member, at, ttlMs) => {
      const registry = registries.get(key);
      const members = registry && registry.expiresAt > now() ? registry.members : new Map<string, number>();
      members.set(member, at);
      registries.set(key, { members, expiresAt: now() + ttlMs });
    },
    membersSince: async (key, since) => {
      const registry = registries.get(key);
      if (!registry || registry.expiresAt <= now()) return [];
      for (const [member, at] of registry.members) if (at < since) registry.members.delete(member);
      return [...registry.members].sort((a, b) => a[1] - b[1]);
    },
    ping: async () => true,
    clear: () => {
      entries.clear();
      windows.clear();
      registries.clear();
    },
  };
}
