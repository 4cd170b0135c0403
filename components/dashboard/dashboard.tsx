"use client";
// The operator's swap history from the ledger: totals, a daily chart, search and filters that apply
// as chosen, one page of swaps (cards on a phone) with a detail per swap, the CSV of everything
// filtered, and the webhook log. It refreshes itself every 30 s and says how current it is.
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { useNow } from "@/lib/client/use-now";
import { takeHeadingFocus } from "@/lib/client/heading-focus";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { ReadingArrow } from "../ui/reading-arrow";
import { Spinner } from "../ui/spinner";
import { DailyChart } from "./daily-chart";
import { DashboardFilters } from "./dashboard-filters";
import { DashboardTotals } from "./dashboard-totals";
import { useDashboardFormat } from "./format";
import { FunnelBreakdown } from "./funnel-breakdown";
import { FunnelCards } from "./funnel-cards";
import { FunnelPanel } from "./funnel-panel";
import { SwapDetail } from "./swap-detail";
import { SwapsList } from "./swaps-list";
import { pageSizes, useDashboard } from "./use-dashboard";
import { WebhookLog } from "./webhook-log";

function useAgo() {
  const t = useTranslations("dashboard.freshness");
  const now = useNow(5_000);
  return (at: number) => {
    const seconds = Math.max(0, Math.round((now - at) / 1000));
    if (seconds < 60) return t("seconds", { n: Math.max(seconds, 1) });
    const minutes = Math.round(seconds / 60);
    if (minutes < 120) return t("minutes", { n: minutes });
    return t("hours", { n: Math.round(minutes / 60) });
  };
}

