// The Partner Swap API v1 resources (spec/partner-swap-api-v1.md + PUBLIC-FACTS.md).
// Response schemas are tolerant: unknown fields are stripped, nullable where the public OpenAPI
// allows null. Request schemas are strict, as the service rejects unknown fields.
import * as z from "zod/mini";
import "./zod";
import { errorCodes, rewardStatuses, swapStatuses } from "./codes";

export { errorCodes, isTerminalStatus, rewardStatuses, swapStatuses, terminalStatuses } from "./codes";

export const quoteIdPattern = /^pq_[a-f0-9]{24}$/;
export const swapIdPattern = /^[A-Z0-9]{12}$/;

export const quoteIdSchema = z
  .string()
  .check(z.regex(quoteIdPattern, "quoteId must be pq_ followed by 24 lowercase hex characters"));
export const swapIdSchema = z.string().check(z.regex(swapIdPattern, "swap id must be 12 uppercase letters or digits"));

/** A decimal amount as the API carries it: digits, an optional fraction, no sign, no exponent. */
export const decimalStringSchema = z
  .string()
  .check(z.regex(/^(0|[1-9]\d{0,29})(\.\d{1,30})?$/, "must be a decimal string such as 0.01"));

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const swapStatusSchema = z.enum(swapStatuses);
export type SwapStatus = z.infer<typeof swapStatusSchema>;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** HTTP status of each code: the spec's table, completed by PUBLIC-FACTS. */
export const errorCodeStatus: Record<ErrorCode, number> = {
  validation_error: 400,
  unsupported_asset: 400,
  unsupported_pair: 400,
  unsupported_memo: 400,
  quote_expired: 400,
  invalid_api_key: 401,
  inactive_partner: 403,
  quote_not_found: 404,
  swap_not_found: 404,
  quote_already_used: 409,
  rate_limited: 429,
  internal_error: 500,
  provider_unavailable: 503,
};

// ---- resources -----------------------------------------------------------------------------

const assetSchema = z.object({
  symbol: z.string().check(z.minLength(1)),
  name: z.string(),
  network: z.string().check(z.minLength(1)),
  decimals: z.int().check(z.gte(0)),
  contractAddress: z.nullable(z.string()),
  logoUrl: z.nullable(z.string()),
  canSend: z.boolean(),
  canReceive: z.boolean(),
  requiresMemo: z.boolean(),
  supportsMemo: z.boolean(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetListSchema = z.object({
  generatedAt: z.string(),
  assets: z.array(assetSchema),
});
export type AssetList = z.infer<typeof assetListSchema>;

export const addressValidationSchema = z.object({
  valid: z.boolean(),
  normalizedAddress: z.nullable(z.string()),
  requiresMemo: z.boolean(),
  supportsMemo: z.boolean(),
  message: z.nullable(z.string()),
});
export type AddressValidation = z.infer<typeof addressValidationSchema>;

/** One side of a quote or swap: the asset, and (below) its amount or estimated amount. */
export const sideSchema = z.object({
  decimals: z.int().check(z.gte(0)),
  network: z.string(),
  token: z.string(),
});
export const sideFromSchema = z.extend(sideSchema, { amount: z.string() });
export const sideToSchema = z.extend(sideSchema, { estimatedAmount: z.string() });

export const quoteSchema = z.object({
  id: quoteIdSchema,
  expiresAt: z.string(),
  from: sideFromSchema,
  to: sideToSchema,
  rate: z.nullable(z.string()),
  minAmountIn: z.nullable(z.string()),
  maxAmountIn: z.nullable(z.string()),
  estimatedTimeSeconds: z.int().check(z.gte(0)),
});
export type Quote = z.infer<typeof quoteSchema>;

export const swapSchema = z.object({
  id: swapIdSchema,
  externalId: z.nullable(z.string()),
  status: swapStatusSchema,
  errorMessage: z.nullable(z.string()),
  from: sideFromSchema,
  to: sideToSchema,
  deposit: z.object({
    address: z.string(),
    memo: z.nullable(z.string()),
    amount: z.string(),
    network: z.string(),
    token: z.string(),
    deadline: z.string(),
  }),
  payout: z.object({
    address: z.string(),
    memo: z.nullable(z.string()),
    network: z.string(),
    token: z.string(),
    estimatedAmount: z.string(),
  }),
  quote: z.object({
    id: z.nullable(z.string()),
    rate: z.nullable(z.string()),
    estimatedTimeSeconds: z.int().check(z.gte(0)),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  customerId: z.nullable(z.string()),
});
export type Swap = z.infer<typeof swapSchema>;

const rewardStatusSchema = z.enum(rewardStatuses);
export type RewardStatus = z.infer<typeof rewardStatusSchema>;

const commissionSchema = z.object({
  bps: z.nullable(z.int()),
  rewardAmountUsdc: z.nullable(z.string()),
  rewardStatus: z.nullable(rewardStatusSchema),
});

export const swapListItemSchema = z.extend(swapSchema, { commission: commissionSchema });
export type SwapListItem = z.infer<typeof swapListItemSchema>;

export const swapListSchema = z.object({
  swaps: z.array(swapListItemSchema),
  total: z.int().check(z.gte(0)),
  limit: z.int(),
  offset: z.int(),
});
export type SwapList = z.infer<typeof swapListSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.catch(z.record(z.string(), z.unknown()), {}),
  }),
  requestId: z.optional(z.string()),
});

// ---- requests (strict: the service rejects unknown fields) ---------------------------------

const memoSchema = z.nullable(z.string().check(z.maxLength(256)));
const referenceSchema = z.nullable(z.string().check(z.maxLength(128)));
const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));

