"use client";
// The checkout: what you send → what you receive → where it goes → review → create the swap.
import { useCallback, useEffect, useMemo } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { AssetList } from "@/lib/schema/partner";
import { assetRefName, networkLabel } from "@/lib/swap/asset-ref";
import { withoutSymbol } from "@/lib/swap/amount-input";
import { BffError, isTransient } from "@/lib/client/bff";
import { isCheckUnavailable, isMemoRejection, useAddressCheck } from "@/lib/client/use-address-check";
import { checkoutBlocker } from "@/lib/swap/checkout-blocker";
import { useAssets } from "@/lib/client/use-assets";
import { isQuotableAmount, useQuote } from "@/lib/client/use-quote";
import { decimalPlacesOf } from "@/lib/schema/decimal";
import { useReviewHistory } from "@/lib/client/use-review-history";
import { unspendablePayout } from "@/lib/swap/unspendable";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { LoadingPanel, Panel } from "../ui/panel";
import { Spinner } from "../ui/spinner";
import { AssetPicker } from "./asset-picker";
import { DestinationFields } from "./destination-fields";
import { QuoteDetails } from "./quote-details";
import { repriceCodes } from "./reprice";
import { StepIndicator } from "./step-indicator";
import { AmountHint, FlipButton, ReceivedAmount, SwapSide } from "./swap-sides";
import { useCheckoutInputs, type CheckoutLocks, type CheckoutPreset } from "./use-checkout-inputs";
import { useSwapCreation } from "./use-swap-creation";

export type { CheckoutPreset } from "./use-checkout-inputs";

// The review is the second step: its code loads when the user heads for it (the main button pointed
// at, focused or pressed, or the form complete), not with the first screen. Loaded at idle, it was a
// script more in every visit's first load, most of which never reach the review.
const loadReview = () => import("./review-step").then((m) => m.ReviewStep);
const ReviewStep = dynamic(loadReview, { loading: () => <div className="min-h-96" aria-busy="true" /> });

type Props = {
  preset: CheckoutPreset;
  initialAssets?: AssetList;
  /** The widget's signed config, passed to the BFF on quote and swap calls. */
  widgetConfig?: string;
  /** Where the status page lives: /swap or /widget/swap, and what query it keeps (the widget's look). */
  swapPath?: string;
  swapQuery?: string;
  onEvent?: (type: string, payload: Record<string, unknown>) => void;
  locked?: CheckoutLocks;
};

