"use client";
// The operator's swap history: totals, filters, one page of rows with live per-row refresh, paging,
// and a CSV of everything filtered.
import { useLocale, useTranslations } from "next-intl";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { DashboardFilters } from "./dashboard-filters";
import { DashboardTotals } from "./dashboard-totals";
import { SwapsTable } from "./swaps-table";
import { pageSizes, useDashboard } from "./use-dashboard";

export function PartnerDashboard() {
  const t = useTranslations("partner");
  const locale = useLocale();
  const { view, list, refreshed, refreshRow, show, csvHref } = useDashboard();
  const data = list.data;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);

  const total = data?.total ?? 0;
  const first = data && data.swaps.length ? view.offset + 1 : 0;
  const last = data ? view.offset + data.swaps.length : 0;
  const range = data ? (data.swaps.length ? t("range", { from: first, to: last, total }) : t("rangeEmpty", { total })) : t("loading");

  return (
    <div className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={csvHref}
            download
            className="inline-flex h-9 items-center gap-2 rounded-xl bg-white px-3 text-sm font-medium text-slate-900 ring-1 ring-slate-300 transition hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
              <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" />
            </svg>
            {t("csv")}
          </a>
        </div>
      </div>

      <DashboardTotals totals={data?.totals} />

      <DashboardFilters view={view} onApply={(filters) => show({ ...view, ...filters, offset: 0 })} />

      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="history-title" className="text-base font-semibold">
            {t("historyTitle")}
          </h2>
          <p className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {list.isValidating && data ? (
              <>
                <Spinner className="size-3" /> {t("updating")}
              </>
            ) : null}
          </p>
        </div>
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-50 dark:ring-amber-900">
          {t("staleNote")}
        </p>

        {list.error && list.error.code !== "unauthorized" ? (
          <ErrorNotice
            error={list.error}
            action={
              <Button variant="secondary" size="sm" className="self-start" onClick={() => list.mutate()}>
                {t("retry")}
              </Button>
            }
          />
        ) : null}

        <SwapsTable caption={t("caption", { range })} rows={data?.swaps} refreshed={refreshed} onRefresh={refreshRow} busy={list.isValidating} />

        <nav aria-label={t("paging")} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm tabular-nums" data-testid="range">
            {data ? range : null}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <label className="inline-flex items-center gap-2 text-sm">
              {t("pageSize")}
              <select
                value={view.limit}
                onChange={(e) => show({ ...view, limit: Number(e.target.value), offset: 0 })}
                className="h-9 rounded-lg bg-white px-2 text-sm ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
              >
                {[...new Set([...pageSizes, view.limit])].sort((a, b) => a - b).map((size) => (
                  <option key={size} value={size}>
                    {number(size)}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" className="h-9" disabled={view.offset === 0} onClick={() => show({ ...view, offset: Math.max(0, view.offset - view.limit) })}>
                <span aria-hidden="true">←</span> {t("previous")}
              </Button>
              <Button variant="secondary" size="sm" className="h-9" disabled={!data || view.offset + view.limit >= total} onClick={() => show({ ...view, offset: view.offset + view.limit })}>
                {t("next")} <span aria-hidden="true">→</span>
              </Button>
            </div>
          </div>
        </nav>
      </section>
    </div>
  );
}
