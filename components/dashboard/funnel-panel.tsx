"use client";
// Where checkouts are lost: the orders first quoted in the period, step by step (quoted → address
// checked → swap created → deposit seen → completed) with the share kept at each step, and beside
// it why the others were lost. The bars are drawn for the eye; the same numbers are a table below.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Funnel } from "@/lib/schema/funnel";
import { Skeleton } from "../ui/spinner";
import { card } from "../ui/panel";
import { cn } from "../ui/cn";
import { useDashboardFormat } from "./format";
import { dropOffReasons, funnelStages, useFunnelFormat, useFunnelLabels } from "./funnel-format";

export function FunnelPanel({ funnel, unavailable = false }: { funnel: Funnel | undefined; unavailable?: boolean }) {
  const t = useTranslations("dashboard.funnel");
  const f = useDashboardFormat();
  const ff = useFunnelFormat();
  const label = useFunnelLabels();
  const quoted = funnel?.stages.quoted ?? 0;
  const steps = funnelStages.map((stage, i) => {
    const count = funnel?.stages[stage] ?? 0;
    const before = i === 0 ? count : (funnel?.stages[funnelStages[i - 1]!] ?? 0);
    return { stage, count, kept: i === 0 ? null : ff.share(count, before) };
  });
  return (
    <section aria-labelledby="funnel-title" className="grid gap-3 lg:grid-cols-3">
      <div className={cn(card, "lg:col-span-2")}>
        <h2 id="funnel-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("scope")}</p>
        {!funnel && unavailable ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("unavailable")}</p>
        ) : !funnel ? (
          // While the funnel is read: its steps already named, their bars and counts to come, in the
          // chart's own rows, so that the page below does not move when the numbers arrive.
          <>
            <ol aria-hidden="true" className="mt-3 flex flex-col gap-2" data-testid="funnel-loading">
              {steps.map(({ stage }, i) => (
                <FunnelStep
                  key={stage}
                  label={label[stage]}
                  bar={<Skeleton className="h-6 min-w-0 flex-1" />}
                  count={<Skeleton className="h-5 w-10" />}
                  kept={i === 0 ? null : <Skeleton className="ms-auto h-4 w-16 max-sm:ms-0" />}
                />
              ))}
            </ol>
            <Skeleton className="mt-3 h-4 w-40" />
          </>
        ) : quoted === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="funnel-empty">
            {t("empty")}
          </p>
        ) : (
          <>
            <p className="sr-only">{t("summary", { quoted, completed: funnel.stages.completed })}</p>
            <ol aria-hidden="true" className="mt-3 flex flex-col gap-2" data-testid="funnel-chart">
              {steps.map(({ stage, count, kept }) => (
                <FunnelStep
                  key={stage}
                  label={label[stage]}
                  // The bar's track takes what the count leaves, so a full bar never pushes it out.
                  bar={
                    <span className="h-6 min-w-0 flex-1 rounded-md bg-slate-100 dark:bg-slate-800">
                      <span
                        className="block h-6 rounded-md bg-emerald-600 dark:bg-emerald-500"
                        style={{ width: `${Math.max((count / quoted) * 100, count ? 1 : 0)}%` }}
                      />
                    </span>
                  }
                  count={f.count(count)}
                  kept={kept === null ? null : t("kept", { percent: kept })}
                />
              ))}
            </ol>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-xs font-medium text-slate-700 dark:text-slate-300">
                {t("table")}
              </summary>
              <table className="mt-2 w-full text-start text-xs tabular-nums" data-testid="funnel-table">
                <thead className="text-slate-600 dark:text-slate-400">
                  <tr>
                    {[t("step"), t("orders"), t("keptColumn")].map((name, i) => (
                      <th key={name} scope="col" className={cn("py-1 font-medium", i > 0 && "text-end")}>
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {steps.map(({ stage, count, kept }) => (
                    <tr key={stage} className="border-t border-slate-200 dark:border-slate-800">
                      <th scope="row" className="py-1 text-start font-normal">
                        {label[stage]}
                      </th>
                      <td className="py-1 text-end">{f.count(count)}</td>
                      <td className="py-1 text-end">{kept ?? "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </div>
      <div className={card}>
        <h3 className="text-base font-semibold">{t("dropOffTitle")}</h3>
        {!funnel && unavailable ? null : (
          // While the funnel is read, the reasons already named and their counts to come.
          <dl className="mt-3 flex flex-col gap-2 text-sm" data-testid={funnel ? "drop-off" : "drop-off-loading"}>
            {[
              ...dropOffReasons.map((reason) => [reason, funnel?.dropOff[reason]] as const),
              ["abandoned", funnel?.endings.abandoned] as const,
            ].map(([reason, count]) => (
              <div
                key={reason}
                className="flex items-baseline justify-between gap-3 border-b border-slate-200 pb-2 last:border-0 dark:border-slate-800"
              >
                <dt className="text-slate-700 dark:text-slate-300">{label[reason]}</dt>
                <dd className="font-medium tabular-nums">
                  {count === undefined ? (
                    // On the text's baseline, as the count would be: no taller than its line.
                    <Skeleton className="h-3.5 w-16" />
                  ) : (
                    <>
                      {f.count(count)}{" "}
                      <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                        ({ff.share(count, quoted)})
                      </span>
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

/**
 * One step of the chart: its name, its bar, its count and the share kept from the step before. On a
 * wide screen in one row; on a phone the name and count above a bar of the card's whole width.
 */
function FunnelStep({ label, bar, count, kept }: { label: string; bar: ReactNode; count: ReactNode; kept: ReactNode }) {
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-1 text-sm sm:grid-cols-[10rem_1fr_2.5rem_6rem]">
      <span className="truncate text-slate-700 dark:text-slate-300">{label}</span>
      <span className="col-span-2 flex sm:col-span-1">{bar}</span>
      <span className="col-start-2 row-start-1 min-w-10 text-end font-medium tabular-nums sm:col-start-3">{count}</span>
      <span className="col-span-2 text-xs text-slate-600 tabular-nums sm:col-span-1 sm:text-end dark:text-slate-400">
        {kept ?? ""}
      </span>
    </li>
  );
}
