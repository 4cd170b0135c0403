// The Partner Swap API v1 client: one typed function per operation. It knows nothing of routes,
// stores or the sandbox; it is handed a fetch-shaped transport and talks HTTP semantics to it.
import "server-only";
import { z } from "zod";
import {
  addressValidationSchema,
  assetListSchema,
  errorBodySchema,
  errorCodeSchema,
  quoteSchema,
  swapIdPattern,
  swapListSchema,
  swapSchema,
  type CreateQuoteRequest,
  type CreateSwapRequest,
  type ListAssetsQuery,
  type ListSwapsQuery,
  type ValidateAddressRequest,
} from "@/lib/schema/partner";
import { PartnerError, isPartnerError, parseRetryAfter } from "./errors";

export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export type Operation = "listAssets" | "validateAddress" | "createQuote" | "createSwap" | "getSwap" | "listSwaps";

export type PartnerClientOptions = {
  /** Ends in `/v1`. */
  baseUrl: string;
  apiKey: string;
  transport: Transport;
  timeoutMs: number;
  /** Extra attempts for safe calls; total attempts = 1 + maxRetries. */
  maxRetries?: number;
  /** Base and cap of the full-jitter backoff, ms. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A `Retry-After` longer than this is not waited out in-request; the error goes to the caller. */
  maxRetryWaitMs?: number;
  /** Called before every attempt, e.g. to spend a shared request budget. */
  beforeAttempt?: (operation: Operation, priority: Priority, onBehalfOf: string | undefined) => Promise<void>;
  /** Called after an upstream 429, so a shared budget can shrink. */
  onRateLimited?: (retryAfterSeconds: number | null) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The x-request-id a call made under the caller's `requestId` sends (default: that id). */
  upstreamRequestId?: (requestId: string) => string;
  /** Called as each attempt starts (metrics, traces): what it returns hears how the attempt went. */
  observe?: (attempt: { operation: Operation; method: string; url: string }) => AttemptObserver;
};

/** Watches one attempt: headers to send with it, the HTTP status of its answer, and its end (an error, or none). */
export type AttemptObserver = {
  headers?: Record<string, string>;
  answered?: (status: number) => void;
  end: (error?: unknown) => void;
};

/**
 * Who waits on a call, for the shared budget, most important first: creating a swap, quoting,
 * refreshing statuses in bulk (and reads a person is waiting on), other single status reads, the
 * asset list, the dashboard. `urgent`: a single status read a person is waiting on (a deposit in
 * flight), paced by the caller: the refresh ceiling, but never waiting for budget.
 */
export type Priority = "create" | "quote" | "refresh" | "status" | "assets" | "dashboard" | "urgent";

export type CallContext = {
  /** Propagated as `x-request-id`. */
  requestId?: string;
  /** Budget class; defaults by operation (createSwap → create, createQuote/validateAddress → quote, …). */
  priority?: Priority;
  signal?: AbortSignal;
  /** Whom the call is made for (a client's id), so a shared budget can cap each one's share. */
  onBehalfOf?: string;
  /** Extra headers for this call (tests use `x-sandbox-fault`). */
  headers?: Record<string, string>;
};

type Call<S extends z.core.$ZodType> = {
  operation: Operation;
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  schema: S;
  /** Safe to repeat: GETs, and POST /swap, which the service makes retry-safe per quoteId. */
  retrySafe: boolean;
};

