"use client";
import { useLocale, useTranslations } from "next-intl";
import type { QuoteAnswer } from "@/lib/schema/bff";
import { etaMinutes, formatAmount, glanceFractionDigits } from "@/lib/swap/format";
import { quoteRate } from "@/lib/client/use-quote";
import { usdSide, usdText } from "@/lib/swap/usd";
import { QuoteCountdown } from "./quote-countdown";

/** `renewing`: `quote` has expired and its renewal is on its way; its figures stay until the new ones come. */
export function QuoteDetails({
  quote,
  now,
  renewing = false,
}: {
  quote: QuoteAnswer;
  now: number;
  renewing?: boolean;
}) {
  const t = useTranslations("quote");
  const locale = useLocale();
  const minutes = etaMinutes(quote.estimatedTimeSeconds);
  const rate = quoteRate(quote);
  const usd = usdSide(quote);
  return (
    <div className="flex flex-col gap-y-1.5 px-1 text-sm">
      <dl
        className="flex flex-col gap-y-1.5 rounded-xl text-sm"
        data-testid="quote-details"
        aria-busy={renewing || undefined}
      >
        <Row label={t("rate")} className="tabular-nums">
          {rate ? (
            <bdi dir="ltr">
              {t("rateValue", {
                from: quote.from.token,
                rate: formatAmount(rate, locale, glanceFractionDigits(rate, 8)),
                to: quote.to.token,
              })}
            </bdi>
          ) : (
            t("rateUnknown")
          )}
        </Row>
        {/* Only a stablecoin's own amount, at its peg: the service publishes no prices, and none is made up. */}
        {usd ? (
          <Row label={t("usdValue", { symbol: usd.symbol })} className="tabular-nums">
            <span data-testid="usd-value" dir="ltr">
              ≈ {usdText(usd.amount, locale)}
            </span>
          </Row>
        ) : null}
        <Row label={t("time")}>{t("minutes", { count: minutes })}</Row>
        <Row label={t("validity")}>
          <QuoteCountdown expiresAt={quote.expiresAt} now={now} renewing={renewing} />
        </Row>
      </dl>
      {/* What the rate is, as far as the service's documentation says: its estimate of what arrives. */}
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="rate-includes">
        {t("rateIncludes")}
      </p>
    </div>
  );
}

/** A label and its value on one line, the value under its label when both do not fit (large text). */
function Row({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`ms-auto min-w-0 text-end font-medium ${className ?? ""}`}>{children}</dd>
    </div>
  );
}
