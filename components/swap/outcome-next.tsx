"use client";
// The part of the status box that changes by outcome: where a refund went, what to do next.
import { useLocale, useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { assetRef, networkLabel } from "@/lib/swap/asset-ref";
import { explorerAddressUrl } from "@/lib/swap/explorer";
import { formatAmount } from "@/lib/swap/format";
import { keepPrefillFrom, useMySwaps } from "@/lib/client/my-swaps";
import type { DepositSeen } from "@/lib/client/use-deposit-seen";
import { supportLink } from "@/lib/swap/support";
import { useSupportConfig } from "../support";
import type { PrimaryAction } from "./outcome-table";
import { ThenSupport } from "./swap-support";

/** What happens next, in the tense of where the swap stands: the part of the status that changes by outcome. */
/** `supportButton`: "Contact support" follows as the primary action, so the words need not point there. */
export function OutcomeNext({
  swap,
  deposit,
  supportButton,
}: {
  swap: Swap;
  deposit: DepositSeen;
  supportButton: boolean;
}) {
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
                <p
                  className="mt-1 rounded-lg bg-white/70 px-2 py-1 font-mono break-all dark:bg-slate-950/40"
                  data-testid="refund-address"
                >
                  <bdi dir="ltr">{refundAddress}</bdi>
                </p>
              </>
            ) : noRefundAddress ? (
              <p>{t("refundedToService", { network: networkLabel(swap.deposit.network) })}</p>
            ) : (
              <p>{t("refundedUnknown", { network: networkLabel(swap.deposit.network) })}</p>
            )}
            {/* With "Contact support" as the button below, the sentence leads to it rather than linking again. */}
            {supportButton ? (
              <p className="mt-2">{t("refundedFee")}</p>
            ) : (
              <ThenSupport className="mt-2" lead={t("refundedFee")} context={context} />
            )}
          </>
        );
      case "failed":
        return (
          <>
            <p>{t("failedWhere")}</p>
            {supportButton ? null : (
              <ThenSupport className="mt-2 font-medium" lead={t("failedWhat")} context={context} />
            )}
          </>
        );
      case "expired":
        return <ThenSupport lead={<span className="font-semibold">{t("expiredSent")}</span>} context={context} />;
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
    <div className="mt-3 text-sm" data-testid="outcome-next">
      {next}
    </div>
  );
}

const primaryClass =
  "mt-4 inline-flex min-h-11 items-center rounded-xl bg-accent px-4 py-2 text-base font-semibold text-accent-fg no-underline";

/** The state's one primary action (components/swap/outcome-table.ts), at the end of the status box. */
export function PrimaryActionLink({
  action,
  swap,
  newSwapHref,
}: {
  action: PrimaryAction;
  swap: Swap;
  newSwapHref: string;
}) {
  const t = useTranslations("outcome");
  const tSwap = useTranslations("swap");
  const tSupport = useTranslations("support");
  const support = useSupportConfig();
  const context = { swapId: swap.id, externalId: swap.externalId, status: swap.status };
  switch (action) {
    case "newSwap":
      return (
        <a href={newSwapHref} className={primaryClass} data-primary="newSwap">
          {tSwap("newSwap")}
        </a>
      );
    case "newQuote":
      return (
        <a
          href={newQuoteHref(swap, newSwapHref)}
          onClick={() => keepPrefillFrom(swap)}
          className={primaryClass}
          data-testid="new-quote"
          data-primary="newQuote"
        >
          {t("newQuote")}
        </a>
      );
    case "contactSupport": {
      const link = supportLink(support, { ...context, at: new Date() });
      if (!link) return null;
      return (
        <a
          href={link.href}
          target={link.kind === "url" ? "_blank" : undefined}
          rel={link.kind === "url" ? "noopener noreferrer" : undefined}
          className={primaryClass}
          data-testid="support-link"
          data-primary="contactSupport"
        >
          {tSupport("contact")}
          {link.kind === "url" ? <span className="sr-only"> {tSupport("newTab")}</span> : null}
        </a>
      );
    }
    default:
      // The deposit card's "Open in wallet" and the freshness box's "Check now" are theirs.
      return null;
  }
}

/** The checkout again with this swap's pair and amount; the payout address follows in sessionStorage. */
function newQuoteHref(swap: Swap, base: string): string {
  const url = new URL(base, "http://x");
  url.searchParams.set("from", assetRef({ symbol: swap.deposit.token, network: swap.deposit.network }));
  url.searchParams.set("to", assetRef({ symbol: swap.payout.token, network: swap.payout.network }));
  url.searchParams.set("amount", swap.deposit.amount);
  return `${url.pathname}${url.search}`;
}
