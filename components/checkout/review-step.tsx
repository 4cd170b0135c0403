"use client";
// The last look before anything is created: exactly what will happen, and one button.
import { useEffect, useRef, useState } from "react";
import { repriceCodes } from "./reprice";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import type { QuoteAnswer } from "@/lib/schema/bff";
import type { Asset } from "@/lib/schema/partner";
import type { BffError } from "@/lib/client/bff";
import { memoKindOf, networkLabel } from "@/lib/swap/asset-ref";
import { etaMinutes, formatAmount, glanceFractionDigits } from "@/lib/swap/format";
import { quoteRate, type QuoteChange } from "@/lib/client/use-quote";
import { ErrorNotice, useErrorText } from "../error-notice";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { ReadingArrow } from "../ui/reading-arrow";
import { Spinner } from "../ui/spinner";
import { AssetLogo } from "../asset-logo";
import type { DestinationState } from "./destination-fields";
import { QuoteCountdown } from "./quote-countdown";
import { useMySwaps } from "@/lib/client/my-swaps";
import { GroupedAddress } from "../ui/grouped-address";

// Loaded only when this device has made swaps before: a first visit ships none of it.
const WaitingTwinNotice = dynamic(() => import("./waiting-twin").then((m) => m.WaitingTwinNotice), { ssr: false });

type Props = {
  quote: QuoteAnswer;
  from: Asset;
  to: Asset;
  destination: DestinationState;
  now: number;
  change: QuoteChange | null;
  onAcceptChange: () => void;
  refreshing: boolean;
  creating: boolean;
  error: BffError | null;
  onBack: () => void;
  onConfirm: () => void;
  /** Where a swap's page is (the widget's own), for the link to one already waiting. */
  swapPath: string;
  swapQuery: string;
};

const SLOW_CREATE_MS = 8_000;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="shrink-0 text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 font-medium sm:text-end">{children}</dd>
    </div>
  );
}

