// The key-value store behind idempotency records, caches and limits: memory or Redis, one shape.
export type KeyValueStore = {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Atomically sets the key only when it is absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  ping(): Promise<boolean>;
};
