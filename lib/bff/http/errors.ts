// The BFF's one error kind, and the one place that decides what a browser may see of a failure.
import "server-only";
import { hasBrand } from "@/lib/brand";
import type { BffErrorCode } from "@/lib/schema/bff";
import { config } from "@/lib/config";
import { isDatabaseUnavailable } from "@/lib/ledger/unavailable";
import { PartnerError, isPartnerError } from "@/lib/partner/errors";
import { log } from "@/lib/observability/log";

const statusOf: Record<BffErrorCode, number> = {
  validation_error: 400,
  unsupported_asset: 400,
  unsupported_pair: 400,
  unsupported_memo: 400,
  quote_expired: 400,
  unauthorized: 401,
  forbidden_origin: 403,
  not_found: 404,
  quote_not_found: 404,
  swap_not_found: 404,
  method_not_allowed: 405,
  quote_already_used: 409,
  request_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_mismatch: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  provider_unavailable: 503,
  service_unavailable: 503,
  upstream_timeout: 504,
};

/** Messages for people. The code is the contract; these are the English defaults. */
const defaultMessages: Record<BffErrorCode, string> = {
  validation_error: "Some of the details are not valid. Check them and try again.",
  unsupported_asset: "This asset is not available for swaps right now.",
  unsupported_pair: "This pair cannot be swapped. Choose another asset to receive.",
  unsupported_memo: "This network cannot carry a memo. Remove the memo, or choose another asset.",
  quote_expired: "This price has expired. Get a new quote to continue.",
  unauthorized: "Please sign in.",
  forbidden_origin: "This request came from another site and was refused.",
  not_found: "There is nothing here.",
  quote_not_found: "This quote no longer exists. Get a new quote to continue.",
  swap_not_found: "We could not find this swap. Check the link you were given.",
  method_not_allowed: "This action is not supported here.",
  quote_already_used: "This quote was already used for a swap. Get a new quote to continue.",
  request_in_progress: "Your swap is still being created. Wait a moment; do not send funds yet.",
  payload_too_large: "The request is too large.",
  unsupported_media_type: "The request must be JSON.",
  idempotency_mismatch: "This request was already sent with different details. Start again from the quote.",
  rate_limited: "Too many requests. Wait a moment and try again.",
  internal_error: "Something went wrong on our side. Try again in a moment.",
  upstream_error: "The swap service sent an answer we could not read. Try again in a moment.",
  provider_unavailable: "The swap service is temporarily unavailable. Try again in a few minutes.",
  service_unavailable: "Swaps are temporarily unavailable. Try again later.",
  upstream_timeout: "The swap service took too long to answer. Try again in a moment.",
};

const brand = Symbol.for("swap-checkout.ApiError");

/** An ApiError from any bundle's copy of this module (lib/brand.ts says why not `instanceof`). */
export const isApiError = (value: unknown): value is ApiError => hasBrand(value, brand);

export class ApiError extends Error {
  readonly [brand] = true;
  readonly status: number;
  constructor(
    readonly code: BffErrorCode,
    message: string = defaultMessages[code],
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = statusOf[code];
  }
}

export const retryAfterHeader = (seconds: number) => ({ "retry-after": String(Math.max(1, Math.ceil(seconds))) });

/** Upstream codes about the user's own request pass through; everything else is ours to word. */
const passThrough = new Set<BffErrorCode>([
  "validation_error",
  "unsupported_asset",
  "unsupported_pair",
  "unsupported_memo",
  "quote_expired",
  "quote_not_found",
  "quote_already_used",
  "swap_not_found",
]);

const keyShaped = /lsk_(live|test)_[A-Za-z0-9_-]+/g;

/** Upstream words shown to a browser never carry a key, ours or one shaped like it. */
function redact<T>(value: T): T {
  const key = config().PARTNER_API_KEY;
  const clean = (text: string) => (key ? text.replaceAll(key, "[redacted]") : text).replace(keyShaped, "[redacted]");
  if (typeof value === "string") return clean(value) as T;
  if (value && typeof value === "object") return JSON.parse(clean(JSON.stringify(value))) as T;
  return value;
}

