// One typed error for everything that can go wrong talking to the Partner Swap API.
import { hasBrand } from "@/lib/brand";
import type { ErrorCode } from "@/lib/schema/partner";

/** The spec's codes, plus what the transport itself can observe. */
export type PartnerErrorCode = ErrorCode | "upstream_timeout" | "upstream_unreachable" | "upstream_malformed";

const brand = Symbol.for("swap-checkout.PartnerError");

/** A PartnerError from any bundle's copy of this module (lib/brand.ts says why not `instanceof`). */
export const isPartnerError = (value: unknown): value is PartnerError => hasBrand(value, brand);

export class PartnerError extends Error {
  readonly [brand] = true;
  readonly code: PartnerErrorCode;
  /** HTTP status the upstream answered with; 0 when no answer arrived. */
  readonly status: number;
  readonly requestId: string | null;
  /** Seconds from the upstream's `Retry-After`, when it sent one. */
  readonly retryAfterSeconds: number | null;
  readonly details: Record<string, unknown>;

  constructor(init: {
    code: PartnerErrorCode;
    message: string;
    status?: number;
    requestId?: string | null;
    retryAfterSeconds?: number | null;
    details?: Record<string, unknown>;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = "PartnerError";
    this.code = init.code;
    this.status = init.status ?? 0;
    this.requestId = init.requestId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.details = init.details ?? {};
  }

  /** Worth another try of a safe call: nothing was decided upstream, or it asked us to wait. */
  get retryable(): boolean {
    return (
      this.code === "upstream_timeout" ||
      this.code === "upstream_unreachable" ||
      this.code === "upstream_malformed" ||
      this.code === "rate_limited" ||
      this.code === "internal_error" ||
      this.code === "provider_unavailable" ||
      this.status >= 500
    );
  }
}

/** `Retry-After` as seconds: an integer, or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d{1,7}$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
