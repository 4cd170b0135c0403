// The key-value store behind idempotency records, caches, limits and the upstream budget: memory
// for one instance, Redis for several. One shape, so nothing above it knows which.
export type WindowAcquire = { ok: boolean; used: number; retryAfterMs: number };

export type KeyValueStore = {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<string | null>;
  getMany(keys: readonly string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  setMany(entries: ReadonlyArray<readonly [key: string, value: string]>, ttlMs: number): Promise<void>;
  /** Atomically sets the key only when it is absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Sliding-window log: records one use at `now` if fewer than `limit` uses lie within the last
   * `windowMs`, atomically. `retryAfterMs` says when the oldest use leaves the window.
   */
  acquireWindow(key: string, limit: number, windowMs: number, now: number): Promise<WindowAcquire>;
  /** Uses currently in the window, without recording one. */
  windowUsage(key: string, windowMs: number, now: number): Promise<number>;
  /**
   * A registry of members each with a time (a sorted set): records `member` at `at`, atomically
   * and without touching the other members, and keeps the registry `ttlMs` from now.
   */
  markMember(key: string, member: string, at: number, ttlMs: number): Promise<void>;
  /** The registry's members marked at or after `since`, oldest first; older ones are dropped. */
  membersSince(key: string, since: number): Promise<Array<[member: string, at: number]>>;
  ping(): Promise<boolean>;
  /** Resolves once the first connection is up, or has failed, or after a wait; memory is always ready. */
  whenReady?(): Promise<void>;
  /** True once a connection is up: at once, or when one comes within `withinMs`; memory has none to wait for. */
  connected?(withinMs: number): Promise<boolean>;
};
