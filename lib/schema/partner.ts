// The Partner Swap API v1 resources (spec/partner-swap-api-v1.md + PUBLIC-FACTS.md).
// Response schemas are tolerant: unknown fields are stripped, nullable where the public OpenAPI
// allows null. Request schemas are strict, as the service rejects unknown fields.
import { z } from "zod";

export const quoteIdPattern = /^pq_[a-f0-9]{24}$/;
export const swapIdPattern = /^[A-Z0-9]{12}$/;

export const quoteIdSchema = z.string().regex(quoteIdPattern, "quoteId must be pq_ followed by 24 lowercase hex characters");
export const swapIdSchema = z.string().regex(swapIdPattern, "swap id must be 12 uppercase letters or digits");

/** A decimal amount as the API carries it: digits, an optional fraction, no sign, no exponent. */
export const decimalStringSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,29})(\.\d{1,30})?$/, "must be a decimal string such as 0.01");

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

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
export const swapStatusSchema = z.enum(swapStatuses);
export type SwapStatus = z.infer<typeof swapStatusSchema>;

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

export const assetSchema = z.object({
  symbol: z.string().min(1),
  name: z.string(),
  network: z.string().min(1),
  decimals: z.number().int().min(0),
  contractAddress: z.string().nullable(),
  logoUrl: z.string().nullable(),
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
  normalizedAddress: z.string().nullable(),
  requiresMemo: z.boolean(),
  supportsMemo: z.boolean(),
  message: z.string().nullable(),
});
export type AddressValidation = z.infer<typeof addressValidationSchema>;

const sideFromSchema = z.object({
  decimals: z.number().int().min(0),
  network: z.string(),
  token: z.string(),
  amount: z.string(),
});
const sideToSchema = z.object({
  decimals: z.number().int().min(0),
  network: z.string(),
  token: z.string(),
  estimatedAmount: z.string(),
});

export const quoteSchema = z.object({
  id: quoteIdSchema,
  expiresAt: z.string(),
  from: sideFromSchema,
  to: sideToSchema,
  rate: z.string().nullable(),
  minAmountIn: z.string().nullable(),
  maxAmountIn: z.string().nullable(),
  estimatedTimeSeconds: z.number().int().min(0),
});
export type Quote = z.infer<typeof quoteSchema>;

export const swapSchema = z.object({
  id: swapIdSchema,
  externalId: z.string().nullable(),
  status: swapStatusSchema,
  errorMessage: z.string().nullable(),
  from: sideFromSchema,
  to: sideToSchema,
  deposit: z.object({
    address: z.string(),
    memo: z.string().nullable(),
    amount: z.string(),
    network: z.string(),
    token: z.string(),
    deadline: z.string(),
  }),
  payout: z.object({
    address: z.string(),
    memo: z.string().nullable(),
    network: z.string(),
    token: z.string(),
    estimatedAmount: z.string(),
  }),
  quote: z.object({
    id: z.string().nullable(),
    rate: z.string().nullable(),
    estimatedTimeSeconds: z.number().int().min(0),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  customerId: z.string().nullable(),
});
export type Swap = z.infer<typeof swapSchema>;

export const rewardStatuses = ["available", "claiming", "claimed"] as const;
export const rewardStatusSchema = z.enum(rewardStatuses);
export type RewardStatus = z.infer<typeof rewardStatusSchema>;

export const commissionSchema = z.object({
  bps: z.number().int().nullable(),
  rewardAmountUsdc: z.string().nullable(),
  rewardStatus: rewardStatusSchema.nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;

export const swapListItemSchema = swapSchema.extend({ commission: commissionSchema });
export type SwapListItem = z.infer<typeof swapListItemSchema>;

export const swapListSchema = z.object({
  swaps: z.array(swapListItemSchema),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SwapList = z.infer<typeof swapListSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).catch({}),
  }),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---- requests (strict: the service rejects unknown fields) ---------------------------------

const memoSchema = z.string().max(256).nullable();
const referenceSchema = z.string().max(128).nullable();

export const listAssetsQuerySchema = z.strictObject({
  network: z.string().min(1).max(64).optional(),
  symbol: z.string().min(1).max(32).optional(),
});
export type ListAssetsQuery = z.infer<typeof listAssetsQuerySchema>;

export const validateAddressRequestSchema = z.strictObject({
  network: z.string().min(1).max(64),
  token: z.string().min(1).max(32),
  address: z.string().min(1).max(256),
  memo: memoSchema.optional(),
});
export type ValidateAddressRequest = z.infer<typeof validateAddressRequestSchema>;

export const createQuoteRequestSchema = z.strictObject({
  from: z.strictObject({
    network: z.string().min(1).max(64),
    token: z.string().min(1).max(32),
    amount: decimalStringSchema,
  }),
  to: z.strictObject({
    network: z.string().min(1).max(64),
    token: z.string().min(1).max(32),
    memo: memoSchema.optional(),
  }),
  externalId: referenceSchema.optional(),
  customerId: referenceSchema.optional(),
});
export type CreateQuoteRequest = z.infer<typeof createQuoteRequestSchema>;

export const createSwapRequestSchema = z.strictObject({
  quoteId: quoteIdSchema,
  destination: z.strictObject({
    address: z.string().min(1).max(256),
    memo: memoSchema.optional(),
  }),
  notificationEmail: z.email().max(254).nullable().optional(),
  refundAddress: z.string().min(1).max(256).nullable().optional(),
});
export type CreateSwapRequest = z.infer<typeof createSwapRequestSchema>;

const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const listSwapsQuerySchema = z.strictObject({
  limit: queryInt(1, 100).optional(),
  offset: queryInt(0, 1_000_000_000).optional(),
  status: z
    .string()
    .transform((value) => value.split(","))
    .pipe(z.array(swapStatusSchema).min(1))
    .optional(),
  createdFrom: isoDateTimeSchema.optional(),
  createdTo: isoDateTimeSchema.optional(),
});
export type ListSwapsQuery = z.input<typeof listSwapsQuerySchema>;
export type ListSwapsFilter = z.output<typeof listSwapsQuerySchema>;