const defaultPriority: Record<Operation, Priority> = {
  createSwap: "create",
  createQuote: "quote",
  validateAddress: "quote",
  getSwap: "status",
  listSwaps: "refresh",
  listAssets: "assets",
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPartnerClient(options: PartnerClientOptions) {
  const {
    baseUrl,
    apiKey,
    transport,
    timeoutMs,
    maxRetries = 2,
    backoffBaseMs = 200,
    backoffCapMs = 2_000,
    maxRetryWaitMs = 3_000,
    sleep = defaultSleep,
    random = Math.random,
  } = options;
  // Credentials in the base URL (https://user:pass@host/v1) go as HTTP Basic auth: fetch refuses a
  // URL that carries them. They never leave the server (the CSP and logs name the origin alone).
  const parsedBase = new URL(baseUrl);
  const basicAuth =
    parsedBase.username || parsedBase.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(parsedBase.username)}:${decodeURIComponent(parsedBase.password)}`).toString("base64")}`
      : null;
  parsedBase.username = "";
  parsedBase.password = "";
  const base = parsedBase.toString().replace(/\/+$/, "");

  async function attempt<S extends z.core.$ZodType>(call: Call<S>, ctx: CallContext): Promise<z.output<S>> {
    const url = new URL(base + call.path);
    for (const [name, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, value);
    const observer = options.observe?.({ operation: call.operation, method: call.method, url: url.toString() });
    try {
      const result = await exchange(call, ctx, url, observer);
      observer?.end();
      return result;
    } catch (error) {
      observer?.end(error);
      throw error;
    }
  }

  async function exchange<S extends z.core.$ZodType>(
    call: Call<S>,
    ctx: CallContext,
    url: URL,
    observer?: AttemptObserver,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "x-api-key": apiKey,
      ...observer?.headers,
      ...ctx.headers,
    };
    if (ctx.requestId) headers["x-request-id"] = options.upstreamRequestId?.(ctx.requestId) ?? ctx.requestId;
    if (basicAuth) headers.authorization = basicAuth;
    if (call.body !== undefined) headers["content-type"] = "application/json";

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await transport(url.toString(), {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        redirect: "manual",
        signal,
      });
      observer?.answered?.(response.status);
      text = await response.text();
    } catch (cause) {
      if (timeout.aborted) {
        throw new PartnerError({
          code: "upstream_timeout",
          message: `${call.operation} got no answer within ${timeoutMs} ms`,
          cause,
        });
      }
      if (ctx.signal?.aborted) throw cause;
      throw new PartnerError({
        code: "upstream_unreachable",
        message: `${call.operation} could not reach the upstream`,
        cause,
      });
    }

    const requestId = response.headers.get("x-request-id");
    if (response.status >= 300 && response.status < 400) {
      throw new PartnerError({
        code: "upstream_malformed",
        status: response.status,
        requestId,
        message: `${call.operation} was redirected; redirects are refused`,
      });
    }
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }

    if (!response.ok) throw errorFrom(response, json, requestId, call.operation);

    const parsed = z.safeParse(call.schema, json);
    if (!parsed.success) {
      throw new PartnerError({
        code: "upstream_malformed",
        status: response.status,
        requestId,
        message: `${call.operation} answered a body that does not match the spec`,
        details: { issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`) },
      });
    }
    return parsed.data;
  }

  function errorFrom(response: Response, json: unknown, requestId: string | null, operation: Operation): PartnerError {
    const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
    const body = errorBodySchema.safeParse(json);
    const code = body.success ? errorCodeSchema.safeParse(body.data.error.code) : undefined;
    if (body.success && code?.success) {
      return new PartnerError({
        code: code.data,
        status: response.status,
        requestId: body.data.requestId ?? requestId,
        retryAfterSeconds,
        message: body.data.error.message,
        details: body.data.error.details,
      });
    }
    // No usable error body: judge by the status alone.
    const fallback =
      response.status === 429
        ? "rate_limited"
        : response.status === 401
          ? "invalid_api_key"
          : response.status === 403
            ? "inactive_partner"
            : response.status === 503
              ? "provider_unavailable"
              : response.status >= 500
                ? "internal_error"
                : "upstream_malformed";
    return new PartnerError({
      code: fallback,
      status: response.status,
      requestId,
      retryAfterSeconds,
      message: `${operation} failed with HTTP ${response.status}`,
    });
  }

  async function call<S extends z.core.$ZodType>(c: Call<S>, given: CallContext = {}): Promise<z.output<S>> {
    // One request id per call, kept by its retries, so upstream logs tie the attempts together.
    const ctx = { ...given, requestId: given.requestId ?? `req_${crypto.randomUUID().replaceAll("-", "")}` };
    const attempts = c.retrySafe ? 1 + maxRetries : 1;
    for (let n = 1; ; n++) {
      try {
        await options.beforeAttempt?.(c.operation, ctx.priority ?? defaultPriority[c.operation], ctx.onBehalfOf);
        return await attempt(c, ctx);
      } catch (error) {
        if (!isPartnerError(error)) throw error;
        if (error.code === "rate_limited") options.onRateLimited?.(error.retryAfterSeconds);
        // A call that got no answer in time is not tried again: an upstream that hangs once hangs
        // again, and three waits of timeoutMs kept a person (and a status poll with an answer at
        // hand) waiting 30 s. Fast failures (a refused connection, a 503) are retried.
        if (n >= attempts || !error.retryable || error.code === "upstream_timeout") throw error;
        // Full jitter (random between 0 and the exponential cap), never shorter than Retry-After.
        const backoff = random() * Math.min(backoffCapMs, backoffBaseMs * 2 ** (n - 1));
        const wait = Math.max(backoff, (error.retryAfterSeconds ?? 0) * 1000);
        if (wait > maxRetryWaitMs) throw error;
        await sleep(wait);
      }
    }
  }

  function requireSwapId(id: string) {
    // Ids go into a path: check them against the spec's pattern first.
    if (!swapIdPattern.test(id))
      throw new PartnerError({
        code: "validation_error",
        status: 400,
        message: "swap id must be 12 uppercase letters or digits",
      });
    return id;
  }

  return {
    listAssets: (query: ListAssetsQuery = {}, ctx?: CallContext) =>
      call(
        { operation: "listAssets", method: "GET", path: "/asset", query, schema: assetListSchema, retrySafe: true },
        ctx,
      ),
    validateAddress: (body: ValidateAddressRequest, ctx?: CallContext) =>
      call(
        {
          operation: "validateAddress",
          method: "POST",
          path: "/address",
          body,
          schema: addressValidationSchema,
          retrySafe: true,
        },
        ctx,
      ),
    createQuote: (body: CreateQuoteRequest, ctx?: CallContext) =>
      call(
        { operation: "createQuote", method: "POST", path: "/quote", body, schema: quoteSchema, retrySafe: false },
        ctx,
      ),
    createSwap: (body: CreateSwapRequest, ctx?: CallContext) =>
      call({ operation: "createSwap", method: "POST", path: "/swap", body, schema: swapSchema, retrySafe: true }, ctx),
    getSwap: async (id: string, ctx?: CallContext) =>
      call(
        {
          operation: "getSwap",
          method: "GET",
          path: `/swap/${requireSwapId(id)}`,
          schema: swapSchema,
          retrySafe: true,
        },
        ctx,
      ),
    listSwaps: (query: ListSwapsQuery = {}, ctx?: CallContext) =>
      call(
        {
          operation: "listSwaps",
          method: "GET",
          path: "/swap",
          query: query as Record<string, string | undefined>,
          schema: swapListSchema,
          retrySafe: true,
        },
        ctx,
      ),
  };
}

export type PartnerClient = ReturnType<typeof createPartnerClient>;
