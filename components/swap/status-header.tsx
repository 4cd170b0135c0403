"use client";
// The swap's status box: its heading (which keeps the tab's title and the keyboard's focus in step)
// and what comes next.
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { takeHeadingFocus } from "@/lib/client/heading-focus";
import type { DepositSeen } from "@/lib/client/use-deposit-seen";
import { toneSurface } from "../ui/status-tone";
import { join } from "../ui/join";
import { OutcomeNext, PrimaryActionLink } from "./outcome-next";
import { outcomeTable, type OutcomeState, type PrimaryAction } from "./outcome-table";

/** `pastDeadline`: a waiting swap whose deposit deadline has passed on screen (not yet expired upstream). */
type Props = { swap: Swap; state: OutcomeState; primary: PrimaryAction; deposit: DepositSeen; newSwapHref: string };

export function StatusHeader({ swap, state, primary, deposit, newSwapHref }: Props) {
  const t = useTranslations("status");
  const tOutcome = useTranslations("outcome");
  const words = state === "waitingPastDeadline" ? "waitingPastDeadline" : swap.status;
  // Arriving from "Create swap", focus continues here (lib/client/heading-focus.ts).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) heading.current?.focus();
  }, []);
  // The tab says where the swap stands ("Deposit detected · Swap Checkout"), for a person waiting
  // in another tab; the site's name after " · " stays as the page's metadata set it.
  const title =
    state === "completedLess"
      ? tOutcome("completedLessTitle")
      : state === "refundedToService"
        ? tOutcome("refundedToServiceTitle")
        : t(`${words}.title`);
  useEffect(() => {
    const at = document.title.indexOf(" · ");
    document.title = title + (at >= 0 ? document.title.slice(at) : "");
  }, [title]);
  // A change of status can remove what had focus (a copy button of the deposit instructions): a
  // keyboard user then continues from the news, not from the top of the page.
  const shownStatus = useRef(swap.status);
  useEffect(() => {
    if (shownStatus.current === swap.status) return;
    shownStatus.current = swap.status;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, [swap.status]);
  return (
    <div
      className={join(
        "rounded-2xl ring-1",
        state === "waiting_deposit" ? "px-4 py-2.5 md:p-4" : "p-4",
        toneSurface[outcomeTable[state].tone],
      )}
      data-testid="swap-status"
      data-status={swap.status}
      data-outcome={state}
    >
      <div aria-live="polite" aria-atomic="true">
        <h1
          ref={heading}
          tabIndex={-1}
          className={join(
            "font-semibold tracking-tight outline-none",
            state === "waiting_deposit" ? "text-lg md:text-xl" : "text-xl",
          )}
        >
          {title}
        </h1>
        {/* Waiting, on a phone the deposit card below says it all: the first screen keeps room for it.
            Sent to the service's own address, the refund is not "sent back": what comes next says where it went. */}
        {state === "refundedToService" ? null : (
          <p className={join("mt-1", state === "waiting_deposit" && "hidden text-sm md:block")}>{t(`${words}.body`)}</p>
        )}
      </div>
      <OutcomeNext swap={swap} deposit={deposit} supportButton={primary === "contactSupport"} />
      {swap.errorMessage && (swap.status === "failed" || swap.status === "refunded" || swap.status === "underpaid") ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">{t("providerMessage")}</span>{" "}
          {/* The service writes in English: a screen reader reads it so, whatever the page's language. */}
          <span lang="en">{swap.errorMessage}</span>
        </p>
      ) : null}
      <PrimaryActionLink action={primary} swap={swap} newSwapHref={newSwapHref} />
    </div>
  );
}
