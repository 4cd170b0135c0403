"use client";
// The two sides of the checkout's form, what is sent and what comes back, and the button between
// them that swaps them round: markup only, the checkout (checkout.tsx) holds the state.
import { useLocale, useTranslations } from "next-intl";
import type { Asset } from "@/lib/schema/partner";
import type { QuoteAnswer } from "@/lib/schema/bff";
import type { BffError } from "@/lib/client/bff";
import { amountText } from "@/lib/swap/amount-input";
import { formatAmount, glanceFractionDigits } from "@/lib/swap/format";
import { Icon } from "../ui/icon";
import { join } from "../ui/join";
import { Skeleton } from "../ui/spinner";

/** One side of the swap, what is sent or what comes back: its title, then the amount and the asset on one line. */
export function SwapSide({
  title,
  labelFor,
  titleId,
  children,
}: {
  title: string;
  labelFor?: string;
  titleId?: string;
  children: React.ReactNode;
}) {
  const titleClass = "text-sm font-medium text-slate-700 dark:text-slate-300";
  return (
    <div className="min-w-0 rounded-2xl bg-slate-100/80 p-3 dark:bg-slate-800/60">
      {labelFor ? (
        <label htmlFor={labelFor} className={titleClass}>
          {title}
        </label>
      ) : (
        <span id={titleId} className={titleClass}>
          {title}
        </span>
      )}
      {children}
    </div>
  );
}

/**
 * What the user gets, whole: a long amount ("≈ 0.00102416") shrinks to the width it has (its box is
 * a size container) rather than being cut to "≈ 0.0010…" beside the asset button on a phone or in a
 * narrow widget. Its characters average about 0.62 em; 0.7 leaves room. Below 0.75 rem it is cut after all.
 */
function EstimatedAmount({ text }: { text: string }) {
  return (
    <span
      className="truncate"
      dir="ltr"
      style={{ fontSize: `max(0.75rem, min(1em, calc(100cqi / ${(text.length * 0.7).toFixed(2)})))` }}
    >
      {text}
    </span>
  );
}

/**
 * A quote's bounds in words, saying only the ones the service gave: it may leave either or both
 * null, and "Max 0" would be a false limit.
 */
function boundsText(
  t: ReturnType<typeof useTranslations<"checkout">>,
  key: "bounds" | "outOfBounds",
  min: unknown,
  max: unknown,
  symbol: string,
  locale: string,
): string | null {
  const [low, high] = [min, max].map((v) => (typeof v === "string" && v !== "" ? formatAmount(v, locale) : null));
  const hint = key === "bounds";
  if (low && high)
    return hint ? t("bounds", { min: low, max: high, symbol }) : t("outOfBounds", { min: low, max: high, symbol });
  if (low) return hint ? t("boundsMin", { min: low, symbol }) : t("outOfBoundsMin", { min: low, symbol });
  if (high) return hint ? t("boundsMax", { max: high, symbol }) : t("outOfBoundsMax", { max: high, symbol });
  return null;
}

/** Under the amount: why it is refused, or the quote's bounds. */
export function AmountHint({
  from,
  unreadable,
  tooManyDecimals,
  refusal,
  quote,
}: {
  from: Asset | undefined;
  unreadable: boolean;
  tooManyDecimals: boolean;
  /** The service's refusal of the amount (out of bounds), with the bounds when it gave them. */
  refusal: BffError | null;
  quote: QuoteAnswer | null;
}) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  return (
    <p id="amount-hint" className="mt-1 min-h-5 text-sm" aria-live="polite">
      {unreadable ? (
        <span className="text-rose-700 dark:text-rose-400">
          {t("notANumber", { example: amountText("0.25", locale) })}
        </span>
      ) : tooManyDecimals && from ? (
        <span className="text-rose-700 dark:text-rose-400">
          {t("tooManyDecimals", { symbol: from.symbol, decimals: from.decimals })}
        </span>
      ) : refusal && from ? (
        <span className="text-rose-700 dark:text-rose-400">
          {boundsText(
            t,
            "outOfBounds",
            refusal.details.minAmountIn,
            refusal.details.maxAmountIn,
            from.symbol,
            locale,
          ) ?? t("amountRefused")}
        </span>
      ) : quote && from ? (
        <span className="text-slate-600 dark:text-slate-400">
          {boundsText(t, "bounds", quote.minAmountIn, quote.maxAmountIn, from.symbol, locale)}
        </span>
      ) : null}
    </p>
  );
}

/** Swaps what is sent and what comes back, and says so (the picker buttons change their names silently). */
export function FlipButton({ canFlip, onFlip, said }: { canFlip: boolean; onFlip: () => void; said: string }) {
  const t = useTranslations("checkout");
  return (
    <div className="relative -my-5 flex justify-center">
      <button
        type="button"
        onClick={onFlip}
        disabled={!canFlip}
        aria-label={t("flip")}
        title={canFlip ? t("flip") : t("flipUnavailable")}
        className="z-10 inline-flex size-11 items-center justify-center rounded-xl bg-white text-slate-700 shadow ring-4 ring-white transition hover:bg-slate-50 disabled:opacity-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-900"
      >
        <Icon name="flip" />
      </button>
      <span role="status" className="sr-only">
        {said}
      </span>
    </div>
  );
}

/** What comes back, as the quote estimates it. */
export function ReceivedAmount({
  quote,
  loading,
  renewing = false,
  labelledBy,
}: {
  quote: QuoteAnswer | null;
  loading: boolean;
  /** `quote` has expired and a new price is on its way: shown muted, and busy to screen readers. */
  renewing?: boolean;
  labelledBy: string;
}) {
  const locale = useLocale();
  return (
    <output
      aria-labelledby={labelledBy}
      aria-live="polite"
      aria-busy={renewing || undefined}
      className={join(
        "@container flex h-14 min-w-0 flex-1 basis-20 items-center truncate px-1 text-2xl font-semibold tabular-nums transition-colors sm:text-3xl",
        renewing ? "text-slate-500 dark:text-slate-400" : "text-slate-800 dark:text-slate-100",
      )}
    >
      {loading ? (
        <Skeleton className="h-8 w-32" />
      ) : quote ? (
        // Eight significant digits fit a phone's field; the review shows every decimal.
        <>
          <EstimatedAmount
            text={`≈ ${formatAmount(quote.to.estimatedAmount, locale, glanceFractionDigits(quote.to.estimatedAmount, Math.min(quote.to.decimals, 8)))}`}
          />
          {/* Heard, the estimate names its asset (seen, the asset button beside it does). */}
          <span className="sr-only"> {quote.to.token}</span>
        </>
      ) : (
        // A placeholder, not an amount: it is not read out each time the price is renewed.
        <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
          0.0
        </span>
      )}
    </output>
  );
}
