// Quotes, with order attribution: one externalId per checkout order, minted here and carried by a
// signed order token; customerId only from a trusted (signed) source.
import "server-only";
import type { QuoteAnswer, QuoteBody } from "@/lib/schema/bff";
import { decimalPlacesOf, withinBounds } from "@/lib/schema/decimal";
import type { WidgetConfig } from "@/lib/schema/widget";
import { assetsAtHand } from "./assets";
import { noteQuoted, type OrderContext } from "./funnel";
import { ApiError } from "./http/errors";
import { rememberQuoteConfig, rememberQuoteMemo } from "./quote-memory";
import { partner } from "./upstream/partner";
import { externalIdFromOrderToken, mintExternalId, orderTokenFor } from "./tokens";

const matchesAssetRef = (ref: string, asset: { token: string; network: string }) => {
  const [symbol = "", network] = ref.split(".");
  return symbol.toUpperCase() === asset.token.toUpperCase() && (!network || network === asset.network);
};

/**
 * A quote for the checkout. A signed widget config (`widget`) gives the attribution, may fix the
 * asset to receive, and is remembered with the quote for its swap (lib/bff/quote-memory.ts).
 */
export async function createQuote(
  body: QuoteBody,
  ctx: { requestId: string; clientId: string; order?: OrderContext },
  widget: WidgetConfig | null = null,
): Promise<QuoteAnswer> {
  const trusted: Partial<WidgetConfig> = widget ?? {};
  if (trusted.to && !matchesAssetRef(trusted.to, body.to)) {
    throw new ApiError("validation_error", "The asset to receive is fixed by the site you came from.", {
      fields: { to: "locked" },
    });
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
  if (body.to.memo) await rememberQuoteMemo(quote.id, body.to.memo);
  // The real service's behaviour for out-of-bounds amounts is not documented: check every quote.
  if (!withinBounds(body.from.amount, quote.minAmountIn, quote.maxAmountIn)) {
    const { minAmountIn: min, maxAmountIn: max } = quote;
    const limit = min && max ? `between ${min} and ${max}` : min ? `at least ${min}` : `at most ${max}`;
    throw new ApiError("validation_error", `The amount must be ${limit} ${quote.from.token}.`, {
      minAmountIn: quote.minAmountIn,
      maxAmountIn: quote.maxAmountIn,
    });
  }
  if (widget) await rememberQuoteConfig(quote.id, widget);
  // The funnel's step is queued, never awaited: the ledger does not slow a quote.
  if (ctx.order) noteQuoted(quote, externalId, ctx.order);
  return { ...quote, externalId, orderToken: orderTokenFor(externalId) };
}

/**
 * An amount with more decimals than its asset has is refused here, in words that say so, before a
 * call the service would refuse anyway (its reason is not passed on to browsers). Without the asset
 * list at hand the service decides.
 */
async function refuseExtraDecimals(body: QuoteBody, requestId: string): Promise<void> {
  const asset = (await assetsAtHand(requestId))?.assets.find(
    (a) => a.network === body.from.network && a.symbol === body.from.token,
  );
  if (!asset || decimalPlacesOf(body.from.amount) <= asset.decimals) return;
  const limit = `at most ${asset.decimals} decimal places for ${asset.symbol}`;
  throw new ApiError("validation_error", `The amount has more decimals than ${asset.symbol} has: ${limit}.`, {
    fields: { "from.amount": limit },
  });
}
