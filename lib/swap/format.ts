// Display formatting of exact decimal strings. Intl formats the string itself (no float on the way),
// so 0.123456789012345678 shows every digit it has.
const amountFormats = new Map<string, Intl.NumberFormat>();

export function formatAmount(amount: string, locale: string, maxFractionDigits = 20): string {
  const digits = Math.min(Math.max(maxFractionDigits, 0), 20);
  // Made once per language and precision: a quote's figures are formatted on every render.
  const key = `${locale}|${digits}`;
  let format = amountFormats.get(key);
  if (!format) amountFormats.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })));
  // ES2023 Intl.NumberFormat accepts decimal strings and keeps their precision.
  return format.format(amount as unknown as number);
}

/**
 * Fraction digits for a glance at an estimate: eight significant digits at most, never fewer than
 * the whole part, never more than `maxFraction` ("106515.38352125" → 2, "0.0123456789" → 8).
 */
export function glanceFractionDigits(amount: string, maxFraction: number): number {
  const whole = (amount.split(".")[0] ?? "").replace(/^[-+]?0*/, "");
  return Math.max(0, Math.min(maxFraction, 8 - whole.length));
}

/** "mm:ss" for a countdown. */
export function clockText(totalSeconds: number, locale = "en"): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  // In the locale's digits (Persian's ۳:۰۵, say), as the amounts and dates beside it are.
  const digits = (n: number, width: number) =>
    new Intl.NumberFormat(locale, { minimumIntegerDigits: width, useGrouping: false }).format(n);
  return `${hours ? `${digits(hours, 1)}:` : ""}${digits(minutes, hours ? 2 : 1)}:${digits(seconds, 2)}`;
}

/** A quote's estimated time in whole minutes, at least one. */
export const etaMinutes = (estimatedTimeSeconds: number) => Math.max(1, Math.round(estimatedTimeSeconds / 60));

/**
 * A moment as the swap pages write it, one way everywhere: the hour without a leading zero, the
 * zone's name when the date is given (a deadline must be unambiguous), seconds for a status check.
 */
export function momentText(
  iso: string | number,
  locale: string,
  parts: { date?: boolean; seconds?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(locale, {
    ...(parts.date ? { year: "numeric", month: "short", day: "numeric", timeZoneName: "short" } : {}),
    hour: "numeric",
    minute: "2-digit",
    ...(parts.seconds ? { second: "2-digit" } : {}),
  }).format(new Date(iso));
}