/** `webhooksOn`: WEBHOOK_URL and WEBHOOK_SECRET are set (the empty log says so, not how to set them). */
export function Dashboard({ webhooksOn }: { webhooksOn: boolean }) {
  const t = useTranslations("dashboard");
  const f = useDashboardFormat();
  const ago = useAgo();
  const {
    view,
    list,
    summary,
    funnel,
    volume,
    breakdown,
    setBreakdown,
    webhooks,
    webhookOffset,
    setWebhookOffset,
    stamp,
    show,
    openSwapId,
    openSwap,
    closeSwap,
    refreshAll,
    csvHref,
  } = useDashboard();
  // Paging moves focus (and the view) to the history's heading: the rows that changed are below it,
  // and the button pressed may be disabled on the new page (focus would fall to the page's top).
  const historyHeading = useRef<HTMLHeadingElement>(null);
  // Arriving from the login form, focus starts at the page's heading, not the document's top.
  const pageHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) pageHeading.current?.focus();
  }, []);
  const data = list.data;
  const total = data?.total ?? 0;
  // Pages count from the one last asked for: a press before the address bar has caught up with the
  // earlier ones moves on again instead of asking for the same page twice. `asked` holds the pages
  // pushed and not yet arrived; one that arrives drops it and those before it, and any other
  // change of page (Back, a filter) clears them.
  const asked = useRef<number[]>([]);
  useEffect(() => {
    const at = asked.current.indexOf(view.offset);
    asked.current = at >= 0 ? asked.current.slice(at + 1) : [];
  }, [view.offset]);
  const page = (step: 1 | -1) => {
    const from = asked.current.at(-1) ?? view.offset;
    const offset = Math.max(0, from + step * view.limit);
    if (offset === from || (step > 0 && offset >= total)) return;
    asked.current.push(offset);
    show({ ...view, offset });
    historyHeading.current?.focus();
  };

  const first = data && data.swaps.length ? view.offset + 1 : 0;
  const last = data ? view.offset + data.swaps.length : 0;
  const range = data
    ? data.swaps.length
      ? t("range", { from: first, to: last, total })
      : t("rangeEmpty", { total })
    : t("loading");
  // The ledger could not answer (its database down, say): its parts say so instead of loading forever.
  const unavailable = !!list.error && list.error.code !== "unauthorized" && !data;
  // While the provider's whole history is still being read, an empty range may only be not read yet.
  const historyLoading = stamp.loading;

  return (
    <div className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 ref={pageHeading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {t("heading")}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="freshness">
            {stamp.asOf
              ? t("freshness.updated", { ago: ago(stamp.asOf) })
              : unavailable
                ? t("freshness.unavailable")
                : t("loading")}
            {/* While the whole history is still being read, totals fall short of the provider's: say so,
                rather than an earlier match that no longer holds. */}
            {stamp.loading !== null
              ? ` · ${t("freshness.loading", { n: stamp.loading })}`
              : stamp.inSyncAt
                ? ` · ${t("freshness.inSync", { time: f.dateTime(new Date(stamp.inSyncAt).toISOString()) })}`
                : ""}
            {list.isValidating && data ? <Spinner size="sm" className="ms-2" /> : null}
          </p>
        </div>
        <a
          href={csvHref}
          download
          className="inline-flex h-9 items-center gap-2 rounded-xl bg-white px-3 text-sm font-medium text-slate-900 ring-1 ring-slate-300 transition hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" />
          </svg>
          {t("csv")}
        </a>
      </div>

      <DashboardFilters
        view={view}
        onChange={(filters, history) => show({ ...view, ...filters, offset: 0 }, history)}
      />

      <DashboardTotals
        totals={data?.totals}
        unavailable={unavailable}
        historyLoading={historyLoading}
        rewardsPending={stamp.rewardsPending}
      />

      <FunnelCards funnel={funnel.data} volume={volume.data} unavailable={!!funnel.error && !funnel.data} />

      <FunnelPanel funnel={funnel.data} unavailable={!!funnel.error && !funnel.data} />

      <FunnelBreakdown
        funnel={funnel.data}
        breakdown={breakdown}
        onBreakdown={setBreakdown}
        unavailable={!!funnel.error && !funnel.data}
      />

      <DailyChart
        summary={summary.data}
        searching={view.q !== ""}
        unavailable={unavailable || (!!summary.error && !summary.data)}
        historyLoading={historyLoading}
      />

      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2
          id="history-title"
          ref={historyHeading}
          tabIndex={-1}
          className="scroll-mt-4 text-base font-semibold outline-none"
        >
          {t("historyTitle")}
        </h2>
        {list.error && list.error.code !== "unauthorized" ? (
          <ErrorNotice
            error={list.error}
            action={
              <Button variant="secondary" size="sm" className="self-start" onClick={refreshAll}>
                {t("retry")}
              </Button>
            }
          />
        ) : null}

        <SwapsList
          caption={t("caption", { range })}
          rows={data?.swaps}
          onOpen={openSwap}
          busy={list.isValidating}
          unavailable={unavailable}
          historyLoading={historyLoading}
        />

        <nav aria-label={t("paging")} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm tabular-nums" data-testid="range" aria-live="polite">
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
                {[...new Set([...pageSizes, view.limit])]
                  .sort((a, b) => a - b)
                  .map((size) => (
                    <option key={size} value={size}>
                      {f.count(size)}
                    </option>
                  ))}
              </select>
            </label>
            <div className="flex gap-2">
              <Button variant="secondary" size="bar" disabled={view.offset === 0} onClick={() => page(-1)}>
                <ReadingArrow back aria-hidden="true" /> {t("previous")}
              </Button>
              <Button
                variant="secondary"
                size="bar"
                disabled={!data || view.offset + view.limit >= total}
                onClick={() => page(1)}
              >
                {t("next")} <ReadingArrow aria-hidden="true" />
              </Button>
            </div>
          </div>
        </nav>
      </section>

      <WebhookLog log={webhooks} offset={webhookOffset} onOffset={setWebhookOffset} enabled={webhooksOn} />

      <SwapDetail id={openSwapId} onClose={closeSwap} />
    </div>
  );
}
