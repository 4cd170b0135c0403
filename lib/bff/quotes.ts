// Address checks and quotes, with order attribution: one externalId per checkout order, minted
// here and carried by a signed order token; customerId only from a trusted (signed) source.
import "server-only";
import type { AddressBody, QuoteAnswer, QuoteBody } from "@/lib/schema/bff";
import { withinBounds } from "@/lib/schema/decimal";
import type { AddressValidation } from "@/lib/schema/partner";
import { ApiError } from "./errors";
import { partner } from "./partner";
import { externalIdFromOrderToken, mintExternalId, orderTokenFor } from "./tokens";

export type Attribution = { externalId?: string | null; customerId?: string | null };

const matchesAssetRef = (ref: string, asset: { token: string; network: string }) => {
  const [symbol = "", network] = ref.split(".");
  return symbol.toUpperCase() === asset.token.toUpperCase() && (!network || network === asset.network);
};

export function validateAddress(body: AddressBody, requestId: string): Promise<AddressValidation> {
  return partner().validateAddress({ ...body, memo: body.memo ?? null }, { requestId });
}

export async function createQuote(body: QuoteBody, requestId: string, trusted: Attribution & { to?: string } = {}): Promise<QuoteAnswer> {
  if (trusted.to && !matchesAssetRef(trusted.to, body.to)) {
    throw new ApiError("validation_error", "The asset to receive is fixed by the site you came from.", { fields: { to: "locked" } });
  }
  const externalId = trusted.externalId ?? externalIdFromOrderToken(body.orderToken) ?? mintExternalId();
  const quote = await partner().createQuote(
    {
      from: body.from,
      to: { network: body.to.network, token: body.to.token, ...(body.to.memo ? { memo: body.to.memo } : {}) },
      externalId,
      customerId: trusted.customerId ?? null,
    },
    { requestId },
  );
  // The real service's behaviour for out-of-bounds amounts is not documented: check every quote.
  if (!withinBounds(body.from.amount, quote.minAmountIn, quote.maxAmountIn)) {
    throw new ApiError(
      "validation_error",
      `The amount must be between ${quote.minAmountIn ?? "0"} and ${quote.maxAmountIn ?? "any"} ${quote.from.token}.`,
      { minAmountIn: quote.minAmountIn, maxAmountIn: quote.maxAmountIn },
    );
  }
  return { ...quote, externalId, orderToken: orderTokenFor(externalId) };
}
