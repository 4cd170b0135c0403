// The BFF's browser-facing API: request bodies and answers shared by the route handlers and the
// browser. Error codes are stable; the browser maps them to words in its language.
import * as z from "zod/mini";
import "./zod";
import {
  addressValidationSchema,
  decimalStringSchema,
  isoDateTimeSchema,
  quoteIdSchema,
  quoteSchema,
  swapSchema,
  swapStatusSchema,
} from "./partner";
import { bffErrorCodes, depositOutcomes } from "./codes";

export { bffErrorCodes, depositOutcomes } from "./codes";

export type BffErrorCode = (typeof bffErrorCodes)[number];

export const bffErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) }),
  requestId: z.string(),
});
export type BffErrorBody = z.infer<typeof bffErrorBodySchema>;

const network = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be a canonical lowercase network"));
const token = z.string().check(z.regex(/^[A-Za-z0-9.\-_]{1,32}$/, "must be a token symbol"));
const memo = z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(256))));

export const assetsQuerySchema = z.strictObject({ network: z.optional(network), symbol: z.optional(token) });

export const addressBodySchema = z.strictObject({
  network,
  token,
  address: z.string().check(z.minLength(1, "is required"), z.maxLength(256)),
  memo,
  /** The checkout's order, as its quote answered it: the check is one of the order's steps (the funnel). */
  orderToken: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type AddressBody = z.infer<typeof addressBodySchema>;
export const addressAnswerSchema = addressValidationSchema;

export const quoteBodySchema = z.strictObject({
  from: z.strictObject({ network, token, amount: decimalStringSchema }),
  to: z.strictObject({ network, token, memo }),
  // null as absent: generated clients send null for an optional field, as for memo and refundAddress.
  orderToken: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;
export const quoteAnswerSchema = z.extend(quoteSchema, { externalId: z.string(), orderToken: z.string() });
export type QuoteAnswer = z.infer<typeof quoteAnswerSchema>;

export const swapBodySchema = z.strictObject({
  quoteId: quoteIdSchema,
  destination: z.strictObject({ address: z.string().check(z.minLength(1, "is required"), z.maxLength(256)), memo }),
  refundAddress: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(256)))),
  notificationEmail: z.optional(z.nullable(z.email("must be an e-mail address").check(z.maxLength(254)))),
});
export type SwapBody = z.infer<typeof swapBodySchema>;
/**
 * What a wallet link needs of the deposit asset: its contract, mint, issuer or jetton master (null
 * for the network's own coin) and its decimals. The BFF adds it to every swap it answers with,
 * from its asset list or from what it noted when the swap was made; null when it knows neither,
 * and then the page shows the bare address rather than guess (a token is never a native coin).
 */
const depositAssetSchema = z.object({ contractAddress: z.nullable(z.string()), decimals: z.int().check(z.gte(0)) });
export type DepositAsset = z.infer<typeof depositAssetSchema>;
/** The spec's Swap as the BFF answers it: plus `depositAsset` (absent from older answers). */
export const swapAnswerSchema = z.extend(swapSchema, { depositAsset: z.optional(z.nullable(depositAssetSchema)) });
export type SwapAnswer = z.infer<typeof swapAnswerSchema>;
export const swapCreatedSchema = z.object({ swap: swapAnswerSchema, accessToken: z.string() });
export type SwapCreated = z.infer<typeof swapCreatedSchema>;

export const depositBodySchema = z.strictObject({
  amount: z.optional(decimalStringSchema),
  outcome: z.optional(z.enum(depositOutcomes)),
});
export type DepositBody = z.infer<typeof depositBodySchema>;

/** The sandbox's `POST /sandbox/seed`; the BFF's `/api/sandbox/seed` takes the same body. */
export const seedBodySchema = z.strictObject({
  count: z.int().check(z.gte(1), z.lte(20_000)),
  statuses: z.optional(z.array(swapStatusSchema).check(z.minLength(1))),
  createdFrom: z.optional(isoDateTimeSchema),
  createdTo: z.optional(isoDateTimeSchema),
  /**
   * Live swaps follow the status machine instead of a fixed status: each waits for its deposit,
   * which arrives at a random moment within `depositWithinSeconds` (never, when omitted), then
   * steps on to completed. For benchmarks of status polling.
   */
  live: z.optional(z.boolean()),
  depositWithinSeconds: z.optional(z.number().check(z.gte(0), z.lte(30 * 86_400))),
});
export type SeedBody = z.output<typeof seedBodySchema>;

export const idempotencyKeySchema = z.uuid("Idempotency-Key must be a UUID");

/** POST /api/v1/swap/{id}/email: where to send the swap's link, and the page's language (one the app has; lib/bff/mail.ts checks which). */
export const swapEmailBodySchema = z.strictObject({
  email: z.email().check(z.maxLength(254)),
  locale: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, "must be a language tag")),
});

/** POST /api/v1/swap/{id}/email: the swap's link went to the address given (kept nowhere). */
export const swapEmailAnswerSchema = z.strictObject({ sent: z.literal(true) });