export function ReviewStep(props: Props) {
  const { quote, from, to, destination, now, change } = props;
  const t = useTranslations("review");
  const locale = useLocale();
  const rate = quoteRate(quote);
  const amountOf = (value: string, decimals: number) => formatAmount(value, locale, decimals);
  // The form that had focus is gone: a keyboard or screen-reader user continues from this heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const madeBefore = useMySwaps().length > 0;
  const repriced = !!props.error && repriceCodes.has(props.error.code);
  const errorText = useErrorText();
  const heldBack = !props.creating && (props.refreshing || !!change);
  // The old and new estimates as a person reads them: equal when the price moved by less than shown.
  const receiveFigure = (answer: { to: { estimatedAmount: string } }) =>
    amountOf(answer.to.estimatedAmount, Math.min(to.decimals, 8));
  const changeFigures = change && { before: receiveFigure(change.before), after: receiveFigure(change.after) };
  const sameFigure = !!changeFigures && changeFigures.before === changeFigures.after;
  // A creation that takes long (a slow swap service, our retries with the same key) says so, so
  // nobody reloads or clicks again thinking nothing happens.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!props.creating) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CREATE_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [props.creating]);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={props.onBack}
          disabled={props.creating}
          className="-my-2 -ms-2.5 inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-55 dark:hover:bg-slate-800"
          aria-label={t("back")}
        >
          <Icon name="back" />
        </button>
        <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          {t("heading")}
        </h1>
      </div>

      <div className="grid grid-cols-1 gap-2">
        <div className="flex items-center gap-3 rounded-2xl bg-slate-100/80 p-3 dark:bg-slate-800/60">
          <AssetLogo symbol={from.symbol} logoUrl={from.logoUrl} size="lg" />
          <div className="min-w-0">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("youSend")}</p>
            <p className="text-lg font-semibold [overflow-wrap:anywhere] tabular-nums">
              <bdi dir="ltr">
                {amountOf(quote.from.amount, from.decimals)} {from.symbol}
              </bdi>
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t("onNetwork", { network: networkLabel(from.network) })}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-3 rounded-2xl bg-slate-100/80 p-3 dark:bg-slate-800/60">
          <AssetLogo symbol={to.symbol} logoUrl={to.logoUrl} size="lg" />
          <div className="min-w-0">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("youReceive")}</p>
            <p className="text-lg font-semibold [overflow-wrap:anywhere] tabular-nums" data-testid="review-receive">
              <bdi dir="ltr">
                ≈ {receiveFigure(quote)} {to.symbol}
              </bdi>
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t("onNetwork", { network: networkLabel(to.network) })}
            </p>
          </div>
        </div>
      </div>

      {/* A re-price, routine and amber: why (the service's refusal, or the price's expiry), old → new,
          and "Accept the new price" before the swap can be created. */}
      {change || repriced ? (
        <div
          role="alert"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-50 dark:ring-amber-800"
          data-testid="reprice"
        >
          <p className="font-semibold">{repriced ? errorText(props.error!) : t("changedTitle")}</p>
          {changeFigures ? (
            <>
              {repriced || sameFigure ? null : (
                <p className="mt-1">
                  {t("changedBody", { before: changeFigures.before, after: changeFigures.after, symbol: to.symbol })}
                </p>
              )}
              {/* A new price for the same figure (the service's prices had not moved) says so, where
                  "≈ 968.61 USDT → ≈ 968.61 USDT" would make a person look for a difference. */}
              <p className="mt-1 flex flex-wrap items-baseline gap-x-2 tabular-nums" data-testid="reprice-figures">
                <span>{t("youReceive")}</span>
                {sameFigure ? null : (
                  <>
                    <del className="text-amber-900 dark:text-amber-200" data-testid="reprice-before">
                      ≈ {changeFigures.before} {to.symbol}
                    </del>
                    <ReadingArrow aria-hidden="true" data-testid="reprice-arrow" />
                  </>
                )}
                <ins className="font-semibold no-underline" data-testid="reprice-after">
                  ≈ {changeFigures.after} {to.symbol}
                </ins>
                {sameFigure ? <span data-testid="reprice-unchanged">{t("unchanged")}</span> : null}
              </p>
              {/* Amber like the box it answers: the page's one primary button (Create swap) stays held until then. */}
              <button
                type="button"
                className="mt-2 inline-flex h-9 items-center rounded-xl bg-amber-800 px-3 text-sm font-semibold text-white hover:bg-amber-900 dark:bg-amber-300 dark:text-amber-950 dark:hover:bg-amber-200"
                onClick={props.onAcceptChange}
              >
                {t("acceptChange")}
              </button>
            </>
          ) : null}
        </div>
      ) : null}

      <dl className="divide-y divide-slate-200 dark:divide-slate-800">
        <Row label={t("destination")}>
          <span className="font-mono text-sm" data-testid="review-payout-address">
            <GroupedAddress address={destination.address} />
          </span>
        </Row>
        {destination.memo && to.supportsMemo ? (
          <Row label={t("memo", { kind: memoKindOf(to.network) })}>
            <span className="font-mono text-sm break-all" dir="ltr">
              {destination.memo}
            </span>
          </Row>
        ) : null}
        {destination.refundAddress ? (
          <Row label={t("refundAddress")}>
            <span className="font-mono text-sm break-all" dir="ltr">
              {destination.refundAddress}
            </span>
          </Row>
        ) : null}
        {destination.email ? (
          <Row label={t("email")}>
            <bdi dir="ltr">{destination.email}</bdi>
          </Row>
        ) : null}
        <Row label={t("rate")}>
          {rate ? (
            <bdi dir="ltr">{`${formatAmount("1", locale)} ${from.symbol} ≈ ${formatAmount(rate, locale, glanceFractionDigits(rate, 8))} ${to.symbol}`}</bdi>
          ) : (
            "—"
          )}
        </Row>
        <Row label={t("time")}>
          <span data-testid="review-time">{t("minutes", { count: etaMinutes(quote.estimatedTimeSeconds) })}</span>
        </Row>
        <Row label={t("validity")}>
          <QuoteCountdown expiresAt={quote.expiresAt} now={now} renewing={props.refreshing} />
        </Row>
      </dl>
      {/* What "≈" and the countdown mean, before the swap is made rather than after. */}
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="estimate-note">
        {t("estimateNote")}
      </p>

      {madeBefore ? (
        <WaitingTwinNotice
          wanted={{ from, to, address: destination.address }}
          now={now}
          swapPath={props.swapPath}
          swapQuery={props.swapQuery}
        />
      ) : null}

      <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-950 ring-1 ring-sky-200 dark:bg-sky-950/40 dark:text-sky-50 dark:ring-sky-900">
        {t("nextStep")}
      </p>

      {props.error && !repriced ? <ErrorNotice error={props.error} /> : null}
      {props.creating && slow ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="creating-slow">
          {t("creatingSlow")}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {/* While the swap is being made, its details can no longer change. */}
        <Button variant="secondary" size="lg" onClick={props.onBack} disabled={props.creating} className="sm:flex-1">
          {t("edit")}
        </Button>
        {/* Busy, or held back while the price is renewed or a changed one awaits acceptance, it
            stays focusable (aria-disabled; a press then does nothing): a keyboard user's focus stays
            on it, and is there to hear a failure. */}
        <Button
          size="lg"
          onClick={() => {
            if (!heldBack) props.onConfirm();
          }}
          aria-disabled={props.creating || heldBack || undefined}
          aria-busy={props.creating}
          className="sm:flex-[2]"
        >
          {props.creating || props.refreshing ? <Spinner /> : null}
          {props.creating ? t("creating") : props.refreshing ? t("renewing") : t("create")}
        </Button>
      </div>
    </div>
  );
}