export const listAssetsQuerySchema = z.strictObject({
  network: z.optional(text(1, 64)),
  symbol: z.optional(text(1, 32)),
});
export type ListAssetsQuery = z.infer<typeof listAssetsQuerySchema>;

export const validateAddressRequestSchema = z.strictObject({
  network: text(1, 64),
  token: text(1, 32),
  address: text(1, 256),
  memo: z.optional(memoSchema),
});
export type ValidateAddressRequest = z.infer<typeof validateAddressRequestSchema>;

export const createQuoteRequestSchema = z.strictObject({
  from: z.strictObject({
    network: text(1, 64),
    token: text(1, 32),
    amount: decimalStringSchema,
  }),
  to: z.strictObject({
    network: text(1, 64),
    token: text(1, 32),
    memo: z.optional(memoSchema),
  }),
  externalId: z.optional(referenceSchema),
  customerId: z.optional(referenceSchema),
});
export type CreateQuoteRequest = z.infer<typeof createQuoteRequestSchema>;

export const createSwapRequestSchema = z.strictObject({
  quoteId: quoteIdSchema,
  destination: z.strictObject({
    address: text(1, 256),
    memo: z.optional(memoSchema),
  }),
  notificationEmail: z.optional(z.nullable(z.email().check(z.maxLength(254)))),
  refundAddress: z.optional(z.nullable(text(1, 256))),
});
export type CreateSwapRequest = z.infer<typeof createSwapRequestSchema>;

/** A whole number in a URL query (`?limit=25`), within [min, max]. */
export const queryInt = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,9}$/, "must be a whole number")), z.transform(Number)),
    z.int().check(z.gte(min), z.lte(max)),
  );

/** `status=completed,failed`: a comma list of spec statuses, at least one. */
export const statusListQuerySchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) => value.split(",")),
  ),
  z.array(swapStatusSchema).check(z.minLength(1)),
);

export const listSwapsQuerySchema = z.strictObject({
  limit: z.optional(queryInt(1, 100)),
  offset: z.optional(queryInt(0, 1_000_000_000)),
  status: z.optional(statusListQuerySchema),
  createdFrom: z.optional(isoDateTimeSchema),
  createdTo: z.optional(isoDateTimeSchema),
});
export type ListSwapsQuery = z.input<typeof listSwapsQuerySchema>;
