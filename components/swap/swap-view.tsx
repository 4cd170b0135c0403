"use client";
// The swap page: deposit instructions while we wait for the user's funds, then the live status
// until it ends. The access token comes from the URL fragment and never leaves the browser except
// in the x-swap-token header to our own API.
import { useCallback, useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { isTerminalStatus, type SwapStatus } from "@/lib/schema/codes";
import type { Swap } from "@/lib/schema/partner";
import { assetRef, memoKindOf, networkLabel } from "@/lib/swap/asset-ref";
import { explorerAddressUrl } from "@/lib/swap/explorer";
import { formatAmount, momentText } from "@/lib/swap/format";
import { takeHeadingFocus } from "@/lib/client/heading-focus";
import { keepPrefillFrom, listMySwaps, markUnderpaid, rememberSwap, useMySwaps } from "@/lib/client/my-swaps";
import { useDepositAsset } from "@/lib/client/use-assets";
import { useServerNow } from "@/lib/client/use-now";
import type { SupportContext } from "@/lib/swap/support";
import { tokenFromHash, useOffline, useSwapStatus } from "@/lib/client/use-swap-status";
import { StepIndicator } from "../checkout/step-indicator";
import { ErrorNotice } from "../error-notice";
import { SupportLink, useSupportConfig } from "../support";
import { Button } from "../ui/button";
import { statusTone } from "../ui/status-tone";
import { CopyButton } from "../ui/copy-button";
import { LoadingPanel, Panel } from "../ui/panel";
import { Spinner } from "../ui/spinner";
import { cn } from "../ui/cn";
import { DepositInstructions } from "./deposit-instructions";
import { SandboxPanel } from "./sandbox-panel";
import { StatusTimeline } from "./status-timeline";
import { depositDiffers } from "@/lib/swap/deposit-differs";

// The receipt is for the end of a completed swap only: its code loads then, not before.
const Receipt = dynamic(() => import("./receipt").then((m) => m.Receipt), { ssr: false });

/** The ids a support request about this swap carries (the link adds the time). */
type SupportIds = Omit<SupportContext, "at">;

type Props = { id: string; sandbox: boolean; onEvent?: (type: string, payload: Record<string, unknown>) => void; newSwapHref?: string };

export function SwapView({ id, sandbox, onEvent, newSwapHref = "/" }: Props) {
  const t = useTranslations("swap");
  const [token, setToken] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const read = () => {
      const fromLink = tokenFromHash(window.location.hash);
      // A link that lost its #t= part (pasted short, or cut by a mail client), opened in the browser
      // that already holds this swap: its saved token opens it, and the address bar gets the whole
      // link back, so what is copied from there works elsewhere.
      const saved = fromLink ? null : (listMySwaps().find((s) => s.id === id)?.token ?? null);
      if (saved) window.history.replaceState(window.history.state, "", `#t=${saved}`);
      setToken(fromLink ?? saved);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [id]);

  const status = useSwapStatus(id, token ?? null);
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

  // An underpaid swap can still complete: remember it was underpaid (here and on this device), so
  // the end does not claim the amount asked was sent.
  const [seenUnderpaid, setSeenUnderpaid] = useState(false);
  const storedUnderpaid = useMySwaps().some((s) => s.id === id && s.underpaid);
  const underpaid = swap?.status === "underpaid";
  if (underpaid && !seenUnderpaid) setSeenUnderpaid(true);
  useEffect(() => {
    // After the effect above that saves the swap on this device, so there is an entry to mark.
    if (underpaid) markUnderpaid(id);
  }, [id, underpaid]);
  const differs = swap ? depositDiffers(swap) : null;
  const deposit: DepositSeen = seenUnderpaid || storedUnderpaid || differs === "lower" ? "lower" : differs === "higher" ? "higher" : "asked";

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
        <h1 className="text-xl font-semibold">{status.error.code === "swap_not_found" ? t("notFoundTitle") : t("loadFailedTitle")}</h1>
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
  const supportContext = { swapId: swap.id, externalId: swap.externalId, status: swap.status };
  return (
    // Container queries, not the viewport: inside the widget's 480 px the page keeps its phone layout.
    <div className="@container flex w-full flex-col gap-4">
      <LiveStatusLine
        status={swap.status}
        pastDeadline={pastDeadline}
        checkedAt={status.data.checkedAt}
        clockOffset={status.data.clockOffset}
        failed={!!status.error || offline}
      />
      {/* An expired swap stopped at the deposit; a failed or refunded one after it, without a swap. */}
      <StepIndicator current={terminal && swap.status !== "expired" ? "done" : "deposit"} ended={terminal && swap.status !== "completed"} className="px-1" />
      <Panel className="print:hidden">
        <StatusHeader swap={swap} pastDeadline={pastDeadline} deposit={deposit} newSwapHref={newSwapHref} />
        <div className="mt-5 grid gap-6 @2xl:grid-cols-[1fr_14rem]">
          <div className="min-w-0">
            {swap.status === "waiting_deposit" ? (
              <>
                <DepositInstructions swap={swap} asset={sentAsset} clockOffset={status.data.clockOffset} onClosed={onDeadlinePassed} />
                <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
                  <Outcome swap={swap} />
                </div>
              </>
            ) : swap.status === "expired" ? (
              <p className="text-slate-700 dark:text-slate-300">{t("expiredNothingSent")}</p>
            ) : (
              <Outcome swap={swap} deposit={deposit} />
            )}
          </div>
          <div className="@2xl:border-s @2xl:border-slate-200 @2xl:ps-6 dark:@2xl:border-slate-800">
            {/* On phones the one-line status at the top takes the timeline's place. */}
            <div className="hidden @2xl:block">
              <StatusTimeline status={swap.status} />
            </div>
            <Freshness
              checkedAt={status.data.checkedAt}
              terminal={terminal}
              validating={status.isValidating}
              failed={!!status.error || offline}
              onRefresh={() => status.mutate()}
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

      <Panel className="print:hidden">
        <h2 className="text-base font-semibold">{t("supportTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("supportBody")}</p>
        <SupportLine context={supportContext} />
        <dl className="mt-3 flex flex-col gap-2 text-sm">
          <SupportRow label={t("swapId")} value={swap.id} />
          {swap.externalId ? <SupportRow label={t("orderReference")} value={swap.externalId} /> : null}
          <SupportRow label={t("pageLink")} value={typeof window === "undefined" ? "" : window.location.href} display={t("pageLinkDisplay")} />
        </dl>
        {isTerminalStatus(swap.status) ? (
          <a href={newSwapHref} className="mt-4 inline-flex h-11 items-center rounded-xl bg-accent px-4 font-medium text-accent-fg">
            {t("newSwap")}
          </a>
        ) : null}
      </Panel>
    </div>
  );
}

/** `pastDeadline`: a waiting swap whose deposit deadline has passed on screen (not yet expired upstream). */
function StatusHeader({ swap, pastDeadline, deposit, newSwapHref }: { swap: Swap; pastDeadline: boolean; deposit: DepositSeen; newSwapHref: string }) {
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

/**
 * What this page knows of the deposit against the amount asked: "lower" (seen underpaid here, or a
 * payout recomputed under the quote), "higher" (recomputed over it), else "asked".
 */
type DepositSeen = "asked" | "lower" | "higher";

/**
 * What was asked, what comes back and where it goes, worded for where the swap stands. The swap
 * carries only the amount asked, so it is "You sent" only while nothing says another amount came.
 */
function Outcome({ swap, deposit = "asked" }: { swap: Swap; deposit?: DepositSeen }) {
  const t = useTranslations("swap");
  const locale = useLocale();
  const sentLabel =
    swap.status === "waiting_deposit"
      ? null
      : deposit !== "asked" || swap.status === "underpaid" || swap.status === "refunded" || swap.status === "failed"
        ? t("requested")
        : t("sent");
  // Ended without a payout, or waiting after too little: the quote's own figure, named as such
  // (the payout estimate may already be recomputed for what arrived, which no quote said).
  const quotedOnly = swap.status === "refunded" || swap.status === "failed" || swap.status === "underpaid";
  const receive = (amount: string) => (
    <>
      <bdi dir="ltr">
        ≈ {formatAmount(amount, locale, Math.min(swap.to.decimals, 8))} {swap.payout.token}
      </bdi>{" "}
      <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({networkLabel(swap.payout.network)})</span>
    </>
  );
  const recomputed = swap.status === "underpaid" && swap.payout.estimatedAmount !== swap.to.estimatedAmount;
  const quotedText = `${formatAmount(swap.to.estimatedAmount, locale, Math.min(swap.to.decimals, 8))} ${swap.payout.token}`;
  // Completed, the outcome's own words explain it (completedAfterUnderpaid / completedAfterOverpaid).
  const explained =
    (swap.status === "deposit_detected" || swap.status === "processing") && deposit !== "asked" && swap.payout.estimatedAmount !== swap.to.estimatedAmount;
  return (
    <dl className="flex flex-col gap-3">
      {sentLabel ? (
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{sentLabel}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            <bdi dir="ltr">
              {formatAmount(swap.deposit.amount, locale, swap.from.decimals)} {swap.deposit.token}
            </bdi>{" "}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({networkLabel(swap.deposit.network)})</span>
          </dd>
        </div>
      ) : null}
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
            {deposit === "lower" ? t("estimateLower", { quoted: quotedText }) : t("estimateHigher", { quoted: quotedText })}
          </dd>
        ) : null}
      </div>
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
            {memoKindOf(swap.payout.network) === "tag" ? t("tagValue", { memo: swap.payout.memo }) : t("memoValue", { memo: swap.payout.memo })}
          </dd>
        ) : null}
      </div>
    </dl>
  );
}

