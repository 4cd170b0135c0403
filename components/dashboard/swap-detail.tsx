"use client";
// One swap in a dialog: every id and address, amounts, rewards, and its status history with the
// time the ledger saw each status. "Read live status" is the one upstream read the dashboard makes.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { bff, BffError } from "@/lib/client/bff";
import { formatAmount } from "@/lib/swap/format";
import { networkLabel } from "@/lib/swap/asset-ref";
import { depositDiffers } from "@/lib/swap/deposit-differs";
import { dashboardSwapDetailSchema, type DashboardSwapDetail } from "@/lib/schema/dashboard";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { Skeleton, Spinner } from "../ui/spinner";
import { useDashboardFormat } from "./format";
import { useRewardStatusLabels, useStatusLabels } from "./status-labels";
import { None, StatusBadge } from "./swaps-list";

export function SwapDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useTranslations("dashboard.detail");
  const dialog = useRef<HTMLDialogElement>(null);
  const detail = useSWR<DashboardSwapDetail, BffError>(
    id ? `/api/partner/swaps/${encodeURIComponent(id)}` : null,
    (p: string) => bff(p, dashboardSwapDetailSchema),
    {
      revalidateOnFocus: false,
    },
  );

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (id && !el.open) el.showModal();
    if (!id && el.open) el.close();
  }, [id]);

  // When this swap was last read live here: the button otherwise left no sign that it did anything.
  const [readLiveAt, setReadLiveAt] = useState<{ id: string; at: Date } | null>(null);
  const f = useDashboardFormat();
  async function readLive() {
    if (!id) return;
    await detail.mutate(bff(`/api/partner/swaps/${encodeURIComponent(id)}?refresh=true`, dashboardSwapDetailSchema), {
      revalidate: false,
    });
    setReadLiveAt({ id, at: new Date() });
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="detail-title"
      className="m-auto w-[min(40rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div className="min-w-0">
          <h2 id="detail-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
            <bdi dir="ltr">{id}</bdi>
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => dialog.current?.close()}>
          {t("close")}
        </Button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto p-4">
        {detail.error ? <ErrorNotice error={detail.error} /> : null}
        {!detail.data ? <Skeleton className="h-48 w-full" /> : <DetailBody swap={detail.data} />}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void readLive()}
            disabled={!detail.data || detail.isValidating}
          >
            {detail.isValidating ? <Spinner size="sm" /> : null}
            {t("readLive")}
          </Button>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t("readLiveHint")}</p>
          <p className="basis-full text-sm font-medium" aria-live="polite" data-testid="read-live-done">
            {readLiveAt && readLiveAt.id === id && detail.data && !detail.error
              ? t("readLiveDone", { time: f.time(readLiveAt.at.toISOString()) })
              : null}
          </p>
        </div>
      </div>
    </dialog>
  );
}

function DetailBody({ swap }: { swap: DashboardSwapDetail }) {
  const t = useTranslations("dashboard.detail");
  const f = useDashboardFormat();
  const statusLabels = useStatusLabels();
  const rewardLabels = useRewardStatusLabels();
  // A deposit other than the amount asked: the payout follows what arrived, and the quote's figures
  // are what was asked, said as such (the commission is on what arrived too).
  const differs = depositDiffers(swap);
  // Amounts read left to right in a right-to-left page too.
  const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;
  const receive = (amount: string) => (
    <>
      {ltr(`≈ ${formatAmount(amount, f.locale, Math.min(swap.to.decimals, 8))} ${swap.to.token}`)} ·{" "}
      {networkLabel(swap.to.network)}
    </>
  );
  const rows: Array<[string, React.ReactNode]> = [
    [t("status"), <StatusBadge key="s" status={swap.status} />],
    [t("created"), f.dateTime(swap.createdAt)],
    [
      differs ? t("amountRequested") : t("amountIn"),
      <>
        {ltr(`${formatAmount(swap.from.amount, f.locale, swap.from.decimals)} ${swap.from.token}`)} ·{" "}
        {networkLabel(swap.from.network)}
      </>,
    ],
    ...(differs
      ? ([
          [differs === "lower" ? t("receiveForLower") : t("receiveForHigher"), receive(swap.payout.estimatedAmount)],
          [t("quotedToReceive"), receive(swap.to.estimatedAmount)],
        ] as Array<[string, React.ReactNode]>)
      : ([[t("toReceive"), receive(swap.payout.estimatedAmount)]] as Array<[string, React.ReactNode]>)),
    [
      t("rewards"),
      swap.commission.rewardAmountUsdc !== null ? (
        <>
          {ltr(`${f.usdc(swap.commission.rewardAmountUsdc)} USDC`)}
          {swap.commission.rewardStatus ? ` · ${rewardLabels[swap.commission.rewardStatus]}` : ""}
        </>
      ) : (
        <None key="r" />
      ),
    ],
    [t("bps"), swap.commission.bps ?? <None key="b" />],
    [t("externalId"), swap.externalId ?? <None key="e" />],
    [t("customerId"), swap.customerId ?? <None key="c" />],
    [t("quoteId"), swap.quote.id ?? <None key="q" />],
    [t("depositAddress"), `${swap.deposit.address}${swap.deposit.memo ? ` · ${t("memo")} ${swap.deposit.memo}` : ""}`],
    [t("payoutAddress"), `${swap.payout.address}${swap.payout.memo ? ` · ${t("memo")} ${swap.payout.memo}` : ""}`],
  ];
  return (
    <>
      <dl className="grid grid-cols-[7.5rem_1fr] gap-x-3 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 text-sm font-semibold">{t("history")}</h3>
      <ol
        className="mt-2 flex flex-col gap-1.5 border-s-2 border-slate-200 ps-3 text-sm dark:border-slate-700"
        data-testid="status-history"
      >
        {swap.history.map((h) => (
          <li key={`${h.status}-${h.seenAt}`}>
            <span className="font-medium">{statusLabels[h.status]}</span>{" "}
            <time dateTime={h.seenAt} className="text-slate-600 dark:text-slate-400">
              {t("seenAt", { time: f.dateTime(h.seenAt) })}
            </time>
          </li>
        ))}
      </ol>
    </>
  );
}
