// The shared store with no local fallback, for state that is wrong when one instance keeps it alone:
// an operator's session. The resilient store (./resilient.ts) answers from this instance's memory
// while Redis is away, so a session opened elsewhere would read as absent, and a logout would end
// nothing. Here a command waits a bounded time for Redis, and then fails as StoreUnavailable.
import { hasBrand } from "@/lib/brand";
import type { KeyValueStore } from "./types";

const brand = Symbol.for("swap-checkout.StoreUnavailable");

export class StoreUnavailable extends Error {
  readonly [brand] = true;
  constructor(waitedMs: number, cause?: unknown) {
    super(`the shared store did not answer within ${Math.round(waitedMs)} ms`, { cause });
    this.name = "StoreUnavailable";
  }
}

/** A StoreUnavailable from any bundle's copy of this module (lib/brand.ts says why not `instanceof`). */
export const isStoreUnavailable = (value: unknown): value is StoreUnavailable => hasBrand(value, brand);

const RETRY_PAUSE_MS = 100;

/** What state that must be shared needs: reads, writes and deletes, each safe to repeat. */
export type StrictStore = Pick<KeyValueStore, "get" | "set" | "delete">;

/**
 * `primary` alone: each command waits up to `waitMs` for a connection, and is retried meanwhile when
 * it fails (a command timeout on a busy machine, a connection being re-opened). Past `waitMs`:
 * StoreUnavailable, never an answer from local memory. Only commands that are safe to repeat.
 */
export function createStrictStore(primary: KeyValueStore, waitMs: number): StrictStore {
  async function run<T>(op: () => Promise<T>): Promise<T> {
    const started = Date.now();
    const left = () => started + waitMs - Date.now();
    let lastError: unknown;
    for (;;) {
      // A connection that does not come within the time left (or never can) ends the wait.
      if (!(await (primary.connected?.(Math.max(0, left())) ?? true)))
        throw new StoreUnavailable(Date.now() - started, lastError);
      try {
        return await op();
      } catch (error) {
        lastError = error;
      }
      if (left() <= 0) throw new StoreUnavailable(Date.now() - started, lastError);
      await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_PAUSE_MS, left())));
    }
  }

  return {
    get: (key) => run(() => primary.get(key)),
    set: (key, value, ttl) => run(() => primary.set(key, value, ttl)),
    delete: (key) => run(() => primary.delete(key)),
  };
}
