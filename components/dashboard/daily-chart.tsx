"use client";
// Swaps per day for the chosen range, completed ones darker, with the day's rewards in each bar's
// title; one sentence sums it up for screen readers, and a table that opens below gives every day's
// numbers to keyboard, touch and screen-reader users (a bar's title shows only to a mouse).
import Big from "big.js";
import { useTranslations } from "next-intl";
import type { DashboardSummary } from "@/lib/schema/dashboard";
import { Skeleton } from "../ui/spinner";
import { card } from "../ui/panel";
import { cn } from "../ui/cn";
import { useDashboardFormat } from "./format";
import { browserTimeZone } from "./use-dashboard";

const HEIGHT = 120;
// Long headings ("Вознаграждения (USDC)") wrap, and a gap keeps neighbours apart at 320 px.
const cell = "py-1 ps-2 first:ps-0";

/** The y axis' marks, top first: the peak, about half of it, and 0 (whole swaps, no repeats). */
const ticks = (peak: number) => [...new Set([peak, Math.round(peak / 2), 0])];

/** `searching`: the list is narrowed by a search, which the summary (and so the chart) does not take. */
export function DailyChart({
  summary,
  searching = false,
  unavailable = false,
  historyLoading = null,
}: {
  summary: DashboardSummary | undefined;
  searching?: boolean;
  unavailable?: boolean;
  historyLoading?: number | null;
}) {
  const t = useTranslations("dashboard.chart");
  const f = useDashboardFormat();
  const days = summary?.daily ?? [];
  const peak = days.reduce((m, d) => Math.max(m, d.count), 0);
  // Exact decimal sums: money never goes through floating point.
  const totalRewards = summary
    ? Object.values(summary.totals.rewardUsdc).reduce((sum, v) => sum.plus(v), new Big(0))
    : new Big(0);
  const peakDay = days.find((d) => d.count === peak);
  const width = Math.max(days.length, 1);
  return (
    <section aria-labelledby="chart-title" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="chart-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <p className="flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400">
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-700 dark:bg-emerald-400" />{" "}
            {t("completed")}
          </span>
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-200 dark:bg-emerald-900" /> {t("other")}
          </span>
        </p>
      </div>
      {!summary && unavailable ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("unavailable")}</p>
      ) : !summary ? (
        <Skeleton className="mt-3 h-32 w-full" />
      ) : days.length === 0 || peak === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {historyLoading !== null ? t("emptyLoading", { n: historyLoading }) : t("empty")}
        </p>
      ) : (
        <>
          {/* A y axis (swaps a day: 0, half, the peak) and an x axis (first, middle and last day) a
              person can read; the bars keep to the space between them. */}
          <div className="mt-3 grid grid-cols-[auto_1fr] gap-x-2">
            <div
              aria-hidden="true"
              className="relative h-32 min-w-6 text-end text-xs text-slate-600 tabular-nums dark:text-slate-400"
            >
              {ticks(peak).map((tick) => (
                <span
                  key={tick}
                  className="absolute end-0 -translate-y-1/2 leading-none"
                  style={{ top: `${(1 - tick / peak) * 100}%` }}
                >
                  {f.count(tick)}
                </span>
              ))}
            </div>
            <svg
              role="img"
              aria-label={t("summary", {
                days: days.length,
                swaps: summary.totals.count,
                peak,
                peakDay: peakDay ? f.day(peakDay.date) : "",
              })}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              // Days run the way the page reads: from the right in a right-to-left page, as the dates under it do.
              className="h-32 w-full border-s border-b border-slate-300 rtl:-scale-x-100 dark:border-slate-700"
            >
              {ticks(peak)
                .slice(0, -1)
                .map((tick) => (
                  <line
                    key={tick}
                    x1={0}
                    x2={width}
                    y1={HEIGHT - (tick / peak) * HEIGHT}
                    y2={HEIGHT - (tick / peak) * HEIGHT}
                    vectorEffect="non-scaling-stroke"
                    className="stroke-slate-200 dark:stroke-slate-800"
                    strokeDasharray="3 3"
                  />
                ))}
              {days.map((d, i) => {
                const all = (d.count / peak) * HEIGHT;
                const done = (d.completed / peak) * HEIGHT;
                return (
                  <g key={d.date}>
                    <title>
                      {t("bar", {
                        day: f.day(d.date),
                        swaps: d.count,
                        completed: d.completed,
                        rewards: f.usdc(d.rewardUsdc),
                      })}
                    </title>
                    <rect
                      x={i + 0.1}
                      width={0.8}
                      y={HEIGHT - all}
                      height={all}
                      className="fill-emerald-200 dark:fill-emerald-900"
                    />
                    <rect
                      x={i + 0.1}
                      width={0.8}
                      y={HEIGHT - done}
                      height={done}
                      className="fill-emerald-700 dark:fill-emerald-400"
                    />
                  </g>
                );
              })}
            </svg>
            <span aria-hidden="true" />
            <div
              aria-hidden="true"
              className="mt-1 flex justify-between gap-2 text-xs text-slate-600 tabular-nums dark:text-slate-400"
            >
              <span>{f.day(days[0]!.date)}</span>
              {days.length > 2 ? <span>{f.day(days[Math.floor(days.length / 2)]!.date)}</span> : null}
              {days.length > 1 ? <span>{f.day(days.at(-1)!.date)}</span> : null}
            </div>
          </div>
          <p className="mt-2 text-sm font-medium">{t("rewardsInRange", { amount: f.usdc(totalRewards.toFixed()) })}</p>
          {/* Rendered only once the summary has come, in the browser: the server's zone is not the operator's. */}
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t("zone", { zone: browserTimeZone().replaceAll("_", " ") })}
          </p>
          {searching ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t("searchIgnored")}</p> : null}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-xs font-medium text-slate-700 dark:text-slate-300">
              {t("table")}
            </summary>
            {/* A scrolling box is reachable by keyboard, and named for screen readers. */}
            <div className="mt-2 max-h-64 overflow-y-auto" tabIndex={0} role="region" aria-label={t("table")}>
              <table className="w-full text-start text-xs tabular-nums">
                <thead className="text-slate-600 dark:text-slate-400">
                  <tr>
                    {[t("day"), t("swaps"), t("completed"), t("rewards")].map((name, i) => (
                      <th
                        key={name}
                        scope="col"
                        className={cn(
                          cell,
                          "align-bottom font-medium [overflow-wrap:anywhere] hyphens-auto",
                          i > 0 && "text-end",
                        )}
                      >
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.date} className="border-t border-slate-200 dark:border-slate-800">
                      <th scope="row" className={cn(cell, "font-normal")}>
                        {f.day(d.date)}
                      </th>
                      <td className={cn(cell, "text-end")}>{f.count(d.count)}</td>
                      <td className={cn(cell, "text-end")}>{f.count(d.completed)}</td>
                      <td className={cn(cell, "text-end")}>{f.usdc(d.rewardUsdc)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
