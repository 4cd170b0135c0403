"use client";
// The swap page: deposit instructions while we wait for the user's funds, then the live status
// until it ends. The access token comes from the URL fragment and never leaves the browser except
// in the x-swap-token header to our own API.
import { useCallback, useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { isTerminalStatus, type SwapStatus } from "@/lib/schema/codes";
import type { Swap } from "@/lib/schema/partner";
import { rememberSwap, useMySwaps } from "@/lib/client/my-swaps";
import { useDepositAsset } from "@/lib/client/use-assets";
import { useDepositSeen } from "@/lib/client/use-deposit-seen";
import { useOffline, useSwapStatus } from "@/lib/client/use-swap-status";
import { useSwapToken } from "@/lib/client/use-swap-token";
import { formatAmount, momentText } from "@/lib/swap/format";
import { StepIndicator } from "../checkout/step-indicator";
import { ErrorNotice } from "../error-notice";
import { useSupportConfig } from "../support";
import { Button } from "../ui/button";
import { LoadingPanel, Panel } from "../ui/panel";
import { DepositInstructions } from "./deposit-instructions";
import { EmailLink } from "./email-link";
import { Freshness, LiveStatusLine } from "./freshness";
import { Outcome } from "./outcome";
import { preloadQrEncoder } from "./qr-code";
import { outcomeStateOf, outcomeTable, primaryActionOf, stopMarkOf, type PrimaryAction } from "./outcome-table";
import { SandboxPanel } from "./sandbox-panel";
import { StatusHeader } from "./status-header";
import { StatusTimeline } from "./status-timeline";
import { LostLinkNext, SupportLine, SupportRow } from "./swap-support";

// The receipt is for the end of a completed swap only: its code loads then, not before.
const Receipt = dynamic(() => import("./receipt").then((m) => m.Receipt), { ssr: false });

type Props = {
  id: string;
  sandbox: boolean;
  onEvent?: (type: string, payload: Record<string, unknown>) => void;
  newSwapHref?: string;
  /** The server can send mail (SMTP_URL and MAIL_FROM): the deposit step offers its link by e-mail. */
  mailEnabled?: boolean;
};

/**
 * While the first status read is on the network, the deposit card's slow first steps are taken:
 * the QR encoder's code is fetched, and the page's first number and date formats are made (the
 * first Intl object of a page loads its locale's data: 135 ms of the card's first render at 4×
 * CPU, docs/benchmarks.md). So the card and its QR come sooner once the status arrives.
 */
function useReadyForFirstRead(reading: boolean) {
  const locale = useLocale();
  useEffect(() => {
    if (!reading) return;
    preloadQrEncoder();
    formatAmount("0", locale);
    momentText(Date.now(), locale, { date: true });
  }, [reading, locale]);
}

export function SwapView({ id, sandbox, onEvent, newSwapHref = "/", mailEnabled = false }: Props) {
  const t = useTranslations("swap");
  const token = useSwapToken(id);

  const status = useSwapStatus(id, token ?? null);
  useReadyForFirstRead(!!token);
  const offline = useOffline();
  const { mutate } = status;
  // The deposit deadline passed on screen while the swap still waits: say so, and ask now how it
  // ended rather than at the next poll.
  const [deadlinePassed, setDeadlinePassed] = useState(false);
  const onDeadlinePassed = useCallback(() => {
    setDeadlinePassed(true);
    void mutate();
  }, [mutate]);
  const swap = status.data?.swap;
  // The deposit asset's contract or mint and decimals, for the payment URI: the swap answer says
  // (lib/bff/deposit-asset.ts); only when it cannot does the page ask the asset list. Undefined
  // while that list loads; null when nothing knows the asset, and the QR holds the address alone.
  const sentAsset = useDepositAsset(swap);

  // This device keeps the swaps it has seen (created here or opened from a shared link), once the
  // token has proven to open one.
  const opened = !!swap;
  useEffect(() => {
    if (token && opened) rememberSwap(id, token);
  }, [id, token, opened]);

  const deposit = useDepositSeen(id, swap);
  const mine = useMySwaps().find((s) => s.id === id);
  // Created on this device without a refund address: the service's own refund address, for certain.
  const noRefundAddress = !!mine?.createdHere && !mine.refundAddress;
  const support = useSupportConfig();
  const supportConfigured = !!(support.url || support.email);

  const lastStatus = useRef<SwapStatus | null>(null);
  useEffect(() => {
    if (!swap || lastStatus.current === swap.status) return;
    lastStatus.current = swap.status;
    onEvent?.("status", { id: swap.id, status: swap.status });
    if (isTerminalStatus(swap.status)) onEvent?.("terminal", { id: swap.id, status: swap.status });
  }, [swap, onEvent]);

  if (token === null) {
    return (
      <Panel>
        <h1 className="text-xl font-semibold">{t("missingTokenTitle")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("missingTokenBody")}</p>
        <LostLinkNext newSwapHref={newSwapHref} />
      </Panel>
    );
  }
  if (status.error && !swap) {
    return (
      <Panel>
        <h1 className="text-xl font-semibold">
          {status.error.code === "swap_not_found" ? t("notFoundTitle") : t("loadFailedTitle")}
        </h1>
        <ErrorNotice
          className="mt-3"
          error={status.error}
          swapId={id}
          action={
            status.error.code === "swap_not_found" ? null : (
              <Button variant="secondary" size="sm" className="self-start" onClick={() => status.mutate()}>
                {t("retry")}
              </Button>
            )
          }
        />
        {status.error.code === "swap_not_found" ? <LostLinkNext newSwapHref={newSwapHref} /> : null}
      </Panel>
    );
  }
  if (!swap || !status.data) {
    return <LoadingPanel label={t("loading")} shapes={["h-7 w-56", "mt-4 h-24 w-full", "mt-4 h-40 w-full"]} />;
  }

  const terminal = isTerminalStatus(swap.status);
  const pastDeadline = deadlinePassed && swap.status === "waiting_deposit";
  const state = outcomeStateOf(swap, { pastDeadline, deposit, noRefundAddress });
  const primary = primaryActionOf(state, supportConfigured);
  return (
    // The checkout's width on every screen (480 px): the viewport, not the card, decides whether the
    // timeline shows (inside the widget's 480-px frame the page keeps its phone layout).
    <div className="flex w-full flex-col gap-3">
      <LiveStatusLine
        status={swap.status}
        tone={outcomeTable[state].tone}
        pastDeadline={pastDeadline}
        checkedAt={status.data.checkedAt}
        clockOffset={status.data.clockOffset}
        failed={!!status.error || offline}
      />
      {/* An expired swap stopped at the deposit; a failed or refunded one after it, without a swap. */}
      <StepIndicator
        current={terminal && swap.status !== "expired" ? "done" : "deposit"}
        ended={terminal && swap.status !== "completed"}
        stop={stopMarkOf(outcomeTable[state].tone)}
        className="px-1"
      />
      <Panel className="print:hidden">
        <StatusHeader swap={swap} state={state} primary={primary} deposit={deposit} newSwapHref={newSwapHref} />
        <div className="mt-4 flex flex-col gap-5">
          <div className="min-w-0">
            {swap.status === "waiting_deposit" ? (
              <>
                <DepositInstructions
                  swap={swap}
                  asset={sentAsset}
                  clockOffset={status.data.clockOffset}
                  onClosed={onDeadlinePassed}
                />
                {mailEnabled && token && !pastDeadline ? (
                  <div className="mt-4">
                    <EmailLink swapId={swap.id} token={token} />
                  </div>
                ) : null}
                <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
                  <Outcome swap={swap} />
                </div>
              </>
            ) : (
              // Expired too: the status above says what happened; these are the swap's figures.
              <Outcome swap={swap} deposit={deposit} />
            )}
          </div>
          <div className="md:border-t md:border-slate-200 md:pt-4 dark:md:border-slate-800">
            {/* On phones the one-line status at the top takes the timeline's place. */}
            <div className="hidden md:block">
              <StatusTimeline status={swap.status} tone={outcomeTable[state].tone} checkedAt={status.data.checkedAt} />
            </div>
            <Freshness
              checkedAt={status.data.checkedAt}
              terminal={terminal}
              validating={status.isValidating}
              failed={!!status.error || offline}
              onRefresh={() => status.mutate()}
              primary={primary === "checkNow"}
            />
          </div>
        </div>
      </Panel>

      {swap.status === "completed" ? <Receipt swap={swap} deposit={deposit} /> : null}

      {sandbox && token ? (
        <div className="contents print:hidden">
          <SandboxPanel swap={swap} token={token} onChanged={(next) => status.mutate(next, { revalidate: false })} />
        </div>
      ) : null}

      <SwapSupportPanel swap={swap} newSwapHref={newSwapHref} primary={primary} />
    </div>
  );
}

/**
 * The ids to quote to support, the page's own link, and a new swap once this one has ended.
 * `primary`: the state's primary action, shown in the status box; this panel repeats none of it. */
function SwapSupportPanel({ swap, newSwapHref, primary }: { swap: Swap; newSwapHref: string; primary: PrimaryAction }) {
  const t = useTranslations("swap");
  const supportContext = { swapId: swap.id, externalId: swap.externalId, status: swap.status };
  return (
    <Panel className="print:hidden">
      <h2 className="text-base font-semibold">{t("supportTitle")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("supportBody")}</p>
      {primary === "contactSupport" ? null : <SupportLine context={supportContext} />}
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        <SupportRow label={t("swapId")} value={swap.id} />
        {swap.externalId ? <SupportRow label={t("orderReference")} value={swap.externalId} /> : null}
        <SupportRow
          label={t("pageLink")}
          value={typeof window === "undefined" ? "" : window.location.href}
          display={t("pageLinkDisplay")}
        />
      </dl>
      {/* Once ended, a new swap: in the status box when it is the state's primary action, else here, plain. */}
      {isTerminalStatus(swap.status) && primary !== "newSwap" ? (
        <a
          href={newSwapHref}
          className="mt-4 inline-flex h-11 items-center rounded-xl bg-white px-4 font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
        >
          {t("newSwap")}
        </a>
      ) : null}
    </Panel>
  );
}
