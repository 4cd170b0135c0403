// Shared pieces of the BFF's HTTP tests: a raw HTTP client (exact bytes, any header, any local
// address), the error-shape check, and a standalone upstream whose sandbox can be swapped and watched.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, expect } from "vitest";
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import {
  bffErrorBodySchema,
  quoteAnswerSchema,
  swapCreatedSchema,
  type QuoteAnswer,
  type SwapCreated,
} from "@/lib/schema/bff";
import { startRedis, type RunningRedis } from "../support/redis";
import { startApp, type RunningApp } from "../support/servers";

export type HttpResult = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** One header, lowercase name; repeated values joined with ", ". */
  header: (name: string) => string | undefined;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** Everything a reader of the answer sees: status line, headers and body. */
  raw: string;
};

export type CallOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (with content-type application/json unless headers set one). */
  body?: string | Buffer | Uint8Array | object;
  /** Source address of the connection: 127.0.0.x is a different client on loopback. */
  localAddress?: string;
  timeoutMs?: number;
};

/** One HTTP request with node:http, so bodies, header values and paths go out exactly as given. */
export function call(origin: string, path: string, options: CallOptions = {}): Promise<HttpResult> {
  const url = new URL(origin);
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === "string") body = Buffer.from(options.body, "utf8");
    else if (options.body instanceof Uint8Array) body = Buffer.from(options.body);
    else {
      body = Buffer.from(JSON.stringify(options.body), "utf8");
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json";
    }
  }
  const has = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  // node:http sends a GET/DELETE/OPTIONS body with no framing at all unless told its length.
  if (body && !has("content-length") && !has("transfer-encoding")) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? (body ? "POST" : "GET"),
        path,
        headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = text === "" ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          const header = (name: string) => {
            const v = res.headers[name.toLowerCase()];
            return Array.isArray(v) ? v.join(", ") : v;
          };
          const raw = [
            `HTTP ${res.statusCode}`,
            ...res.rawHeaders.map((h, i) => (i % 2 ? `${h}\n` : `${h}: `)),
            text,
          ].join("");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, header, text, json, raw });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`${options.method ?? "GET"} ${path} timed out`)),
    );
    req.on("error", reject);
    req.end(body);
  });
}

export const postJson = (
  origin: string,
  path: string,
  body: unknown,
  options: Omit<CallOptions, "body" | "method"> = {},
) =>
  call(origin, path, {
    ...options,
    method: "POST",
    body: typeof body === "string" ? body : Buffer.from(JSON.stringify(body)),
    headers: { "content-type": "application/json", ...options.headers },
  });

/** The BFF's error shape exactly: `{ error: { code, message, details }, requestId }`, requestId = header. */
export function expectError(res: HttpResult, status: number, code: string) {
  const context = `${res.raw.slice(0, 2000)}`;
  expect(res.status, context).toBe(status);
  expect(res.header("content-type"), context).toMatch(/^application\/json/);
  expectErrorShape(res);
  expect((res.json as { error: { code: string } }).error.code, context).toBe(code);
  return res.json as { error: { code: string; message: string; details: Record<string, unknown> }; requestId: string };
}

/** Exactly the error shape, with a message for people and the request id of the header. */
export function expectErrorShape(res: HttpResult) {
  const context = `${res.raw.slice(0, 2000)}`;
  const body = res.json as Record<string, unknown> | undefined;
  expect(body, context).toBeTypeOf("object");
  expect(Object.keys(body!).sort(), context).toEqual(["error", "requestId"]);
  expect(Object.keys(body!.error as object).sort(), context).toEqual(["code", "details", "message"]);
  const parsed = bffErrorBodySchema.safeParse(body);
  expect(parsed.success, context).toBe(true);
  const { error, requestId } = parsed.data!;
  expect(error.message.length, context).toBeGreaterThan(0);
  expect(error.message, context).not.toMatch(/\bat .+:\d+:\d+|Error:|stack/);
  expect(requestId, context).toBe(res.header("x-request-id"));
}

// ---- checkout steps -----------------------------------------------------------------------------

export const TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";
export const TRON_ADDRESS_2 = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
export const BTC_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
export const XRP_ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

export const btcToUsdtTron = (amount = "0.01") => ({
  from: { network: "bitcoin", token: "BTC", amount },
  to: { network: "tron", token: "USDT" },
});

