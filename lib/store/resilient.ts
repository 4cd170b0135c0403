// Redis first, memory when Redis is away. While degraded, each instance keeps its own state (the
// budget turns tighter: see lib/bff/upstream/budget.ts) and the app keeps serving; when Redis answers
// again, shared state resumes. No swap is lost meanwhile: the upstream is retry-safe per quoteId.
//
// Sliding windows (the key's budget, each client's share) stay honest across a flap, however short:
// every count Redis answers is copied into memory, so a degraded instance starts from what all the
// instances had spent, not from zero; and the uses memory grants are written to Redis when it
// answers again. Without both, two instances whose Redis commands passed their timeout now and then
// (a starved CPU) spent 15-16 calls of a window whose ceiling was 11.
import type { KeyValueStore } from "./types";

export type ResilientStore = KeyValueStore & { degraded(): boolean };

/** A use memory granted while Redis was away, not yet written to Redis. */
type Unsynced = { key: string; at: number; windowMs: number };
/** More than any budget grants in a window: beyond it the oldest, least likely still to count, go. */
const MAX_UNSYNCED = 10_000;

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
  const unsynced: Unsynced[] = [];

  let writingBack: Promise<void> | null = null;

  /**
   * Writes memory's grants to Redis, oldest first, once: every command that comes meanwhile waits
   * for the whole of it, since Redis's count is short until it is done. One that fails stays, with
   * those after it, for the next attempt.
   */
  function writeBack(): Promise<void> {
    // `finally` runs after the assignment, even when there is nothing left to await.
    writingBack ??= writeAll().finally(() => {
      writingBack = null;
    });
    return writingBack;
  }
  async function writeAll(): Promise<void> {
    for (let use = unsynced[0]; use; use = unsynced[0]) {
      // No ceiling: the use was granted already, and only has to be counted.
      if (use.at > Date.now() - use.windowMs)
        await primary.acquireWindow(use.key, Number.MAX_SAFE_INTEGER, use.windowMs, use.at);
      unsynced.shift();
    }
  }

  /** Memory's copy of a window counts at least what Redis counted (uses dated now: never fewer). */
  async function copyCount(key: string, windowMs: number, now: number, used: number): Promise<void> {
    for (let known = await fallback.windowUsage(key, windowMs, now); known < used; known++)
      await fallback.acquireWindow(key, Number.POSITIVE_INFINITY, windowMs, now);
  }

  async function run<T>(op: (store: KeyValueStore, onPrimary: boolean) => Promise<T>): Promise<T> {
    if (warming) {
      await warming;
      warming = null;
    }
    if (degradedSince !== null && Date.now() - degradedSince < RETRY_PRIMARY_MS) return op(fallback, false);
    try {
      if (unsynced.length || writingBack) await writeBack();
      const result = await op(primary, true);
      if (degradedSince !== null) {
        degradedSince = null;
        onChange?.(false);
      }
      return result;
    } catch {
      if (degradedSince === null) onChange?.(true);
      degradedSince = Date.now();
      return op(fallback, false);
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
    acquireWindow: (key, limit, windowMs, now) =>
      run(async (s, onPrimary) => {
        const result = await s.acquireWindow(key, limit, windowMs, now);
        if (onPrimary) await copyCount(key, windowMs, now, result.used);
        else if (result.ok) {
          if (unsynced.push({ key, at: now, windowMs }) > MAX_UNSYNCED) unsynced.shift();
        }
        return result;
      }),
    windowUsage: (key, windowMs, now) =>
      run(async (s, onPrimary) => {
        const used = await s.windowUsage(key, windowMs, now);
        if (onPrimary) await copyCount(key, windowMs, now, used);
        return used;
      }),
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
