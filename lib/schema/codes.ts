// The enumerations both sides use, with no zod in them: a browser module that needs only a list
// of statuses or error codes imports them from here and does not pull in a schema library.
// lib/schema/partner.ts and lib/schema/bff.ts build their schemas from these lists.

export const swapStatuses = [
  "waiting_deposit",
  "deposit_detected",
  "underpaid",
  "processing",
  "completed",
  "refunded",
  "failed",
  "expired",
] as const;
export type SwapStatus = (typeof swapStatuses)[number];

export const terminalStatuses: readonly SwapStatus[] = ["completed", "refunded", "failed", "expired"];
export const isTerminalStatus = (status: SwapStatus) => terminalStatuses.includes(status);

export const errorCodes = [
  "inactive_partner",
  "internal_error",
  "invalid_api_key",
  "provider_unavailable",
  "quote_already_used",
  "quote_expired",
  "quote_not_found",
  "rate_limited",
  "swap_not_found",
  "unsupported_asset",
  "unsupported_memo",
  "unsupported_pair",
  "validation_error",
] as const;

const bffOwnErrorCodes = [
  "payload_too_large",
  "unsupported_media_type",
  "forbidden_origin",
  "idempotency_mismatch",
  "request_in_progress",
  "not_found",
  "method_not_allowed",
  "service_unavailable",
  "upstream_error",
  "upstream_timeout",
  "unauthorized",
] as const;
export const bffErrorCodes = [
  ...errorCodes.filter((c) => c !== "invalid_api_key" && c !== "inactive_partner"),
  ...bffOwnErrorCodes,
] as const;

export const rewardStatuses = ["available", "claiming", "claimed"] as const;
export const depositOutcomes = ["completed", "refunded", "failed"] as const;
