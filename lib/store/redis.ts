// Redis store (ioredis) for several instances. Sliding windows are one Lua script, so two
// instances can never both take the last unit of a budget.
import "server-only";
import Redis from "ioredis";
import type { KeyValueStore, WindowAcquire } from "./types";
import { log } from "@/lib/observability/log";
import { ioDeadline } from "@/lib/timing";

// KEYS[1] window key; ARGV: now, windowMs, limit, member. Returns { ok, used, retryAfterMs }.
const acquireScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
if used >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], used - limit, used - limit, 'WITHSCORES')
  local retry = window
  if oldest[2] then retry = tonumber(oldest[2]) + window - now end
  return {0, used, math.max(1, retry)}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1, used + 1, 0}
`;

/**
 * How long a store command may go unanswered before the store reports Redis away (and the app goes
 * on from memory: ./resilient.ts). Counted by `answerWithin`, which does not mistake a busy process
 * for a silent Redis.
 */
const ANSWER_WITHIN_MS = 1_000;
/** ioredis's own command timeout behind it, for a reply that never comes. */
const BACKSTOP_MS = 5_000;
/**
 * How long the first commands wait for a first connection still being made. A process starting on a
 * starved CPU spends seconds loading its modules before it reads the socket: 4-5 s for the first
 * connection beside eight busy processes on two cores, where the 3 s this used to be sent the first
 * commands to memory, and a new instance read none of what the others had written.
 */
const FIRST_CONNECTION_MS = 10_000;

/**
 * `answer`, or an error once `ms` have passed without it. A reply already waiting on the socket when
 * the deadline passes (the process was busy past it, as on a starved CPU) is taken: `ioDeadline`.
 * ioredis's own timeout fires in the timers phase, before the socket is read, and so called Redis
 * away for a reply it had, and the store fell back to memory for a second.
 */
function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = ioDeadline(() => {
      if (settled) return;
      settled = true;
      reject(new Error(`Redis did not answer within ${ms} ms`));
    }, ms);
    answer.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** What `connect` has said of refused databases: the store's connections say each once. */
const refusalsSaid = new Set<string>();

/**
 * An ioredis client that fails fast while Redis is away. A database this Redis does not have
 * (redis://…/99 on a server with 16) fails ioredis's SELECT, which it reports as an event and then
 * carries on in database 0: another deployment's, perhaps. The SELECT's answer comes before the
 * connection is ready, so nothing has been sent yet: the client is disconnected, and `refusal` says
 * why from then on.
 */
function connect(url: string, commandTimeout: number): { client: Redis; refusal: () => string | null } {
  const client = new Redis(url, {
    // Fail fast while Redis is away: the resilient wrapper falls back to memory meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout,
    connectTimeout: 2_000,
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let refusedDatabase: string | null = null;
  client.on("error", (error: Error & { command?: { name?: string } }) => {
    if (error.command?.name === "select" && refusedDatabase === null) {
      refusedDatabase = `REDIS_URL names database ${client.options.db}, which this Redis refused (${error.message}): not using it`;
      if (!refusalsSaid.has(refusedDatabase)) {
        refusalsSaid.add(refusedDatabase);
        log().error(`[store] ${refusedDatabase}`);
      }
      client.disconnect();
    }
    // Anything else is reported through failed commands; ioredis keeps reconnecting.
  });
  return { client, refusal: () => refusedDatabase };
}

/**
 * `commandTimeout`: ioredis's own limit on each command, behind the store's ANSWER_WITHIN_MS. A store
 * whose client is handed to a library that speaks Redis itself (the per-client limits) sets it to
 * ANSWER_WITHIN_MS (`createRedisStoreForLibraries`): the library's commands have no other limit.
 */
export function createRedisStore(
  url: string,
  prefix = "swapco:",
  commandTimeout = BACKSTOP_MS,
): KeyValueStore & { client: Redis } {
  const { client, refusal } = connect(url, commandTimeout);
  client.defineCommand("acquireWindow", { numberOfKeys: 1, lua: acquireScript });
  const k = (key: string) => prefix + key;
  let everReady = false;
  client.once("ready", () => {
    everReady = true;
  });
  let sequence = 0;

  const store: KeyValueStore & { client: Redis } = {
    kind: "redis",
    client,
    get: (key) => client.get(k(key)),
    getMany: async (keys) => (keys.length ? client.mget(...keys.map(k)) : []),
    set: async (key, value, ttlMs) => {
      await client.set(k(key), value, "PX", Math.max(1, Math.round(ttlMs)));
    },
    setMany: async (entries, ttlMs) => {
      if (!entries.length) return;
      const pipeline = client.pipeline();
      for (const [key, value] of entries) pipeline.set(k(key), value, "PX", Math.max(1, Math.round(ttlMs)));
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
    },
    setIfAbsent: async (key, value, ttlMs) =>
      (await client.set(k(key), value, "PX", Math.max(1, Math.round(ttlMs)), "NX")) === "OK",
    delete: async (key) => {
      await client.del(k(key));
    },
    acquireWindow: async (key, limit, windowMs, now): Promise<WindowAcquire> => {
      const member = `${now}-${process.pid}-${++sequence}-${Math.random().toString(36).slice(2, 8)}`;
      const [ok, used, retryAfterMs] = (await (
        client as Redis & { acquireWindow: (...args: unknown[]) => Promise<number[]> }
      ).acquireWindow(k(key), now, windowMs, limit, member)) as [number, number, number];
      return { ok: ok === 1, used, retryAfterMs };
    },
    windowUsage: async (key, windowMs, now) => {
      await client.zremrangebyscore(k(key), "-inf", now - windowMs);
      return client.zcard(k(key));
    },
    markMember: async (key, member, at, ttlMs) => {
      const results = await client
        .multi()
        .zadd(k(key), at, member)
        .pexpire(k(key), Math.max(1, Math.round(ttlMs)))
        .exec();
      const failed = results?.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
    },
    membersSince: async (key, since) => {
      await client.zremrangebyscore(k(key), "-inf", `(${since}`);
      const flat = await client.zrangebyscore(k(key), since, "+inf", "WITHSCORES");
      const members: Array<[string, number]> = [];
      for (let i = 0; i + 1 < flat.length; i += 2) members.push([flat[i]!, Number(flat[i + 1])]);
      return members;
    },
    ping: async () => (await client.ping()) === "PONG",
    whenReady: async () => {
      if (everReady || client.status === "ready" || refusal() !== null) return;
      await new Promise<void>((resolve) => {
        const settle = () => {
          clearTimeout(timer);
          client.off("ready", settle);
          client.off("end", settle);
          client.off("error", settle);
          resolve();
        };
        // Given up after FIRST_CONNECTION_MS (once the loop has read its sockets: `ioDeadline`), and
        // the listeners go too, so waits on a Redis that never comes do not pile up.
        const timer = ioDeadline(settle, FIRST_CONNECTION_MS);
        client.once("ready", settle);
        // A refused database ends the connection for good, and a refused or unreachable server fails
        // the attempt: nothing to wait for. A connection that is only slow, as in a process starting on
        // a starved CPU, is waited for.
        client.once("end", settle);
        client.once("error", settle);
      });
    },
    connected: async (withinMs) => {
      if (client.status === "ready") return true;
      if (refusal() !== null || withinMs <= 0) return false;
      return new Promise<boolean>((resolve) => {
        const settle = (up: boolean) => {
          clearTimeout(timer);
          client.off("ready", ready);
          client.off("end", ended);
          resolve(up);
        };
        const ready = () => settle(true);
        const ended = () => settle(false);
        const timer = ioDeadline(() => settle(client.status === "ready"), withinMs);
        client.once("ready", ready);
        client.once("end", ended);
      });
    },
  };
  // Every command: refused for good on a database this Redis lacks, else answered within its time.
  for (const [name, method] of Object.entries(store)) {
    if (typeof method !== "function" || name === "whenReady" || name === "connected") continue;
    (store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const refused = refusal();
      if (refused !== null) return Promise.reject(new Error(refused));
      return answerWithin((method as (...a: unknown[]) => Promise<unknown>)(...args), ANSWER_WITHIN_MS);
    };
  }
  return store;
}

/** A store whose client libraries may use: see `createRedisStore`'s `commandTimeout`. */
export const createRedisStoreForLibraries = (url: string) => createRedisStore(url, "swapco:", ANSWER_WITHIN_MS);
