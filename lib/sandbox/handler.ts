// The sandbox as a Web-standard handler: (Request) => Promise<Response>. Served over HTTP by
// `npm run sandbox`, or called in process by the app when no upstream is configured.
import { advanceClock, seedSwaps, simulateDeposit } from "./controls";
import { createScaledClock, type SandboxClock } from "./clock";
import { SandboxError, errorResponse, json, requestIdOf } from "./http";
import {
  createQuote,
  createSwap,
  getSwap,
  listAssets,
  listSwaps,
  validateAddress,
  type SandboxContext,
} from "./operations";
import { defaultSandboxOptions, inactiveSandboxKey, type SandboxOptions } from "./options";
import { emptyState } from "./state";
import { jsonMediaType, readCapped, singleValued } from "@/lib/request-input";

export type Sandbox = {
  handle: (req: Request) => Promise<Response>;
  clock: SandboxClock;
  options: SandboxOptions;
  reset: () => void;
};

export type SandboxDeps = { clock?: SandboxClock; random?: () => number; sleep?: (ms: number) => Promise<void> };

const faultNames = ["internal_error", "provider_unavailable", "rate_limited", "malformed", "slow"] as const;
type Fault = (typeof faultNames)[number];

// PUBLIC-FACTS: provider_unavailable is an answer of quote and swap creation, the calls that need a
// route; under that fault every other call answers as usual.
const providerCalls = new Set(["POST /v1/quote", "POST /v1/swap"]);
const faultApplies = (fault: Fault, call: string) => fault !== "provider_unavailable" || providerCalls.has(call);

// The spec publishes no body limit; this one is ours, far above the largest valid body (under 2 KiB).
const MAX_BODY_BYTES = 64 * 1024;
const noRoute = Symbol("no route");

/**
 * HTTP's answer to a body past the limit is 413 (RFC 9110 §15.5.14). The spec has no code of its
 * own for it, so it is said as its request-validation code, in its error shape.
 */
