"use client";
// The swap's status box: its heading (which keeps the tab's title and the keyboard's focus in step)
// and what comes next.
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import type { Swap } from "@/lib/schema/partner";
import { takeHeadingFocus } from "@/lib/client/heading-focus";
import type { DepositSeen } from "@/lib/client/use-deposit-seen";
import { statusTone } from "../ui/status-tone";
import { cn } from "../ui/cn";
import { OutcomeNext } from "./outcome-next";

/** `pastDeadline`: a waiting swap whose deposit deadline has passed on screen (not yet expired upstream). */
export function StatusHeader({ swap, pastDeadline, deposit, newSwapHref }: { swap: Swap; pastDeadline: boolean; deposit: DepositSeen; newSwapHref: string }) {
  const t = useTranslations("status");
  const words = pastDeadline ? "waitingPastDeadline" : swap.status;
  // Arriving from "Create swap", focus continues here (lib/client/heading-focus.ts).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) heading.current?.focus();
  }, []);
  // The tab says where the swap stands ("Deposit detected · Swap Checkout"), for a person waiting
  // in another tab; the site's name after " · " stays as the page's metadata set it.
  const title = t(`${words}.title`);
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
    <div className={cn("rounded-2xl p-4 ring-1", statusTone(swap.status))} data-testid="swap-status" data-status={swap.status}>
      <div aria-live="polite" aria-atomic="true">
        <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          {title}
        </h1>
        <p className="mt-1">{t(`${words}.body`)}</p>
      </div>
      <OutcomeNext swap={swap} deposit={deposit} newSwapHref={newSwapHref} />
      {swap.errorMessage && (swap.status === "failed" || swap.status === "refunded" || swap.status === "underpaid") ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">{t("providerMessage")}</span>{" "}
          {/* The service writes in English: a screen reader reads it so, whatever the page's language. */}
          <span lang="en">{swap.errorMessage}</span>
        </p>
      ) : null}
    </div>
  );
}
