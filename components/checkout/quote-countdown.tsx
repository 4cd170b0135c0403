"use client";
// The quote's remaining life: a visible clock every second, and for screen readers only the
// milestones (one minute, thirty seconds, refreshed), so nothing chatters.
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { clockText } from "@/lib/swap/format";
import { join } from "../ui/join";

export function QuoteCountdown({
  expiresAt,
  now,
  totalSeconds = 180,
  renewing = false,
}: {
  expiresAt: string;
  now: number;
  totalSeconds?: number;
  /** The next price is on its way: once this one has run out, said in place of "0:00". */
  renewing?: boolean;
}) {
  const t = useTranslations("quote");
  const locale = useLocale();
  // Never more than a quote's life: the server's clock is known to the second only.
  const left = Math.min(totalSeconds, Math.max(0, (Date.parse(expiresAt) - now) / 1000));
  const fraction = Math.min(1, left / totalSeconds);
  // Said as each is crossed, then cleared (silently): read out later, "refreshes in one minute" at
  // 0:39 would be wrong.
  // A price renewed while on screen (a new expiry) is said too, once: the countdown jumping back
  // up is otherwise news only to those who see it.
  const [seen, setSeen] = useState<{ expiresAt: string; renewedAt: number | null }>({ expiresAt, renewedAt: null });
  if (seen.expiresAt !== expiresAt) setSeen({ expiresAt, renewedAt: now });
  const renewed = seen.renewedAt !== null && now - seen.renewedAt < 5_000;
  const milestone = renewed
    ? t("milestoneRenewed")
    : left <= 30 && left > 25
      ? t("milestone30")
      : left <= 60 && left > 55
        ? t("milestone60")
        : "";
  return (
    <span className="inline-flex max-w-full items-center gap-1.5">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 -rotate-90">
        <circle
          cx="10"
          cy="10"
          r="8"
          fill="none"
          strokeWidth="2.5"
          className="stroke-slate-200 dark:stroke-slate-700"
        />
        <circle
          cx="10"
          cy="10"
          r="8"
          fill="none"
          strokeWidth="2.5"
          strokeDasharray={`${(fraction * 50.27).toFixed(2)} 50.27`}
          className={join("transition-[stroke-dasharray]", left <= 30 ? "stroke-amber-500" : "stroke-accent")}
        />
      </svg>
      <span className="min-w-0 tabular-nums" data-testid="quote-countdown">
        {renewing && left === 0 ? t("renewing") : t("expiresIn", { time: clockText(left, locale) })}
      </span>
      <span className="sr-only" aria-live="polite">
        {milestone}
      </span>
    </span>
  );
}
