// Redis first, memory when Redis is away. While degraded, each instance keeps its own state (the
// budget turns tighter: see lib/bff/upstream/budget.ts) and the app keeps serving; when Redis answers
// again, shared state resumes. No swap is lost meanwhile: the upstream is retry-safe per quoteId.
import type { KeyValueStore } from "./types";

export type ResilientStore = KeyValueStore & { degraded(): boolean };

export function createResilientStore(
  primary: KeyValueStore,
  fallback: KeyValueStore,
  onChange?: (degraded: boolean) => void,
): ResilientStore {
  let degradedSince: number | null = null;
  const RETRY_PRIMARY_MS = 1_000;
  // The first commands wait for the first connection (briefly), so instances that start together
  // share state from their first request instead of each starting on its own memory.
  let warming: Promise<void> | null = primary.whenReady?.() ?? null;

  async function run<T>(op: (store: KeyValueStore) => Promise<T>): Promise<T> {
    if (warming) {
      await warming;
      warming = null;
    }
    if (degradedSince !== null && Date.now() - degradedSince < RETRY_PRIMARY_MS) return op(fallback);
    try {
      const result = await op(primary);
      if (degradedSince !== null) {
        degradedSince = null;
        onChange?.(false);
      }
      return result;
    } catch {
      if (degradedSince === null) onChange?.(true);
      degradedSince = Date.now();
      return op(fallback);
    }
  }

  return {
    kind: primary.kind,
    degraded: () => degradedSince !== null,
    get: (key) => run((s) => s.get(key)),
    getMany: (keys) => run((s) => s.getMany(keys)),
    set: (key, value, ttl) => run((s) => s.set(key, value, ttl)),
    setMany: (entries, ttl) => run((s) => s.setMany(entries, ttl)),
    setIfAbsent: (key, value, ttl) => run((s) => s.setIfAbsent(key, value, ttl)),
    delete: (key) => run((s) => s.delete(key)),
    acquireWindow: (key, limit, windowMs, now) => run((s) => s.acquireWindow(key, limit, windowMs, now)),
    windowUsage: (key, windowMs, now) => run((s) => s.windowUsage(key, windowMs, now)),
    markMember: (key, member, at, ttl) => run((s) => s.markMember(key, member, at, ttl)),
    membersSince: (key, since) => run((s) => s.membersSince(key, since)),
    whenReady: async () => {
      if (warming) await warming;
    },
    ping: async () => {
      try {
        // A probe right after start waits for the first connection like any command, instead of
        // reporting a Redis that is up but not yet connected as unavailable; later probes do not wait.
        if (warming) await warming;
        return await primary.ping();
      } catch {
        return false;
      }
    },
  };
}