/** When the status shown was read; `failed`: the last check did not get through (what shows is older). */
function Freshness({
  checkedAt,
  terminal,
  validating,
  failed,
  onRefresh,
}: {
  checkedAt: number;
  terminal: boolean;
  validating: boolean;
  failed: boolean;
  onRefresh: () => void;
}) {
  const t = useTranslations("swap");
  const locale = useLocale();
  const time = momentText(checkedAt, locale, { seconds: true });
  // A check the person asked for ends in words for a screen reader too ("Checked at 17:05:12."): a
  // status that did not change would otherwise make it sound as if nothing happened. A change is
  // said by the status itself.
  const [asked, setAsked] = useState(false);
  const [wasValidating, setWasValidating] = useState(validating);
  const [said, setSaid] = useState("");
  if (validating !== wasValidating) {
    setWasValidating(validating);
    if (!validating && asked) {
      setAsked(false);
      setSaid(failed ? "" : t("checkedAt", { time }));
    }
  }
  return (
    <div className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <p>
        {t("updatedAt", { time })}
        {terminal ? null : <span className="block">{t("autoRefresh")}</span>}
      </p>
      <p role="status" className={failed && !terminal ? "font-medium text-amber-800 dark:text-amber-300" : "sr-only"} data-testid="check-failed">
        {failed && !terminal ? t("checkFailed") : ""}
      </p>
      {terminal ? null : (
        // Busy, it stays focusable (aria-disabled; a press meanwhile does nothing), so focus stays here.
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (validating) return;
            setAsked(true);
            setSaid("");
            onRefresh();
          }}
          aria-disabled={validating || undefined}
          className="self-start aria-disabled:cursor-progress"
        >
          {validating ? <Spinner className="size-3" /> : null}
          {t("refresh")}
        </Button>
      )}
      <span role="status" className="sr-only" data-testid="check-said">
        {said}
      </span>
    </div>
  );
}

