"use client";
// How the dashboard writes money and times: USDC always to 2 decimals; times in the operator's locale.
import { useLocale } from "next-intl";

export function useDashboardFormat() {
  const locale = useLocale();
  return {
    locale,
    // Intl formats the decimal string itself (ES2023), so no float touches the amount.
    // USDC has six decimals: a reward of 0.0042 is not "0.00".
    usdc: (amount: string) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
        amount as unknown as number,
      ),
    count: (n: number) => new Intl.NumberFormat(locale).format(n),
    dateTime: (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime())
        ? iso
        : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(d);
    },
    time: (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(new Date(iso)),
    day: (date: string) =>
      new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(
        new Date(`${date}T00:00:00Z`),
      ),
  };
}
