"use client";
// The swap's figures: what was asked, what comes back and where it goes.
import { useLocale, useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { memoKindOf, networkLabel } from "@/lib/swap/asset-ref";
import { formatAmount } from "@/lib/swap/format";
import type { DepositSeen } from "@/lib/client/use-deposit-seen";

/**
 * What was asked, what comes back and where it goes, worded for where the swap stands. The swap
 * carries only the amount asked, so it is "You sent" only while nothing says another amount came.
 */
export function Outcome({ swap, deposit = "asked" }: { swap: Swap; deposit?: DepositSeen }) {
  const t = useTranslations("swap");
  const locale = useLocale();
  // Expired: no deposit came and nothing will be paid, so the amount as asked and where it would
  // have gone, and no figure to receive.
  const expired = swap.status === "expired";
  // Ended without a payout, or waiting after too little: the quote's own figure, named as such
  // (the payout estimate may already be recomputed for what arrived, which no quote said).
  const quotedOnly = swap.status === "refunded" || swap.status === "failed" || swap.status === "underpaid";
  const sentLabel =
    swap.status === "waiting_deposit"
      ? null
      : deposit !== "asked" || quotedOnly || expired
        ? t("requested")
        : t("sent");
  const receive = (amount: string) => (
    <>
      <bdi dir="ltr">
        ≈ {formatAmount(amount, locale, Math.min(swap.to.decimals, 8))} {swap.payout.token}
      </bdi>{" "}
      <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
        ({networkLabel(swap.payout.network)})
      </span>
    </>
  );
  const recomputed = swap.status === "underpaid" && swap.payout.estimatedAmount !== swap.to.estimatedAmount;
  const quotedText = `${formatAmount(swap.to.estimatedAmount, locale, Math.min(swap.to.decimals, 8))} ${swap.payout.token}`;
  // Completed, the outcome's own words explain it (completedAfterUnderpaid / completedAfterOverpaid).
  const explained =
    (swap.status === "deposit_detected" || swap.status === "processing") &&
    deposit !== "asked" &&
    swap.payout.estimatedAmount !== swap.to.estimatedAmount;
  return (
    <dl className="flex flex-col gap-3">
      {sentLabel ? (
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{sentLabel}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            <bdi dir="ltr">
              {formatAmount(swap.deposit.amount, locale, swap.from.decimals)} {swap.deposit.token}
            </bdi>{" "}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
              ({networkLabel(swap.deposit.network)})
            </span>
          </dd>
        </div>
      ) : null}
      {expired ? null : (
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">
            {swap.status === "completed" ? t("received") : quotedOnly ? t("quoted") : t("toReceive")}
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="receive-amount">
            {receive(quotedOnly ? swap.to.estimatedAmount : swap.payout.estimatedAmount)}
          </dd>
          {/* A figure other than the quote's says why, in every step that shows it: the brief
              "Deposit lower than quoted" status, the only one that explained it, is often polled past. */}
          {explained ? (
            <dd className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="estimate-differs">
              {deposit === "lower"
                ? t("estimateLower", { quoted: quotedText })
                : t("estimateHigher", { quoted: quotedText })}
            </dd>
          ) : null}
        </div>
      )}
      {recomputed ? (
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t("estimateForReceived")}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="recomputed-amount">
            {receive(swap.payout.estimatedAmount)}
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-sm text-slate-600 dark:text-slate-400">{t("payoutAddress")}</dt>
        <dd className="font-mono text-sm break-all" data-testid="payout-address">
          <bdi dir="ltr">{swap.payout.address}</bdi>
        </dd>
        {swap.payout.memo ? (
          <dd className="font-mono text-sm break-all">
            {memoKindOf(swap.payout.network) === "tag"
              ? t("tagValue", { memo: swap.payout.memo })
              : t("memoValue", { memo: swap.payout.memo })}
          </dd>
        ) : null}
      </div>
    </dl>
  );
}
