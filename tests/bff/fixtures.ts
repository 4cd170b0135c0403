// The production build as the BFF tests start it: its test env, and fixtures on the sandbox, an upstream or one Redis.
import { afterAll, beforeAll } from "vitest";
import { startRedis, type RunningRedis } from "../support/redis";
import { startApp, type RunningApp } from "../support/servers";
import { call } from "./requests";
import { startUpstream, type Upstream } from "./upstream";

/** An APP_SECRET for upstream mode (≥ 32 characters). */
export const APP_SECRET = "test-app-secret-0123456789-abcdefghijklmnop";

/** Per-client limits high enough that they never interfere with a test about something else. */
export const NO_CLIENT_LIMITS = {
  CLIENT_QUOTES_PER_MINUTE: "1000000",
  CLIENT_SWAPS_PER_MINUTE: "1000000",
  CLIENT_READS_PER_MINUTE: "1000000",
};

/** No per-client limits and a key budget (PARTNER_RATE_LIMIT_PER_MINUTE) no test run can spend. */
export const NO_LIMITS = { ...NO_CLIENT_LIMITS, PARTNER_RATE_LIMIT_PER_MINUTE: "1000000" };

/** What the app needs to run in upstream mode in front of `upstream`, with that upstream's key. */
export const upstreamModeEnv = (upstream: Upstream) => ({
  PARTNER_API_BASE_URL: upstream.baseUrl,
  PARTNER_API_KEY: upstream.sandbox.options.apiKey,
  APP_SECRET,
});

/** Something tests run against: how it is started into an object the tests read, and stopped. */
export type Fixture<T extends object> = { start: (into: T) => Promise<void>; stop: (running: T) => Promise<void> };

/** For one describe block: `fixture` started before its tests (then handed to `started`) and stopped after. */
export function forBlock<T extends object>(fixture: Fixture<T>, started?: (running: T) => unknown): T {
  const running = {} as T;
  beforeAll(async () => {
    await fixture.start(running);
    await started?.(running);
  });
  afterAll(() => fixture.stop(running));
  return running;
}

/**
 * For several describe blocks of one file that use `fixture` as it is: each block calls `use()` in
 * its body. Started once, before the first of them that runs, and stopped after the file; a run of
 * one block (`-t`) starts only what that block uses.
 */
export function sharedFixture<T extends object>(fixture: Fixture<T>): T & { use: () => void } {
  const running = {} as T & { use: () => void };
  let starting: Promise<void> | undefined;
  running.use = () => beforeAll(() => (starting ??= fixture.start(running)));
  afterAll(async () => {
    if (!starting) return;
    await starting.catch(() => undefined);
    await fixture.stop(running);
  });
  return running;
}

/** The production build on its embedded sandbox. */
export const sandboxAppFixture = (env: Record<string, string> = {}): Fixture<{ app: RunningApp }> => ({
  start: async (running) => {
    running.app = await startApp(env);
  },
  stop: async (running) => {
    await running.app?.stop();
  },
});

/**
 * For one describe block: the production build on its embedded sandbox, started before its tests
 * (then handed to `started`, say to keep its origin, awaited) and stopped after.
 */
export const sandboxApp = (env: Record<string, string> = {}, started?: (app: RunningApp) => unknown) =>
  forBlock(sandboxAppFixture(env), started && ((running) => started(running.app)));

/** The production build in upstream mode, in front of its own standalone upstream (SANDBOX_* knobs in `upstreamEnv`). */
export const upstreamAppFixture = (
  env: Record<string, string> = {},
  upstreamEnv: Record<string, string> = {},
): Fixture<{ upstream: Upstream; app: RunningApp }> => ({
  start: async (running) => {
    running.upstream = await startUpstream(upstreamEnv);
    running.app = await startApp({ ...upstreamModeEnv(running.upstream), ...env });
  },
  stop: async (running) => {
    await running.app?.stop();
    await running.upstream?.close();
  },
});

/**
 * For one describe block: the production build in upstream mode, in front of its own standalone
 * upstream (SANDBOX_* knobs in `upstreamEnv`), started before its tests and stopped after.
 */
export const upstreamApp = (env: Record<string, string> = {}, upstreamEnv: Record<string, string> = {}) =>
  forBlock(upstreamAppFixture(env, upstreamEnv));

/** Resolves once the app's /api/ready reports its shared store up ("ok (redis)"), not serving from its own memory. */
export async function untilStoreReady(app: RunningApp, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  let last = "";
  while (Date.now() - started < timeoutMs) {
    const res = await call(app.origin, "/api/ready").catch((error: unknown) => ({
      json: undefined,
      raw: String(error),
    }));
    if (/^ok/.test(String((res.json as { store?: unknown } | undefined)?.store))) return;
    last = res.raw;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the app's store was not ready within ${timeoutMs / 1000} s; last /api/ready:\n${last}\n${app.logs()}`,
  );
}

/**
 * A fresh redis-server and one app (on its embedded sandbox) per entry of `envs`, all on that Redis
 * with one APP_SECRET, as the instances of one deployment are.
 */
export const instancesOnRedisFixture = (
  ...envs: Record<string, string>[]
): Fixture<{ redis: RunningRedis; apps: RunningApp[] }> => ({
  start: async (running) => {
    running.apps = [];
    running.redis = await startRedis();
    // Each app that did start is stopped after, even when another failed to.
    const started = await Promise.allSettled(
      envs.map((env) => startApp({ REDIS_URL: running.redis.url, APP_SECRET, ...env })),
    );
    running.apps = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    // As a balancer would, nothing is sent before each instance says it is on Redis: on a busy
    // machine the first connection can take seconds, and an instance without it serves limits and
    // caches from its own memory.
    await Promise.all(running.apps.map((app) => untilStoreReady(app)));
  },
  stop: async (running) => {
    await Promise.all((running.apps ?? []).map((app) => app.stop()));
    await running.redis?.stop();
  },
});

/** For one describe block: instancesOnRedisFixture's Redis and apps, started before its tests and stopped after. */
export const instancesOnRedis = (...envs: Record<string, string>[]) => forBlock(instancesOnRedisFixture(...envs));
