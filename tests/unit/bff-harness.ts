// The BFF's policies in one process, on a manual clock: a fresh config, store and embedded sandbox
// per test, and a count of every request that reaches the sandbox (what the key would pay for).
// Per-process state lives in lib/process-singleton.ts; seeding a singleton before first use puts a
// test's own store or sandbox in place of the default one.
import { vi } from "vitest";
import { processSingleton, resetProcessSingleton } from "@/lib/process-singleton";
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { createMemoryStore } from "@/lib/store/memory";
import type { KeyValueStore } from "@/lib/store/types";

const singletons = [
  "config",
  "store",
  "embedded-sandbox",
  "partner-client",
  "asset-cache",
  "swap-status",
  "swap-status-parsed",
  "readiness-upstream-check",
  "upstream-last-well",
  "store-ready",
  "client-limiters",
];

const START = Date.parse("2026-11-02T09:00:00.000Z");

export type Harness = {
  /** Requests that reached the upstream, as "METHOD /path" (query left off). */
  upstream: string[];
  count: (method: string, path: string | RegExp) => number;
  sandbox: Sandbox;
  /** Moves the clock without running timers (the sweep's timer stays put). */
  advance: (ms: number) => void;
};

/**
 * Sets env, forgets every per-process singleton and installs `store` (memory by default) and a
 * counted embedded sandbox. Fake timers: Date.now() is the manual clock.
 */
let savedEnv: NodeJS.ProcessEnv | null = null;

export function setUpBff(env: Record<string, string> = {}, store?: KeyValueStore): Harness {
  savedEnv ??= { ...process.env };
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  vi.setSystemTime(START);
  for (const name of Object.keys(process.env))
    if (name.startsWith("SANDBOX_") || name.startsWith("PARTNER_") || name === "REDIS_URL") delete process.env[name];
  Object.assign(process.env, {
    SANDBOX: "1",
    APP_SECRET: "unit-test-app-secret-0123456789-abcdefgh",
    SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
    ...env,
  });
  for (const name of singletons) resetProcessSingleton(name);
  // lib/bff/upstream/shared-store.ts holds the store with the Redis connection behind it (none here).
  processSingleton("store", () => ({ store: store ?? createMemoryStore(), redis: null }));

  const sandbox = createSandbox(sandboxEnvSchema.parse(process.env));
  const upstream: string[] = [];
  const counted: Sandbox = {
    ...sandbox,
    handle: (req) => {
      const url = new URL(req.url);
      upstream.push(`${req.method} ${url.pathname}`);
      return sandbox.handle(req);
    },
  };
  processSingleton("embedded-sandbox", () => counted);
  return {
    upstream,
    count: (method, path) =>
      upstream.filter((line) => {
        const [m, p] = line.split(" ") as [string, string];
        return m === method && (typeof path === "string" ? p === path : path.test(p));
      }).length,
    sandbox,
    advance: (ms) => vi.setSystemTime(Date.now() + ms),
  };
}

export function tearDownBff() {
  for (const name of singletons) resetProcessSingleton(name);
  vi.useRealTimers();
  // The worker's environment as it was, for whatever file runs in it next.
  if (savedEnv) {
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
    savedEnv = null;
  }
}

/** A Redis that is not there: every command fails, as ioredis's do with the offline queue off. */
export function unreachableStore(): KeyValueStore {
  const down = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379"));
  return {
    kind: "redis",
    get: down,
    getMany: down,
    set: down,
    setMany: down,
    setIfAbsent: down,
    delete: down,
    acquireWindow: down,
    windowUsage: down,
    markMember: down,
    membersSince: down,
    ping: async () => false,
  };
}