export function Checkout({
  preset,
  initialAssets,
  widgetConfig,
  swapPath = "/swap",
  swapQuery = "",
  onEvent,
  locked,
}: Props) {
  const t = useTranslations("checkout");
  const assets = useAssets(initialAssets);
  const list = useMemo(() => assets.data?.assets ?? [], [assets.data]);
  const senders = useMemo(() => list.filter((a) => a.canSend), [list]);
  const receivers = useMemo(() => list.filter((a) => a.canReceive), [list]);

  const {
    from,
    to,
    amount,
    typedAmount,
    setTypedAmount,
    prepareTyping,
    unreadableAmount,
    destination,
    setDestination,
    lockedDestination,
    select,
    canFlip,
    flip,
    flipSaid,
  } = useCheckoutInputs(preset, list, locked);

  const quote = useQuote(from, to, amount, widgetConfig);
  const addressCheck = useAddressCheck(
    to && { network: to.network, token: to.symbol },
    destination.address,
    to?.supportsMemo ? destination.memo || undefined : undefined,
  );
  const refundCheck = useAddressCheck(from && { network: from.network, token: from.symbol }, destination.refundAddress);
  const { creating, createError, setCreateError, confirm } = useSwapCreation(
    { quote, to, destination, addressCheck },
    { widgetConfig, swapPath, swapQuery, onEvent },
  );
  const { step, mainButton, openReview, closeReview } = useReviewHistory(
    useCallback(() => setCreateError(null), [setCreateError]),
  );

  useEffect(() => {
    if (quote.quote) {
      const q = quote.quote;
      // No quote id: the host page's scripts are not the user, and a quote id must not travel.
      onEvent?.("quote", { from: q.from, to: q.to, rate: q.rate, expiresAt: q.expiresAt });
    }
  }, [quote.quote, onEvent]);

  const tooManyDecimals = !!from && amount !== "" && decimalPlacesOf(amount) > from.decimals;
  // A quote names only the assets (from the list) and the amount, so a quote refused as invalid with
  // no field named is about the amount: said at the amount, with the bounds when the service gave
  // them (its docs show an empty `details`; the sandbox gives them for most assets).
  const boundsError = quote.error?.code === "validation_error" && !quote.error.details.fields ? quote.error : null;

  const memoMissing = !!to?.requiresMemo && destination.memo.trim() === "";
  const memoRejected = isMemoRejection(addressCheck);
  // A token's contract or a burn address passes every check of its form, and loses what it is sent.
  const payoutUnspendable = unspendablePayout(destination.address, list);
  const refundUnspendable = unspendablePayout(destination.refundAddress, list);
  const addressOk = addressCheck.state === "done" && addressCheck.result.valid && !payoutUnspendable;
  const refundOk =
    destination.refundAddress === "" ||
    (refundCheck.state === "done" && refundCheck.result.valid && !refundUnspendable);
  const emailOk = destination.email === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(destination.email);
  // A price renewed on its expiry holds nothing back: the review opens on the price the form showed
  // and holds its own "Create swap" until the new one is in, as it does when a price expires there.
  // Otherwise a press that lands as the price renews would do nothing at all.
  const priced = (!!quote.quote && !quote.loading) || quote.renewing;
  const ready = priced && addressOk && !memoMissing && refundOk && emailOk;
  // A complete form is on its way to the review, however it is sent (Enter in a field presses no button).
  useEffect(() => {
    if (ready) void loadReview();
  }, [ready]);
  // The page sells one asset (a signed widget's `to`) that the service does not offer right now:
  // nothing here can fix that, so the page says so instead of showing a picker that will not open.
  const lockedToMissing = !!locked?.to && !!assets.data && !to;
  // The main button says what is still missing (lib/swap/checkout-blocker.ts).
  const blocker = checkoutBlocker({
    ready,
    lockedToMissing,
    toNetwork: from && to ? to.network : null,
    amount: {
      value: amount,
      unreadable: unreadableAmount,
      quotable: isQuotableAmount(amount, from),
      tooManyDecimals,
      refused: !!boundsError,
    },
    quote: { loading: quote.loading, present: !!quote.quote },
    address: {
      value: destination.address,
      check: addressCheck.state,
      checkUnavailable: isCheckUnavailable(addressCheck),
      memoRejected,
      ok: addressOk,
    },
    memoMissing,
    refundOk,
  });

  if (assets.error && !assets.data) {
    return (
      <Panel>
        <ErrorNotice
          error={assets.error as BffError}
          action={
            <Button variant="secondary" onClick={() => assets.mutate()}>
              {t("retry")}
            </Button>
          }
        />
      </Panel>
    );
  }

  if (!assets.data) {
    return (
      <LoadingPanel
        label={t("loading")}
        shapes={["h-6 w-40", "mt-5 h-20 w-full", "mt-3 h-20 w-full", "mt-5 h-12 w-full"]}
      />
    );
  }

  // While an expired price is renewed, the price on screen (`quote.shown`) stays there, marked as
  // being renewed: the review stays up (its button held back) rather than giving way to the form for
  // a second, which moved focus off "Create swap"; the form keeps its estimate and details.
  if (step === "review" && quote.shown && from && to) {
    return (
      <Panel>
        <StepIndicator current="review" className="mb-4" />
        <ReviewStep
          quote={quote.shown}
          from={from}
          to={to}
          destination={destination}
          now={quote.serverNow}
          change={quote.change}
          onAcceptChange={() => {
            // Accepting the new price answers the refusal that brought it.
            if (createError && repriceCodes.has(createError.code)) setCreateError(null);
            quote.acceptChange();
          }}
          refreshing={quote.loading}
          creating={creating}
          error={createError}
          swapPath={swapPath}
          swapQuery={swapQuery}
          onBack={closeReview}
          onConfirm={confirm}
        />
      </Panel>
    );
  }

  return (
    <Panel>
      <StepIndicator current="details" className="mb-4" />
      <h1 tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
        {t("heading")}
      </h1>
      <form
        className="mt-4 flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) {
            const field = blocker?.field ? document.getElementById(blocker.field) : null;
            if (field instanceof HTMLInputElement && !field.readOnly) field.focus();
            return;
          }
          quote.acceptChange();
          openReview();
        }}
      >
        <SwapSide title={t("youSend")} labelFor="amount">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <input
              id="amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              value={typedAmount}
              onFocus={prepareTyping}
              onChange={(e) => setTypedAmount(withoutSymbol(e.target.value, from?.symbol).slice(0, 40))}
              aria-invalid={unreadableAmount || tooManyDecimals || !!boundsError}
              aria-describedby="amount-hint"
              className="h-14 min-w-0 flex-1 basis-20 rounded-xl bg-transparent px-1 text-2xl font-semibold tabular-nums outline-none placeholder:text-slate-500 sm:text-3xl dark:placeholder:text-slate-400"
            />
            <AssetPicker label={t("youSend")} assets={senders} selected={from} onSelect={(a) => select("from", a)} />
          </div>
          <AmountHint
            from={from}
            unreadable={unreadableAmount}
            tooManyDecimals={tooManyDecimals}
            refusal={boundsError}
            quote={quote.quote}
          />
        </SwapSide>

        <FlipButton canFlip={canFlip} onFlip={flip} said={flipSaid} />

        <SwapSide title={t("youReceive")} titleId="receive-label">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <ReceivedAmount
              quote={quote.shown}
              loading={quote.loading && !quote.renewing}
              renewing={quote.renewing}
              labelledBy="receive-label"
            />
            <AssetPicker
              label={t("youReceive")}
              assets={receivers}
              selected={to}
              onSelect={(a) => select("to", a)}
              disabled={!!locked?.to}
            />
          </div>
          {lockedToMissing ? (
            <p
              role="status"
              className="mt-2 text-sm text-amber-800 dark:text-amber-300"
              data-testid="locked-to-unavailable"
            >
              {t("lockedToUnavailable", { asset: assetRefName(locked!.to!) })}
            </p>
          ) : null}
        </SwapSide>

        {quote.error && !boundsError ? (
          <ErrorNotice
            error={quote.error}
            action={
              // "Try again" only where it can help: an unsupported pair stays unsupported.
              isTransient(quote.error) ? (
                <Button variant="secondary" size="sm" className="self-start" onClick={() => quote.refresh()}>
                  {t("retry")}
                </Button>
              ) : null
            }
          />
        ) : null}
        {quote.shown && from && to ? (
          <QuoteDetails quote={quote.shown} renewing={quote.renewing} now={quote.serverNow} />
        ) : null}
        {!quote.quote && !quote.loading && !quote.error && from && to && !isQuotableAmount(amount, from) ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("enterAmount", { symbol: from.symbol, network: networkLabel(from.network) })}
          </p>
        ) : null}

        {to && from ? (
          <DestinationFields
            from={from}
            to={to}
            value={destination}
            onChange={setDestination}
            addressCheck={addressCheck}
            refundCheck={refundCheck}
            memoMissing={memoMissing}
            emailOk={emailOk}
            destinationLocked={!!lockedDestination}
            unspendable={{ address: payoutUnspendable, refund: refundUnspendable }}
          />
        ) : null}

        <Button
          ref={mainButton}
          type="submit"
          size="lg"
          aria-disabled={!ready || undefined}
          className="mt-2 w-full"
          data-testid="main-button"
          onPointerEnter={() => void loadReview()}
          onFocus={() => void loadReview()}
          onPointerDown={() => void loadReview()}
        >
          {!ready && quote.loading && isQuotableAmount(amount, from) ? <Spinner /> : null}
          {blocker ? t(`missing.${blocker.reason}`, blocker.values) : t("review")}
        </Button>
      </form>
    </Panel>
  );
}
