"use client";
import { useLocale, useTranslations } from "next-intl";
import type { QuoteAnswer } from "@/lib/schema/bff";
import { etaMinutes, formatAmount, glanceFractionDigits } from "@/lib/checkout/format";
import { quoteRate } from "@/lib/checkout/use-quote";
import { QuoteCountdown } from "./quote-countdown";

export function QuoteDetails({ quote, now }: { quote: QuoteAnswer; now: number }) {
  const t = useTranslations("quote");
  const locale = useLocale();
  const minutes = etaMinutes(quote.estimatedTimeSeconds);
  const rate = quoteRate(quote);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-xl px-1 text-sm" data-testid="quote-details">
      <dt className="text-slate-600 dark:text-slate-400">{t("rate")}</dt>
      <dd className="text-right font-medium tabular-nums">
        {rate
          ? t("rateValue", { from: quote.from.token, rate: formatAmount(rate, locale, glanceFractionDigits(rate, 8)), to: quote.to.token })
          : t("rateUnknown")}
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("time")}</dt>
      <dd className="text-right font-medium">{t("minutes", { count: minutes })}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("validity")}</dt>
      <dd className="text-right font-medium">
        <QuoteCountdown expiresAt={quote.expiresAt} now={now} />
      </dd>
    </dl>
  );
}
