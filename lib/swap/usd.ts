// Dollar values, only where one side of a swap is a US-dollar stablecoin: its amount is a dollar
// amount at its peg. The swap service publishes no prices, so no other asset is ever given one here.

/** Tokens pegged one-to-one to the US dollar, by symbol. */
const USD_STABLECOINS: ReadonlySet<string> = new Set([
  "USDT",
  "USDC",
  "DAI",
  "USDS",
  "PYUSD",
  "FDUSD",
  "TUSD",
  "USDP",
  "GUSD",
  "BUSD",
]);

export const isUsdStablecoin = (symbol: string) => USD_STABLECOINS.has(symbol.toUpperCase());

/**
 * The dollar value a quote shows: what is sent when that is a stablecoin (the exact amount), else
 * what comes back when that is one (the estimate); null when neither side is.
 */
export function usdSide(quote: {
  from: { token: string; amount: string };
  to: { token: string; estimatedAmount: string };
}) {
  if (isUsdStablecoin(quote.from.token)) return { symbol: quote.from.token, amount: quote.from.amount };
  if (isUsdStablecoin(quote.to.token)) return { symbol: quote.to.token, amount: quote.to.estimatedAmount };
  return null;
}

/** "$1,234.57" in the page's language; the decimal string goes to Intl as it is, no float on the way. */
export function usdText(amount: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 2 }).format(
    amount as unknown as number,
  );
}
