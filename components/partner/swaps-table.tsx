"use client";
// One page of the swap history as a real table: on a phone it scrolls sideways inside its own
// focusable region rather than squeezing the columns.
import { useLocale, useTranslations } from "next-intl";
import { networkLabel } from "@/lib/checkout/asset-ref";
import { formatAmount } from "@/lib/checkout/format";
import type { SwapListItem } from "@/lib/schema/partner";
import { useErrorText } from "../error-notice";
import { cn } from "../ui/cn";
import { Skeleton, Spinner } from "../ui/spinner";
import { statusTone, useRewardStatusLabels, useStatusLabels } from "./status-labels";
import type { RowRefresh } from "./use-dashboard";

type Props = {
  caption: string;
  rows: SwapListItem[] | undefined;
  refreshed: Record<string, RowRefresh>;
  onRefresh: (id: string) => void;
  busy: boolean;
};

const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 align-top";

export function SwapsTable({ caption, rows, refreshed, onRefresh, busy }: Props) {
  const t = useTranslations("partner.table");
  return (
    <div
      role="region"
      aria-labelledby="swaps-caption"
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <table className="w-full min-w-[68rem] border-collapse text-sm" aria-busy={busy}>
        <caption id="swaps-caption" className="px-3 pt-3 pb-2 text-left text-sm text-slate-700 dark:text-slate-300">
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/60">
          <tr>
            <th scope="col" className={th}>{t("created")}</th>
            <th scope="col" className={th}>{t("id")}</th>
            <th scope="col" className={th}>{t("status")}</th>
            <th scope="col" className={th}>{t("from")}</th>
            <th scope="col" className={th}>{t("to")}</th>
            <th scope="col" className={th}>{t("externalId")}</th>
            <th scope="col" className={th}>{t("customerId")}</th>
            <th scope="col" className={cn(th, "text-right")}>{t("bps")}</th>
            <th scope="col" className={cn(th, "text-right")}>{t("reward")}</th>
            <th scope="col" className={th}>
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows === undefined ? (
            Array.from({ length: 6 }, (_, i) => (
              <tr key={i}>
                <td colSpan={10} className={td}>
                  <Skeleton className="h-6 w-full" />
                </td>
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={10} className="px-3 py-10 text-center text-slate-600 dark:text-slate-400">
                {t("empty")}
              </td>
            </tr>
          ) : (
            rows.map((row) => <SwapRow key={row.id} row={row} refresh={refreshed[row.id]} onRefresh={onRefresh} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

function SwapRow({ row, refresh, onRefresh }: { row: SwapListItem; refresh: RowRefresh | undefined; onRefresh: (id: string) => void }) {
  const t = useTranslations("partner.table");
  const locale = useLocale();
  const statusLabels = useStatusLabels();
  const rewardLabels = useRewardStatusLabels();
  const errorText = useErrorText();
  const live = refresh?.state === "done" ? refresh : null;
  const status = live?.swap.status ?? row.status;
  const time = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(d);
  };
  const { commission } = row;

  return (
    <tr data-testid="swap-row" data-id={row.id} className="hover:bg-slate-50/70 dark:hover:bg-slate-800/40">
      <td className={cn(td, "whitespace-nowrap")}>
        <time dateTime={row.createdAt}>{time(row.createdAt)}</time>
      </td>
      <th scope="row" className={cn(td, "text-left font-mono text-xs font-medium whitespace-nowrap")}>
        {row.id}
      </th>
      <td className={td}>
        <span data-testid="row-status" data-status={status} className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1", statusTone[status])}>
          {statusLabels[status]}
        </span>
        {live ? (
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{t("liveAt", { time: new Intl.DateTimeFormat(locale, { timeStyle: "medium" }).format(live.at) })}</span>
        ) : null}
        {refresh?.state === "error" ? (
          <span role="alert" className="mt-1 block max-w-48 text-xs text-rose-700 dark:text-rose-400">
            {t("refreshFailed")} {errorText(refresh.error)}
          </span>
        ) : null}
      </td>
      <td className={td}>
        <Amount amount={row.from.amount} token={row.from.token} network={row.from.network} decimals={row.from.decimals} locale={locale} />
      </td>
      <td className={td}>
        <Amount amount={row.to.estimatedAmount} token={row.to.token} network={row.to.network} decimals={Math.min(row.to.decimals, 8)} locale={locale} approximate />
      </td>
      <td className={cn(td, "font-mono text-xs break-all")}>{row.externalId ?? <None />}</td>
      <td className={cn(td, "font-mono text-xs break-all")}>{row.customerId ?? <None />}</td>
      <td className={cn(td, "text-right tabular-nums")}>{commission.bps ?? <None />}</td>
      <td className={cn(td, "text-right whitespace-nowrap")}>
        {commission.rewardAmountUsdc !== null ? (
          <>
            <span className="font-medium tabular-nums">{formatAmount(commission.rewardAmountUsdc, locale)}</span>
            {commission.rewardStatus ? <span className="block text-xs text-slate-600 dark:text-slate-400">{rewardLabels[commission.rewardStatus]}</span> : null}
          </>
        ) : (
          <None />
        )}
      </td>
      <td className={cn(td, "text-right")}>
        <button
          type="button"
          onClick={() => onRefresh(row.id)}
          disabled={refresh?.state === "loading"}
          aria-label={t("refreshLabel", { id: row.id })}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-xs font-medium ring-1 ring-slate-300 transition hover:bg-slate-100 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800"
        >
          {refresh?.state === "loading" ? <Spinner className="size-3" /> : null}
          {t("refresh")}
        </button>
      </td>
    </tr>
  );
}

function Amount({ amount, token, network, decimals, locale, approximate = false }: { amount: string; token: string; network: string; decimals: number; locale: string; approximate?: boolean }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium tabular-nums">
        {approximate ? "≈ " : ""}
        {formatAmount(amount, locale, decimals)} {token}
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{networkLabel(network)}</span>
    </span>
  );
}

function None() {
  const t = useTranslations("partner.table");
  return (
    <span className="text-slate-500 dark:text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("none")}</span>
    </span>
  );
}