/** POST /api/v1/quote, answered as it comes (`quote` when it must succeed). */
export const postQuote = (
  origin: string,
  body: unknown = btcToUsdtTron(),
  options: Omit<CallOptions, "body" | "method"> = {},
) => postJson(origin, "/api/v1/quote", body, options);

/** POST /api/v1/address for a USDT address on Tron, answered as it comes. */
export const checkTronAddress = (
  origin: string,
  address = TRON_ADDRESS,
  options: Omit<CallOptions, "body" | "method"> = {},
) => postJson(origin, "/api/v1/address", { network: "tron", token: "USDT", address }, options);

export async function quote(
  origin: string,
  body: object = btcToUsdtTron(),
  options: Omit<CallOptions, "body" | "method"> = {},
): Promise<QuoteAnswer> {
  const res = await postQuote(origin, body, options);
  expect(res.status, res.raw).toBe(200);
  return quoteAnswerSchema.parse(res.json);
}

export const swapBody = (quoteId: string, address = TRON_ADDRESS, extra: object = {}) => ({
  quoteId,
  destination: { address },
  ...extra,
});

export function createSwap(
  origin: string,
  body: object,
  key: string = crypto.randomUUID(),
  options: Omit<CallOptions, "body" | "method"> = {},
) {
  return postJson(origin, "/api/v1/swap", body, {
    ...options,
    headers: { "idempotency-key": key, ...options.headers },
  });
}

export async function newSwap(origin: string): Promise<SwapCreated> {
  const q = await quote(origin);
  const res = await createSwap(origin, swapBody(q.id));
  expect(res.status, res.raw).toBe(200);
  return swapCreatedSchema.parse(res.json);
}

export { sleep } from "@/lib/timing";

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}

// ---- a standalone upstream for upstream mode ----------------------------------------------------

type SeenRequest = { method: string; path: string; apiKey: string | null; at: number };
type Next = (req: Request) => Promise<Response>;

export type Upstream = {
  origin: string;
  /** PARTNER_API_BASE_URL for the app. */
  baseUrl: string;
  /** The sandbox answering now. */
  sandbox: Sandbox;
  /** Answers from now on with a fresh sandbox configured by SANDBOX_* `env`. */
  use: (env?: Record<string, string>) => Sandbox;
  /** Every request that reached this server, in order. */
  seen: SeenRequest[];
  count: (method: string, path: string | RegExp) => number;
  /** Sits between the network and the sandbox: delay, replace or observe answers. */
  intercept: ((req: Request, next: Next) => Promise<Response>) | null;
  /** `GET /v1/swap` total as the sandbox reports it (in process; not through the app). */
  swapTotal: () => Promise<number>;
  close: () => Promise<void>;
};

/** The sandbox over real HTTP on a free loopback port, behind a switchable, observable front. */
export async function startUpstream(env: Record<string, string> = {}): Promise<Upstream> {
  const make = (e: Record<string, string>) => createSandbox(sandboxEnvSchema.parse(e));
  const upstream = {
    sandbox: make(env),
    seen: [] as SeenRequest[],
    intercept: null as Upstream["intercept"],
  } as Upstream;
  const { origin, close } = await serveHandler(async (req) => {
    const url = new URL(req.url);
    upstream.seen.push({
      method: req.method,
      path: url.pathname + url.search,
      apiKey: req.headers.get("x-api-key"),
      at: Date.now(),
    });
    const next: Next = (r) => upstream.sandbox.handle(r);
    return upstream.intercept ? upstream.intercept(req, next) : next(req);
  });
  upstream.origin = origin;
  upstream.baseUrl = `${origin}/v1`;
  upstream.close = close;
  upstream.use = (e = {}) => (upstream.sandbox = make(e));
  upstream.count = (method, path) =>
    upstream.seen.filter(
      (s) => s.method === method && (typeof path === "string" ? s.path.split("?")[0] === path : path.test(s.path)),
    ).length;
  upstream.swapTotal = async () => {
    const res = await upstream.sandbox.handle(
      new Request(`${origin}/v1/swap?limit=1`, { headers: { "x-api-key": upstream.sandbox.options.apiKey } }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { total: number }).total;
  };
  return upstream;
}

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

/** For one describe block: `fixture` started before its tests and stopped after. */
function forBlock<T extends object>(fixture: Fixture<T>): T {
  const running = {} as T;
  beforeAll(() => fixture.start(running));
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

/** For one describe block: the production build on its embedded sandbox, started before its tests and stopped after. */
export const sandboxApp = (env: Record<string, string> = {}) => forBlock(sandboxAppFixture(env));

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