/** A failure as one log line, with anything shaped like a key redacted (upstream text included). */
export function forLog(error: unknown): string {
  if (isPartnerError(error)) return redact(`${error.code}: ${error.message}`);
  return redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

export function fromPartnerError(error: PartnerError, requestId: string): ApiError {
  switch (error.code) {
    case "invalid_api_key":
    case "inactive_partner":
      log().error(
        { requestId },
        `[bff] UPSTREAM REJECTED OUR API KEY (${error.code}, upstream request ${error.requestId ?? "-"}): check PARTNER_API_KEY and the partner account`,
      );
      return new ApiError("service_unavailable");
    case "rate_limited":
      return new ApiError("rate_limited", undefined, {}, retryAfterHeader(error.retryAfterSeconds ?? 30));
    case "provider_unavailable":
    case "internal_error":
    case "upstream_unreachable":
      log().warn({ requestId }, `[bff] upstream unavailable: ${error.code} ${redact(error.message)}`);
      return new ApiError("provider_unavailable", undefined, {}, retryAfterHeader(30));
    case "upstream_malformed":
      log().warn(
        { requestId, details: redact(error.details) },
        `[bff] upstream answered malformed: ${redact(error.message)}`,
      );
      return new ApiError("upstream_error");
    case "upstream_timeout":
      log().warn({ requestId }, `[bff] ${redact(error.message)}`);
      return new ApiError("upstream_timeout");
    default: {
      const code = error.code as BffErrorCode;
      if (!passThrough.has(code)) return new ApiError("internal_error");
      // The code is the upstream's; the words are ours. An upstream's own text can name its hosts,
      // tables or accounts: it goes to our log (key-redacted), never to a browser. Bounds are
      // useful to a person and are numbers; of `fields`, which inputs were refused, not why.
      if (error.message) log().warn({ requestId }, `[bff] upstream refused the request: ${forLog(error)}`);
      const details: Record<string, unknown> = {};
      for (const key of ["minAmountIn", "maxAmountIn"]) {
        const bound = typeof error.details[key] === "number" ? String(error.details[key]) : error.details[key];
        if (typeof bound === "string" && /^\d{1,30}(\.\d{1,30})?$/.test(bound)) details[key] = bound;
      }
      const fields = error.details.fields;
      if (fields && typeof fields === "object") {
        const names = Object.keys(fields).filter(
          (name) => /^[A-Za-z][A-Za-z0-9_.[\]-]{0,63}$/.test(name) && !/key/i.test(name),
        );
        if (names.length)
          details.fields = Object.fromEntries(names.slice(0, 10).map((name) => [name, "refused by the swap service"]));
      }
      // Bounds are said in our words too, for a partner's own front end that shows the message.
      const bounds =
        details.minAmountIn && details.maxAmountIn
          ? `The amount must be between ${details.minAmountIn} and ${details.maxAmountIn}.`
          : details.minAmountIn
            ? `The amount must be at least ${details.minAmountIn}.`
            : details.maxAmountIn
              ? `The amount must be at most ${details.maxAmountIn}.`
              : undefined;
      return new ApiError(code, code === "validation_error" ? bounds : undefined, details);
    }
  }
}

export function errorResponse(error: unknown, requestId: string): Response {
  let apiError: ApiError;
  if (isApiError(error)) apiError = error;
  else if (isPartnerError(error)) apiError = fromPartnerError(error, requestId);
  else if (isDatabaseUnavailable(error)) {
    log().warn({ requestId }, `[bff] the ledger's database is not answering: ${forLog(error)}`);
    apiError = new ApiError(
      "service_unavailable",
      "The swap ledger's database is not answering. Try again in a moment.",
      {},
      retryAfterHeader(30),
    );
  } else {
    log().error({ requestId }, `[bff] unexpected failure: ${forLog(error)}`);
    apiError = new ApiError("internal_error");
  }
  return Response.json(
    { error: { code: apiError.code, message: apiError.message, details: apiError.details }, requestId },
    { status: apiError.status, headers: apiError.headers },
  );
}