function SupportRow({ label, value, display }: { label: string; value: string; display?: string }) {
  return (
    <div className="rounded-xl bg-slate-100/80 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        {/* Whole, wrapping if it must: a person may have to read it out to support. */}
        <span className={display ? "min-w-0" : "min-w-0 font-mono break-all"} dir={display ? undefined : "ltr"}>
          {display ?? value}
        </span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

/** The one-line live status that stays at the top on phones; `checkedAt` is on the server's clock. */
function LiveStatusLine({
  status,
  pastDeadline,
  checkedAt,
  clockOffset,
  failed,
}: {
  status: SwapStatus;
  pastDeadline: boolean;
  checkedAt: number;
  clockOffset: number;
  /** The last check did not get through (offline, or the server is away): said up here too, not only by "Check now". */
  failed: boolean;
}) {
  const t = useTranslations("status");
  const now = useServerNow(clockOffset);
  const seconds = Math.max(0, Math.round((now - checkedAt) / 1000));
  return (
    <p
      aria-hidden="true"
      data-testid="live-status"
      className="sticky top-0 z-30 -mx-(--page-gutter) border-b border-slate-200 bg-white/95 px-4 py-2 text-sm font-medium backdrop-blur @2xl:hidden print:hidden dark:border-slate-800 dark:bg-slate-900/95"
    >
      <span
        className={cn(
          "me-2 inline-block size-2 rounded-full align-middle",
          isTerminalStatus(status) ? "bg-slate-400" : "animate-pulse bg-accent motion-reduce:animate-none",
        )}
      />
      {t(`${pastDeadline ? "waitingPastDeadline" : status}.title`)}
      {/* An ended swap changes no more: how long ago it was checked would only look like stale data. */}
      {isTerminalStatus(status) ? null : <> · {seconds < 60 ? t("checkedSeconds", { seconds }) : t("checkedMinutes", { minutes: Math.floor(seconds / 60) })}</>}
      {failed && !isTerminalStatus(status) ? <span className="text-amber-800 dark:text-amber-300"> · {t("checkFailedShort")}</span> : null}
    </p>
  );
}

/** What happens next, in the tense of where the swap stands: the part of the status that changes by outcome. */
function OutcomeNext({ swap, deposit, newSwapHref }: { swap: Swap; deposit: DepositSeen; newSwapHref: string }) {
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
                  <bdi dir="ltr">{refundAddress}</bdi>
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

/**
 * Where a person goes from a link that opens no swap: the checkout's start, where the swaps made in
 * this browser are listed (the widget keeps no such list, so it says only "start a new swap").
 */
function LostLinkNext({ newSwapHref }: { newSwapHref: string }) {
  const t = useTranslations("swap");
  return (
    <>
      {newSwapHref === "/" ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("lostLinkMySwaps")}</p> : null}
      <a href={newSwapHref} className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-accent px-4 py-2 font-medium text-accent-fg">
        {newSwapHref === "/" ? t("lostLinkStart") : t("newSwap")}
      </a>
    </>
  );
}

/** A sentence that ends by pointing at support for this swap. */
function ThenSupport({ className, lead, context }: { className?: string; lead: React.ReactNode; context: SupportIds }) {
  return (
    <p className={className}>
      {lead} <SupportOrIds context={context} />
    </p>
  );
}

/** "Contact support with these ids" as a link when support is configured, else the words alone. */
function SupportOrIds({ context }: { context: SupportIds }) {
  const t = useTranslations("support");
  const config = useSupportConfig();
  if (!config.url && !config.email) return <span>{t("idsBelow")}</span>;
  return <SupportLink context={context}>{t("contactIdsBelow")}</SupportLink>;
}

/** Support for this swap: a link when one is configured, else the ids below are what to quote. */
function SupportLine({ context }: { context: SupportIds }) {
  const t = useTranslations("support");
  const config = useSupportConfig();
  if (!config.url && !config.email) return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("quoteIds")}</p>;
  return (
    <p className="mt-2 text-sm">
      <SupportLink context={context}>{t("contactWithIds")}</SupportLink>
    </p>
  );
}
