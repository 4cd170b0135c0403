"use client";
// The cards an operator looks at first, beside the rewards: what the completed swaps moved (per
// asset sent, and in USDC only where a side is a USD stablecoin), how many checkouts completed, and
// how long completing took (median, from the first quote to the swap's completion).
import { useTranslations } from "next-intl";
import type { Funnel, Volume } from "@/lib/schema/funnel";
import { Skeleton } from "../ui/spinner";
import { card } from "../ui/panel";
import { cn } from "../ui/cn";
import { useDashboardFormat } from "./format";
import { useFunnelFormat } from "./funnel-format";

const VOLUME_ROWS = 4;

export function FunnelCards({
  funnel,
  volume,
  unavailable = false,
}: {
  funnel: Funnel | undefined;
  volume: Volume | undefined;
  unavailable?: boolean;
}) {
  const t = useTranslations("dashboard.funnel");
  const f = useDashboardFormat();
  const ff = useFunnelFormat();
  const pending = unavailable ? <span aria-label={t("unavailable")}>–</span> : <Skeleton className="h-7 w-24" />;
  const amount = (text: string) =>
    new Intl.NumberFormat(f.locale, { maximumFractionDigits: 18 }).format(text as unknown as number);
  const items = [
    {
      key: "completion-rate",
      label: t("completionRate"),
      shown: funnel ? ff.share(funnel.stages.completed, funnel.stages.quoted) : undefined,
    },
    {
      key: "median-time",
      label: t("medianTime"),
      shown: funnel
        ? funnel.medianSecondsToComplete === null
          ? t("noneYet")
          : ff.duration(funnel.medianSecondsToComplete)
        : undefined,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <section aria-labelledby="volume-title" className={cn(card, "col-span-2 min-w-0")} data-testid="volume">
        <h2 id="volume-title" className="text-sm text-slate-600 dark:text-slate-400">
          {t("volume")}
        </h2>
        {!volume && unavailable ? (
          <div className="mt-1">{pending}</div>
        ) : !volume ? (
          // While the volume is read: three of its rows to come (most partners move several assets).
          <div aria-hidden="true" className="mt-1 flex flex-col gap-1">
            {["w-44", "w-32", "w-40"].map((width) => (
              <Skeleton key={width} className={cn("h-6 max-w-full", width)} />
            ))}
          </div>
        ) : volume.assets.length === 0 ? (
          <p className="mt-1 text-xl font-semibold">{t("volumeEmpty")}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {volume.assets.slice(0, VOLUME_ROWS).map((row) => {
              const [token, network] = row.asset.split(".");
              return (
                <li key={row.asset} className="flex flex-wrap items-baseline justify-between gap-x-3 tabular-nums">
                  <span className="font-semibold [overflow-wrap:anywhere]" dir="ltr">
                    {amount(row.amount)} {token}{" "}
                    <span className="inline-block text-xs font-normal text-slate-600 dark:text-slate-400">
                      {network}
                    </span>
                  </span>
                  {row.usdc === null ? null : (
                    <span className="text-sm text-slate-600 dark:text-slate-400">
                      {row.usdcSwaps === row.swaps
                        ? t("volumeUsdc", { amount: f.usdc(row.usdc) })
                        : t("volumePartial", { amount: f.usdc(row.usdc), n: row.usdcSwaps, total: row.swaps })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {items.map((item) => (
        <dl key={item.key} className={cn(card, "min-w-0")}>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{item.label}</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums sm:text-2xl" data-testid={item.key}>
            {item.shown ?? pending}
          </dd>
        </dl>
      ))}
    </div>
  );
}
