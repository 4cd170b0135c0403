"use client";
// The part of the status box that changes by outcome: where a refund went, what to do next.
import { useLocale, useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { assetRef, networkLabel } from "@/lib/swap/asset-ref";
import { explorerAddressUrl } from "@/lib/swap/explorer";
import { formatAmount } from "@/lib/swap/format";
import { keepPrefillFrom, useMySwaps } from "@/lib/client/my-swaps";
import type { DepositSeen } from "@/lib/client/use-deposit-seen";
import { cn } from "../ui/cn";
import { ThenSupport } from "./swap-support";

/** What happens next, in the tense of where the swap stands: the part of the status that changes by outcome. */
export function OutcomeNext({ swap, deposit, newSwapHref }: { swap: Swap; deposit: DepositSeen; newSwapHref: string }) {
  const t = useTranslations("outcome");
  const locale = useLocale();
  const mine = useMySwaps().find((s) => s.id === swap.id);
  const refundAddress = mine?.refundAddress;
  // Created on this device without one: the service's own refund address, for certain.
  const noRefundAddress = !!mine?.createdHere && !refundAddress;
  const sent = `${formatAmount(swap.deposit.amount, locale, swap.from.decimals)} ${swap.deposit.token}`;
  const received = `${formatAmount(swap.payout.estimatedAmount, locale, Math.min(swap.to.decimals, 8))} ${swap.payout.token}`;
  const context = { swapId: swap.id, externalId: swap.externalId, status: swap.status };

  const body = (): React.ReactNode => {
    switch (swap.status) {
      case "underpaid":
        // The status text says what happens next; this adds where a refund would go, when we know.
        return refundAddress ? <p>{t("underpaidRefundTo", { address: refundAddress })}</p> : null;
      case "refunded":
        return (
          <>
            {refundAddress ? (
              <>
                <p>{t("refundedTo")}</p>
                <p className="mt-1 rounded-lg bg-white/70 px-2 py-1 font-mono break-all dark:bg-slate-950/40" data-testid="refund-address">
                  {refundAddress}
                </p>
              </>
            ) : noRefundAddress ? (
              <p>{t("refundedToService", { network: networkLabel(swap.deposit.network) })}</p>
            ) : (
              <p>{t("refundedUnknown", { network: networkLabel(swap.deposit.network) })}</p>
            )}
            <ThenSupport className="mt-2" lead={t("refundedFee")} context={context} />
          </>
        );
      case "failed":
        return (
          <>
            <p>{t("failedWhere")}</p>
            <ThenSupport className="mt-2 font-medium" lead={t("failedWhat")} context={context} />
          </>
        );
      case "expired":
        return (
          <>
            <a
              href={newQuoteHref(swap, newSwapHref)}
              onClick={() => keepPrefillFrom(swap)}
              className="inline-flex min-h-11 items-center self-start py-2 rounded-xl bg-accent px-4 text-base font-semibold text-accent-fg"
              data-testid="new-quote"
            >
              {t("newQuote")}
            </a>
            <ThenSupport lead={<span className="font-semibold">{t("expiredSent")}</span>} context={context} />
          </>
        );
      case "completed": {
        const explorer = explorerAddressUrl(swap.payout.network, swap.payout.address);
        return (
          <>
            <p>
              {deposit === "lower"
                ? t("completedAfterUnderpaid", { amount: received })
                : deposit === "higher"
                  ? t("completedAfterOverpaid", { amount: received })
                  : t("completedSent", { amount: received, sent })}
            </p>
            {explorer ? (
              <a
                href={explorer}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-block font-medium underline underline-offset-2 hover:no-underline"
                data-testid="explorer-link"
              >
                {t("explorer", { network: networkLabel(swap.payout.network) })}
                <span className="sr-only"> {t("newTab")}</span>
              </a>
            ) : null}
          </>
        );
      }
      default:
        return null;
    }
  };
  const next = body();
  if (!next) return null;
  return (
    <div className={cn("mt-3 text-sm", swap.status === "expired" && "flex flex-col gap-3")} data-testid="outcome-next">
      {next}
    </div>
  );
}

/** The checkout again with this swap's pair and amount; the payout address follows in sessionStorage. */
function newQuoteHref(swap: Swap, base: string): string {
  const url = new URL(base, "http://x");
  url.searchParams.set("from", assetRef({ symbol: swap.deposit.token, network: swap.deposit.network }));
  url.searchParams.set("to", assetRef({ symbol: swap.payout.token, network: swap.payout.network }));
  url.searchParams.set("amount", swap.deposit.amount);
  return `${url.pathname}${url.search}`;
}
