// Address checks and quotes, with order attribution: one externalId per checkout order, minted
// here and carried by a signed order token; customerId only from a trusted (signed) source.
import "server-only";
import type { AddressBody, QuoteAnswer, QuoteBody } from "@/lib/schema/bff";
import { decimalPlacesOf, withinBounds } from "@/lib/schema/decimal";
import type { AddressValidation } from "@/lib/schema/partner";
import { createHash } from "node:crypto";
import { unspendablePayout } from "@/lib/swap/unspendable";
import { assetsAtHand } from "./assets";
import { ApiError } from "./http/errors";
import { partner } from "./upstream/partner";
import { store } from "./upstream/shared-store";
import { limitClient } from "./http/rate-limit";
import { externalIdFromOrderToken, mintExternalId, orderTokenFor } from "./tokens";

export type Attribution = { externalId?: string | null; customerId?: string | null };

const matchesAssetRef = (ref: string, asset: { token: string; network: string }) => {
  const [symbol = "", network] = ref.split(".");
  return symbol.toUpperCase() === asset.token.toUpperCase() && (!network || network === asset.network);
};

/** An address check's answer does not change within minutes; every instance shares it. */
const ADDRESS_CHECK_TTL_MS = 5 * 60_000;

const addressCheckKey = (body: { network: string; token: string; address: string; memo?: string | null }) =>
  `address-check:${createHash("sha256")
    .update(JSON.stringify([body.network, body.token.toUpperCase(), body.address, body.memo ?? null]))
    .digest("base64url")}`;

/** A check answered within the last few minutes, without asking anyone. */
export async function cachedAddressCheck(body: AddressBody): Promise<AddressValidation | null> {
  const raw = await store().get(addressCheckKey(body));
  return raw ? (JSON.parse(raw) as AddressValidation) : null;
}

/**
 * Checks an address. A repeat within a few minutes is answered from the shared cache and counts
 * as a read; a new one costs an upstream call and counts with the client's quotes.
 */
export async function checkAddress(body: AddressBody, ctx: { requestId: string; clientId: string }): Promise<AddressValidation> {
  const cached = await cachedAddressCheck(body);
  let result: AddressValidation;
  if (cached) {
    await limitClient("reads", ctx.clientId);
    result = cached;
  } else {
    await limitClient("quotes", ctx.clientId);
    result = await validateAndCache(body, { requestId: ctx.requestId, onBehalfOf: ctx.clientId });
  }
  return result.valid ? refuseUnspendable(result, body.address, ctx.requestId) : result;
}

/** A well-formed address that loses what is sent to it (a token's contract, a burn address) is no payout address. */
async function refuseUnspendable(result: AddressValidation, address: string, requestId: string): Promise<AddressValidation> {
  const assets = (await assetsAtHand(requestId))?.assets ?? [];
  const unspendable = unspendablePayout(address, assets);
  if (!unspendable) return result;
  return {
    ...result,
    valid: false,
    message:
      unspendable === "token_contract"
        ? "This is a token's own contract address, not a wallet: anything sent to it is lost."
        : "This is a burn address: anything sent to it is lost.",
  };
}

/** One upstream address check, kept in the shared cache for the next few minutes. */
export async function validateAndCache(body: AddressBody, ctx: { requestId: string; onBehalfOf?: string; priority?: "create" }): Promise<AddressValidation> {
  const result = await partner().validateAddress({ ...body, memo: body.memo ?? null }, ctx);
  await store().set(addressCheckKey(body), JSON.stringify(result), ADDRESS_CHECK_TTL_MS);
  return result;
}

/** A quote's own memo (`to.memo`) is where its swap pays out when the swap request names none. */
const QUOTE_MEMO_TTL_MS = 24 * 60 * 60 * 1000;
const quoteMemoKey = (quoteId: string) => `quote-memo:${quoteId}`;

/** The memo a quote made here was asked with, if any (unknown after a memory store restarts). */
export async function quoteMemo(quoteId: string): Promise<string | null> {
  return (await store().get(quoteMemoKey(quoteId))) ?? null;
}

export async function createQuote(
  body: QuoteBody,
  ctx: { requestId: string; clientId: string },
  trusted: Attribution & { to?: string } = {},
): Promise<QuoteAnswer> {
  if (trusted.to && !matchesAssetRef(trusted.to, body.to)) {
    throw new ApiError("validation_error", "The asset to receive is fixed by the site you came from.", { fields: { to: "locked" } });
  }
  await refuseExtraDecimals(body, ctx.requestId);
  const externalId = trusted.externalId ?? externalIdFromOrderToken(body.orderToken) ?? mintExternalId();
  const quote = await partner().createQuote(
    {
      from: body.from,
      to: { network: body.to.network, token: body.to.token, ...(body.to.memo ? { memo: body.to.memo } : {}) },
      externalId,
      customerId: trusted.customerId ?? null,
    },
    { requestId: ctx.requestId, onBehalfOf: ctx.clientId },
  );
  if (body.to.memo) await store().set(quoteMemoKey(quote.id), body.to.memo, QUOTE_MEMO_TTL_MS);
  // The real service's behaviour for out-of-bounds amounts is not documented: check every quote.
  if (!withinBounds(body.from.amount, quote.minAmountIn, quote.maxAmountIn)) {
    const { minAmountIn: min, maxAmountIn: max } = quote;
    const limit = min && max ? `between ${min} and ${max}` : min ? `at least ${min}` : `at most ${max}`;
    throw new ApiError("validation_error", `The amount must be ${limit} ${quote.from.token}.`, {
      minAmountIn: quote.minAmountIn,
      maxAmountIn: quote.maxAmountIn,
    });
  }
  return { ...quote, externalId, orderToken: orderTokenFor(externalId) };
}

/**
 * An amount with more decimals than its asset has is refused here, in words that say so, before a
 * call the service would refuse anyway (its reason is not passed on to browsers). Without the asset
 * list at hand the service decides.
 */
async function refuseExtraDecimals(body: QuoteBody, requestId: string): Promise<void> {
  const asset = (await assetsAtHand(requestId))?.assets.find((a) => a.network === body.from.network && a.symbol === body.from.token);
  if (!asset || decimalPlacesOf(body.from.amount) <= asset.decimals) return;
  const limit = `at most ${asset.decimals} decimal places for ${asset.symbol}`;
  throw new ApiError("validation_error", `The amount has more decimals than ${asset.symbol} has: ${limit}.`, { fields: { "from.amount": limit } });
}
