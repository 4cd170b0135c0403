"use client";
// One page of the swap history: a table on wide screens, a list of cards on a phone (no sideways
// scrolling). A swap's id opens its detail with the status history.
import { useTranslations } from "next-intl";
import { networkLabel } from "@/lib/swap/asset-ref";
import { formatAmount } from "@/lib/swap/format";
import type { SwapListItem } from "@/lib/schema/partner";
import { cn } from "../ui/cn";
import { card } from "../ui/panel";
import { Skeleton } from "../ui/spinner";
import { useDashboardFormat } from "./format";
import { Badge } from "../ui/badge";
import { statusToneOf } from "../ui/status-tone";
import { useRewardStatusLabels, useStatusLabels } from "./status-labels";

type Props = {
  caption: string;
  rows: SwapListItem[] | undefined;
  onOpen: (id: string) => void;
  busy: boolean;
  /** The ledger did not answer: no placeholders, the notice above says why. */
  unavailable?: boolean;
  /** Swaps read so far while the provider's whole history is still loading; null once it is read. */
  historyLoading?: number | null;
};

const th = "px-3 py-2.5 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-2.5 align-top";

export function SwapsList({ caption, rows, onOpen, busy, unavailable = false, historyLoading = null }: Props) {
  const t = useTranslations("dashboard.table");
  const empty = unavailable
    ? t("unavailable")
    : historyLoading !== null
      ? t("emptyLoading", { n: historyLoading })
      : t("empty");
  return (
    <div className={cn(card, "p-0")} aria-busy={busy}>
      <table className="hidden w-full border-collapse text-sm lg:table">
        <caption id="swaps-caption" className="px-3 pt-3 pb-2 text-start text-sm text-slate-700 dark:text-slate-300">
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/60">
          <tr>
            {[t("created"), t("id"), t("status"), t("from"), t("to"), t("externalId"), t("customerId")].map(
              (heading, index) => (
                <th key={index} scope="col" className={th}>
                  {heading}
                </th>
              ),
            )}
            <th scope="col" className={cn(th, "text-end")}>
              {t("reward")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows === undefined && !unavailable ? (
            Array.from({ length: 6 }, (_, i) => (
              <tr key={i}>
                <td colSpan={8} className={td}>
                  <Skeleton className="h-6 w-full" />
                </td>
              </tr>
            ))
          ) : !rows || rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="px-3 py-10 text-center text-slate-600 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => <SwapRow key={row.id} row={row} onOpen={onOpen} />)
          )}
        </tbody>
      </table>

      <div className="lg:hidden">
        <h3 className="px-3 pt-3 pb-2 text-sm text-slate-700 dark:text-slate-300">{caption}</h3>
        {rows === undefined && !unavailable ? (
          <div className="flex flex-col gap-2 p-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : !rows || rows.length === 0 ? (
          <p className="px-3 py-10 text-center text-slate-600 dark:text-slate-400">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row) => (
              <SwapCard key={row.id} row={row} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function StatusBadge({ status }: { status: SwapListItem["status"] }) {
  const labels = useStatusLabels();
  return (
    <Badge tone={statusToneOf[status]} data-testid="row-status" data-status={status}>
      {labels[status]}
    </Badge>
  );
}

function OpenButton({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const t = useTranslations("dashboard.table");
  return (
    <button
      type="button"
      onClick={() => onOpen(id)}
      aria-label={t("openLabel", { id })}
      dir="ltr"
      className="rounded font-mono text-xs font-medium text-emerald-800 underline underline-offset-2 hover:no-underline dark:text-emerald-300"
    >
      {id}
    </button>
  );
}

function Reward({ row }: { row: SwapListItem }) {
  const f = useDashboardFormat();
  const rewardLabels = useRewardStatusLabels();
  const { commission } = row;
  if (commission.rewardAmountUsdc === null) return <None />;
  return (
    <>
      <bdi dir="ltr" className="font-medium tabular-nums">
        {f.usdc(commission.rewardAmountUsdc)}
      </bdi>
      {commission.rewardStatus ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {rewardLabels[commission.rewardStatus]}
        </span>
      ) : null}
    </>
  );
}

function SwapRow({ row, onOpen }: { row: SwapListItem; onOpen: (id: string) => void }) {
  const f = useDashboardFormat();
  return (
    <tr data-testid="swap-row" data-id={row.id} className="hover:bg-slate-50/70 dark:hover:bg-slate-800/40">
      <td className={cn(td, "whitespace-nowrap")}>
        <time dateTime={row.createdAt}>{f.dateTime(row.createdAt)}</time>
      </td>
      <th scope="row" className={cn(td, "text-start whitespace-nowrap")}>
        <OpenButton id={row.id} onOpen={onOpen} />
      </th>
      <td className={td}>
        <StatusBadge status={row.status} />
      </td>
      <td className={td}>
        <Amount row={row} side="from" />
      </td>
      <td className={td}>
        <Amount row={row} side="to" />
      </td>
      <td className={cn(td, "max-w-40 font-mono text-xs break-all")}>
        {row.externalId ? <bdi dir="ltr">{row.externalId}</bdi> : <None />}
      </td>
      <td className={cn(td, "max-w-32 font-mono text-xs break-all")}>
        {row.customerId ? <bdi dir="ltr">{row.customerId}</bdi> : <None />}
      </td>
      <td className={cn(td, "text-end whitespace-nowrap")}>
        <Reward row={row} />
      </td>
    </tr>
  );
}

function SwapCard({ row, onOpen }: { row: SwapListItem; onOpen: (id: string) => void }) {
  const t = useTranslations("dashboard.table");
  const f = useDashboardFormat();
  return (
    <li data-testid="swap-card" data-id={row.id} className="flex flex-col gap-2 px-3 py-3">
      <div className="flex items-center justify-between gap-2">
        <OpenButton id={row.id} onOpen={onOpen} />
        <time dateTime={row.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {f.dateTime(row.createdAt)}
        </time>
      </div>
      <div>
        <StatusBadge status={row.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
        <CardField label={t("from")}>
          <Amount row={row} side="from" />
        </CardField>
        <CardField label={t("to")}>
          <Amount row={row} side="to" />
        </CardField>
        <CardField label={t("reward")}>
          <Reward row={row} />
        </CardField>
        <CardField label={t("externalId")} className="min-w-0" valueClassName="font-mono text-xs break-all">
          {row.externalId ? <bdi dir="ltr">{row.externalId}</bdi> : <None />}
        </CardField>
        <CardField label={t("customerId")} className="col-span-2 min-w-0" valueClassName="font-mono text-xs break-all">
          {row.customerId ? <bdi dir="ltr">{row.customerId}</bdi> : <None />}
        </CardField>
      </dl>
    </li>
  );
}

/** What was sent, or about what comes back, with its network under it. */
function Amount({ row, side }: { row: SwapListItem; side: "from" | "to" }) {
  const { locale } = useDashboardFormat();
  const { token, network } = row[side];
  const text =
    side === "from"
      ? formatAmount(row.from.amount, locale, row.from.decimals)
      : // The estimate for what arrived (the quote's own figure when the deposit was as asked).
        `≈ ${formatAmount(row.payout.estimatedAmount, locale, Math.min(row.to.decimals, 8))}`;
  return (
    <span className="whitespace-nowrap">
      <bdi dir="ltr" className="font-medium tabular-nums">
        {text} {token}
      </bdi>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{networkLabel(network)}</span>
    </span>
  );
}

/** One labelled value of a swap's card. */
function CardField({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

export function None() {
  const t = useTranslations("dashboard.table");
  return (
    <span className="text-slate-500 dark:text-slate-400">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("none")}</span>
    </span>
  );
}