const tooLarge = () =>
  new SandboxError(
    "validation_error",
    `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    { maxBytes: MAX_BODY_BYTES },
    {},
    413,
  );

/**
 * The query as one value per name. The spec's parameters are single values (the OpenAPI types
 * them string or integer, not array) and says nothing of one sent twice; keeping either value
 * silently would hide the mistake (`limit=5&limit=500`), so the sandbox refuses it, naming the
 * parameter as its other query refusals do. A comma list (`status=a,b`) is one value.
 */
const singleValuedQuery = (params: URLSearchParams) =>
  singleValued(
    params,
    (name) =>
      new SandboxError("validation_error", `${name}: given more than once`, {
        fields: { [name]: "given more than once" },
      }),
  );

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new SandboxError("validation_error", "The path is not valid URL encoding.");
  }
}

export function createSandbox(options: SandboxOptions = defaultSandboxOptions(), deps: SandboxDeps = {}): Sandbox {
  const clock = deps.clock ?? createScaledClock(options.timeScale);
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const ctx: SandboxContext = { options, clock, state: emptyState() };

  function authenticate(req: Request) {
    const key = req.headers.get("x-api-key");
    if (key === inactiveSandboxKey)
      throw new SandboxError("inactive_partner", "API access is disabled for this partner.");
    if (!key || key !== options.apiKey) throw new SandboxError("invalid_api_key", "API key is invalid.");
    return key;
  }

  /**
   * Sliding one-minute window per key, in sandbox time: a faster clock allows that many more
   * requests per real minute (the polling bench sizes the BFF's budget on it). Retry-After is real.
   */
  function spendRateLimit(key: string) {
    const now = clock.now();
    const log = (ctx.state.requestLog.get(key) ?? []).filter((t) => t > now - 60_000);
    if (log.length >= options.rateLimitPerMinute) {
      const retryAfter = Math.max(1, Math.ceil((log[0]! + 60_000 - now) / 1000 / options.timeScale));
      ctx.state.requestLog.set(key, log);
      throw new SandboxError(
        "rate_limited",
        "Too many API requests. Please wait a moment and try again.",
        {},
        { "retry-after": String(retryAfter) },
      );
    }
    log.push(now);
    ctx.state.requestLog.set(key, log);
  }

  // A forced fault answers once per request id: a client's retry of the same call (same
  // x-request-id) then goes through, as it would after a real transient failure.
  const faulted = new Set<string>();
  function pickFault(req: Request, requestId: string, call: string): Fault | null {
    const forced = req.headers.get("x-sandbox-fault");
    if (
      forced &&
      (faultNames as readonly string[]).includes(forced) &&
      faultApplies(forced as Fault, call) &&
      !faulted.has(requestId)
    ) {
      if (faulted.size > 10_000) faulted.clear();
      if (req.headers.has("x-request-id")) faulted.add(requestId);
      return forced as Fault;
    }
    const { errorRate, unavailableRate, malformedRate } = options.faults;
    const roll = random();
    if (roll < errorRate) return "internal_error";
    if (roll < errorRate + unavailableRate)
      return faultApplies("provider_unavailable", call) ? "provider_unavailable" : null;
    if (roll < errorRate + unavailableRate + malformedRate) return "malformed";
    return null;
  }

  async function readBody(req: Request): Promise<unknown> {
    const text = new TextDecoder().decode(await readCapped(req, MAX_BODY_BYTES, tooLarge));
    if (text.trim() === "") return undefined;
    // The spec's bodies are JSON, and the OpenAPI describes each as application/json only: another
    // media type is not a body the service takes. HTTP's answer is 415 (RFC 9110 §15.5.16); the
    // code is the spec's for a request that fails validation. An empty body needs no type.
    if (!jsonMediaType.test(req.headers.get("content-type") ?? "")) {
      throw new SandboxError(
        "validation_error",
        "The request body must be JSON, sent with content-type: application/json.",
        {},
        {},
        415,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SandboxError("validation_error", "The request body is not valid JSON.");
    }
  }

  async function route(req: Request, method: string, path: string, params: URLSearchParams): Promise<unknown> {
    const swapMatch = /^\/v1\/swap\/([^/]*)$/.exec(path);
    const depositMatch = /^\/sandbox\/swaps\/([^/]*)\/deposit$/.exec(path);
    // Read per route, so an unknown route is 404 whatever its query.
    const query = () => singleValuedQuery(params);
    if (method === "GET" && path === "/v1/asset") return listAssets(ctx, query());
    if (method === "POST" && path === "/v1/address") return validateAddress(ctx, await readBody(req));
    if (method === "POST" && path === "/v1/quote") return createQuote(ctx, await readBody(req));
    if (method === "POST" && path === "/v1/swap") return createSwap(ctx, await readBody(req));
    if (method === "GET" && path === "/v1/swap") return listSwaps(ctx, query());
    if (method === "GET" && swapMatch) return getSwap(ctx, decodeSegment(swapMatch[1]!), query());
    if (method === "POST" && depositMatch)
      return simulateDeposit(ctx, decodeSegment(depositMatch[1]!), await readBody(req));
    if (method === "POST" && path === "/sandbox/seed") return seedSwaps(ctx, await readBody(req));
    if (method === "POST" && path === "/sandbox/clock") return advanceClock(ctx, await readBody(req));
    if (method === "POST" && path === "/sandbox/reset") {
      Object.assign(ctx.state, emptyState());
      return { reset: true };
    }
    return noRoute;
  }

  async function handle(req: Request): Promise<Response> {
    const requestId = requestIdOf(req);
    const url = new URL(req.url);
    // Served at any prefix (…/v1/…): the standalone server at the root, the app in process.
    const path = url.pathname.replace(/^.*?(?=\/(v1|sandbox)(\/|$))/, "").replace(/\/+$/, "");
    const isControl = path.startsWith("/sandbox/");
    try {
      if (options.faults.latencyMs > 0) await sleep(options.faults.latencyMs);
      const key = authenticate(req);
      if (!isControl) spendRateLimit(key);
      const fault = isControl ? null : pickFault(req, requestId, `${req.method} ${path}`);
      switch (fault) {
        case "internal_error":
          throw new SandboxError("internal_error", "The request failed on the server.");
        case "provider_unavailable":
          throw new SandboxError("provider_unavailable", "The route service is temporarily unavailable.");
        case "rate_limited":
          throw new SandboxError(
            "rate_limited",
            "Too many API requests. Please wait a moment and try again.",
            {},
            { "retry-after": "1" },
          );
        case "malformed":
          return new Response('{"swaps": [{"id": "TRUNCATED', {
            status: 200,
            headers: { "content-type": "application/json", "x-request-id": requestId },
          });
        case "slow":
          await sleep(options.slowMs);
      }
      const result = await route(req, req.method, path, url.searchParams);
      if (result === noRoute) {
        // The spec has no code for an unknown path, and its list of codes is closed (a client reads
        // `error.code` as that enum). 404 is HTTP's status; of the listed codes, validation_error,
        // a request the service cannot take, fits: the *_not_found ones name a quote or a swap.
        const message = `No such endpoint: ${req.method} ${url.pathname}`;
        return json({ error: { code: "validation_error", message, details: {} }, requestId }, requestId, 404);
      }
      return json(result, requestId);
    } catch (error) {
      if (error instanceof SandboxError) return errorResponse(error, requestId);
      console.error(`[sandbox] ${requestId}`, error);
      return errorResponse(new SandboxError("internal_error", "The request failed on the server."), requestId);
    }
  }

  return {
    handle,
    clock,
    options,
    reset: () => Object.assign(ctx.state, emptyState()),
  };
}
