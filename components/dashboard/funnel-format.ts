"use client";
// The funnel's numbers for people: shares as percentages, durations in the operator's language.
import { useLocale, useTranslations } from "next-intl";

export const funnelStages = ["quoted", "addressChecked", "swapCreated", "depositSeen", "completed"] as const;
export const dropOffReasons = ["quoteExpired", "addressInvalid", "quoteTaken", "refusedByLimit"] as const;

export function useFunnelFormat() {
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return {
    /** `part` of `whole` as a percentage; none of nothing. */
    share: (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : "–"),
    /** Seconds as the largest unit that reads well: 45 s, 12 min, 3.5 h. */
    duration: (seconds: number) => {
      const [value, unit] =
        seconds < 120 ? [seconds, "second"] : seconds < 7200 ? [seconds / 60, "minute"] : [seconds / 3600, "hour"];
      return new Intl.NumberFormat(locale, {
        style: "unit",
        unit,
        unitDisplay: "short",
        maximumFractionDigits: unit === "second" ? 0 : 1,
      }).format(value);
    },
  };
}

/** Each step's, reason's and origin's words, said once (the catalogue check sees literal keys). */
export function useFunnelLabels() {
  const t = useTranslations("dashboard.funnel");
  return {
    quoted: t("quoted"),
    addressChecked: t("addressChecked"),
    swapCreated: t("swapCreated"),
    depositSeen: t("depositSeen"),
    completed: t("completed"),
    quoteExpired: t("quoteExpired"),
    addressInvalid: t("addressInvalid"),
    quoteTaken: t("quoteTaken"),
    refusedByLimit: t("refusedByLimit"),
    abandoned: t("abandoned"),
    pair: t("pair"),
    locale: t("locale"),
    origin: t("origin"),
    direct: t("direct"),
    widget: t("widget"),
  };
}
