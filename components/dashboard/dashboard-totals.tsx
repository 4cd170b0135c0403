"use client";
// Totals over every row the filters match (not just this page): how many swaps, and the USDC
// rewards by reward status, summed exactly on the server and shown to 2 decimals. A completed swap
// whose reward the ledger is still fetching is not in those sums yet: the available card says how
// many there are, rather than show a short sum (0.00 after four completions) as if it were whole.
import { useTranslations } from "next-intl";
import type { DashboardTotals as Totals } from "@/lib/schema/dashboard";
import { Skeleton } from "../ui/spinner";
import { card } from "../ui/panel";
import { cn } from "../ui/cn";
import { useDashboardFormat } from "./format";

/**
 * `unavailable`: the ledger did not answer (a dash, not a placeholder); `historyLoading`: swaps read
 * so far, null once all are; `rewardsPending`: completed swaps whose reward is not counted yet.
 */
export function DashboardTotals({
  totals,
  unavailable = false,
  historyLoading = null,
  rewardsPending = null,
}: {
  totals: Totals | undefined;
  unavailable?: boolean;
  historyLoading?: number | null;
  rewardsPending?: number | null;
}) {
  const t = useTranslations("dashboard.totals");
  const f = useDashboardFormat();
  const items = [
    {
      key: "count",
      label: t("swaps"),
      value: totals ? String(totals.count) : undefined,
      shown: totals ? f.count(totals.count) : "",
      unit: null,
    },
    {
      key: "available",
      label: t("available"),
      value: totals?.rewardUsdc.available,
      shown: totals ? f.usdc(totals.rewardUsdc.available) : "",
      unit: "USDC",
      note: totals && rewardsPending ? t("rewardsPending", { n: rewardsPending }) : null,
    },
    {
      key: "claiming",
      label: t("claiming"),
      value: totals?.rewardUsdc.claiming,
      shown: totals ? f.usdc(totals.rewardUsdc.claiming) : "",
      unit: "USDC",
    },
    {
      key: "claimed",
      label: t("claimed"),
      value: totals?.rewardUsdc.claimed,
      shown: totals ? f.usdc(totals.rewardUsdc.claimed) : "",
      unit: "USDC",
    },
  ];
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="sr-only">
        {t("title")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className={cn(card, "min-w-0")}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{item.label}</dt>
            <dd
              className="mt-1 text-xl font-semibold tracking-tight [overflow-wrap:anywhere] tabular-nums sm:text-2xl"
              data-testid={`total-${item.key}`}
              data-value={item.value}
            >
              {item.value === undefined && unavailable ? (
                <span aria-label={t("unavailable")}>–</span>
              ) : item.value === undefined ? (
                <Skeleton className="h-7 w-24" />
              ) : (
                <bdi dir="ltr">
                  {item.shown}
                  {item.unit ? (
                    // Whole, after a space: a long total may break anywhere at 320 px, its unit only
                    // before it, and then with no indent.
                    <>
                      {" "}
                      <span className="inline-block text-sm font-medium text-slate-600 dark:text-slate-400">
                        {item.unit}
                      </span>
                    </>
                  ) : null}
                </bdi>
              )}
            </dd>
            {"note" in item && item.note ? (
              <dd className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-testid={`total-${item.key}-note`}>
                {item.note}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {historyLoading !== null ? t("scopeLoading", { n: historyLoading }) : t("scope")}
      </p>
    </section>
  );
}
