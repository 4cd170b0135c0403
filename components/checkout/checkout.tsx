"use client";
// The checkout: what you send → what you receive → where it goes → review → create the swap.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import type { AssetList, Asset } from "@/lib/schema/partner";
import { assetRef, findByRef, networkLabel } from "@/lib/swap/asset-ref";
import { amountText, readAmount, withoutSymbol } from "@/lib/swap/amount-input";
import { BffError, isTransient } from "@/lib/client/bff";
import { createSwap } from "@/lib/client/create-swap";
import { focusHeadingOnArrival } from "@/lib/client/heading-focus";
import { isCheckUnavailable, isMemoRejection, useAddressCheck } from "@/lib/client/use-address-check";
import { checkoutBlocker } from "@/lib/swap/checkout-blocker";
import { useAssets } from "@/lib/client/use-assets";
import { forgetOrder, isQuotableAmount, useQuote } from "@/lib/client/use-quote";
import { decimalPlacesOf } from "@/lib/schema/decimal";
import { rememberSwap, takePrefill } from "@/lib/client/my-swaps";
import { useInputsInUrl } from "@/lib/client/use-inputs-in-url";
import { useReviewHistory } from "@/lib/client/use-review-history";
import { unspendablePayout } from "@/lib/swap/unspendable";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { LoadingPanel, Panel } from "../ui/panel";
import { Spinner } from "../ui/spinner";
import { AssetPicker } from "./asset-picker";
import { DestinationFields, type DestinationState } from "./destination-fields";
import { QuoteDetails } from "./quote-details";
import { repriceCodes } from "./reprice";
import { StepIndicator } from "./step-indicator";
import { AmountHint, FlipButton, ReceivedAmount, SwapSide } from "./swap-sides";

// The review is the second step: its code loads once the page is idle (see below), not before the
// first screen is painted and working.
const loadReview = () => import("./review-step").then((m) => m.ReviewStep);
const ReviewStep = dynamic(loadReview, { loading: () => <div className="min-h-96" aria-busy="true" /> });

export type CheckoutPreset = { from?: string; to?: string; amount?: string };

type Props = {
  preset: CheckoutPreset;
  initialAssets?: AssetList;
  /** The widget's signed config, passed to the BFF on quote and swap calls. */
  widgetConfig?: string;
  /** Where the status page lives: /swap or /widget/swap, and what query it keeps (the widget's look). */
  swapPath?: string;
  swapQuery?: string;
  onEvent?: (type: string, payload: Record<string, unknown>) => void;
  /** Choices a partner fixed in a signed widget config. */
  locked?: { to?: string; destination?: { address: string; memo?: string } };
};

const DEFAULT_FROM = "BTC.bitcoin";
const DEFAULT_TO = "USDT.tron";

/** "USDT.tron" as people read it: the symbol and the network's name. */
function lockedAsset(ref: string) {
  const [symbol = "", network] = ref.split(".");
  return { asset: network ? `${symbol.toUpperCase()} (${networkLabel(network.toLowerCase())})` : symbol.toUpperCase() };
}

export function Checkout({ preset, initialAssets, widgetConfig, swapPath = "/swap", swapQuery = "", onEvent, locked }: Props) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const router = useRouter();
  const assets = useAssets(initialAssets);
  const list = useMemo(() => assets.data?.assets ?? [], [assets.data]);
  const senders = useMemo(() => list.filter((a) => a.canSend), [list]);
  const receivers = useMemo(() => list.filter((a) => a.canReceive), [list]);

  const [fromRef, setFromRef] = useState(preset.from ?? DEFAULT_FROM);
  const [toRef, setToRef] = useState(locked?.to ?? preset.to ?? DEFAULT_TO);
  // The field keeps what was typed ("25,000"); quotes, the URL and the checks use what it means.
  // Read in the language it was typed in: "1.000" typed in English is 1, and stays 1 (shown as
  // "1,000") if the page switches to Spanish, where "1.000" would read as a thousand.
  const [typed, setTyped] = useState(() => ({ text: amountText(readAmount(preset.amount ?? "", "en") ?? "", locale), locale }));
  const typedAmount = typed.locale === locale ? typed.text : amountText(readAmount(typed.text, typed.locale) ?? "", locale);
  const setTypedAmount = (text: string) => setTyped({ text, locale });
  const readAmountValue = readAmount(typedAmount, locale);
  const unreadableAmount = readAmountValue === null;
  const amount = readAmountValue ?? "";
  const from = findByRef(list, fromRef, "send");
  const to = findByRef(list, toRef, "receive");

  const lockedDestination = locked?.destination;
  const emptyDestination: DestinationState = { address: lockedDestination?.address ?? "", memo: lockedDestination?.memo ?? "", refundAddress: "", email: "" };
  const [destination, setDestination] = useState<DestinationState>(emptyDestination);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<BffError | null>(null);
  const { step, mainButton, openReview, closeReview } = useReviewHistory(useCallback(() => setCreateError(null), []));
  // This device keeps the created swap, with the refund address only the checkout knows, once the
  // checkout has left the screen: saved sooner, the list of past swaps on this page would pop up
  // under the review while the swap page loads.
  const toRemember = useRef<Parameters<typeof rememberSwap> | null>(null);
  useEffect(
    () => () => {
      if (toRemember.current) rememberSwap(...toRemember.current);
      toRemember.current = null;
    },
    [],
  );

  // "New quote, same details" from an expired swap hands over its payout address in this tab.
  useEffect(() => {
    if (lockedDestination) return;
    const prefill = takePrefill(toRef);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, so it is read after mount
    if (prefill) setDestination((d) => ({ ...d, ...prefill }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival: a later change of `to` must not prefill again
  }, []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadReview());
  }, []);

  const quote = useQuote(from, to, amount, widgetConfig);
  const addressCheck = useAddressCheck(
    to && { network: to.network, token: to.symbol },
    destination.address,
    to?.supportsMemo ? destination.memo || undefined : undefined,
  );
  const refundCheck = useAddressCheck(from && { network: from.network, token: from.symbol }, destination.refundAddress);

  useInputsInUrl({ from: from ? assetRef(from) : fromRef, to: to ? assetRef(to) : toRef, amount });

  useEffect(() => {
    if (quote.quote) {
      const q = quote.quote;
      // No quote id: the host page's scripts are not the user, and a quote id must not travel.
      onEvent?.("quote", { from: q.from, to: q.to, rate: q.rate, expiresAt: q.expiresAt });
    }
  }, [quote.quote, onEvent]);

  const select = useCallback(
    (side: "from" | "to", asset: Asset) => {
      (side === "from" ? setFromRef : setToRef)(assetRef(asset));
      if (side === "to" && !lockedDestination) setDestination((d) => ({ ...d, address: "", memo: "" }));
      if (side === "from") setDestination((d) => ({ ...d, refundAddress: "" }));
    },
    [lockedDestination],
  );

  const canFlip = !!from && !!to && from.canReceive && to.canSend && !locked?.to && !lockedDestination;
  // What the flip did, said: the picker buttons change their names silently, and the amount is
  // cleared (it was in the other asset's units).
  const [flipSaid, setFlipSaid] = useState("");
  function flip() {
    if (!from || !to || !canFlip) return;
    setFromRef(assetRef(to));
    setToRef(assetRef(from));
    setTypedAmount("");
    setDestination(emptyDestination);
    setFlipSaid(t("flipped", { from: to.symbol, fromNetwork: networkLabel(to.network), to: from.symbol, toNetwork: networkLabel(from.network) }));
  }

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
  const refundOk = destination.refundAddress === "" || (refundCheck.state === "done" && refundCheck.result.valid && !refundUnspendable);
  const emailOk = destination.email === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(destination.email);
  const ready = !!quote.quote && !quote.loading && addressOk && !memoMissing && refundOk && emailOk;
  // The page sells one asset (a signed widget's `to`) that the service does not offer right now:
  // nothing here can fix that, so the page says so instead of showing a picker that will not open.
  const lockedToMissing = !!locked?.to && !!assets.data && !to;
  // The main button says what is still missing (lib/swap/checkout-blocker.ts).
  const blocker = checkoutBlocker({
    ready,
    lockedToMissing,
    toNetwork: from && to ? to.network : null,
    amount: { value: amount, unreadable: unreadableAmount, quotable: isQuotableAmount(amount, from), tooManyDecimals, refused: !!boundsError },
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

  async function confirm() {
    if (!quote.quote || creating || quote.change) return;
    setCreating(true);
    setCreateError(null);
    try {
      const body = {
        quoteId: quote.quote.id,
        destination: { address: destination.address, memo: to?.supportsMemo && destination.memo ? destination.memo : null },
        refundAddress: destination.refundAddress || null,
        notificationEmail: destination.email || null,
      };
      const normalizedAddress = addressCheck.state === "done" ? addressCheck.result.normalizedAddress : null;
      const created = await createSwap(body, { widgetConfig, normalizedAddress });
      forgetOrder();
      toRemember.current = [created.swap.id, created.accessToken, { refundAddress: destination.refundAddress }];
      onEvent?.("swap_created", { id: created.swap.id, externalId: created.swap.externalId, accessToken: created.accessToken });
      focusHeadingOnArrival();
      router.push(`${swapPath}/${created.swap.id}${swapQuery}#t=${created.accessToken}`);
    } catch (error) {
      setCreating(false);
      const e = error instanceof BffError ? error : new BffError("internal_error", String(error), 0);
      setCreateError(e);
      if (repriceCodes.has(e.code)) quote.refresh(true);
    }
  }

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
    return <LoadingPanel label={t("loading")} shapes={["h-6 w-40", "mt-5 h-20 w-full", "mt-3 h-20 w-full", "mt-5 h-12 w-full"]} />;
  }

  // While an expired price is renewed, the review stays on screen (its button held back) rather than
  // giving way to the form for a second: that moved focus off "Create swap" and back to the heading.
  const reviewQuote = quote.quote ?? (quote.loading && !quote.error ? quote.held : null);
  if (step === "review" && reviewQuote && from && to) {
    return (
      <Panel>
        <StepIndicator current="review" className="mb-4" />
        <ReviewStep
          quote={reviewQuote}
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
              onChange={(e) => setTypedAmount(withoutSymbol(e.target.value, from?.symbol).slice(0, 40))}
              aria-invalid={unreadableAmount || tooManyDecimals || !!boundsError}
              aria-describedby="amount-hint"
              className="h-14 min-w-0 flex-1 basis-20 rounded-xl bg-transparent px-1 text-2xl font-semibold tabular-nums outline-none placeholder:text-slate-500 sm:text-3xl dark:placeholder:text-slate-400"
            />
            <AssetPicker label={t("youSend")} assets={senders} selected={from} onSelect={(a) => select("from", a)} />
          </div>
          <AmountHint from={from} unreadable={unreadableAmount} tooManyDecimals={tooManyDecimals} refusal={boundsError} quote={quote.quote} />
        </SwapSide>

        <FlipButton canFlip={canFlip} onFlip={flip} said={flipSaid} />

        <SwapSide title={t("youReceive")} titleId="receive-label">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <ReceivedAmount quote={quote.quote} loading={quote.loading} labelledBy="receive-label" />
            <AssetPicker label={t("youReceive")} assets={receivers} selected={to} onSelect={(a) => select("to", a)} disabled={!!locked?.to} />
          </div>
          {lockedToMissing ? (
            <p role="status" className="mt-2 text-sm text-amber-800 dark:text-amber-300" data-testid="locked-to-unavailable">
              {t("lockedToUnavailable", lockedAsset(locked!.to!))}
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
        {quote.quote && from && to ? <QuoteDetails quote={quote.quote} now={quote.serverNow} /> : null}
        {!quote.quote && !quote.loading && !quote.error && from && to && !isQuotableAmount(amount, from) ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("enterAmount", { symbol: from.symbol, network: networkLabel(from.network) })}</p>
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

        <Button ref={mainButton} type="submit" size="lg" aria-disabled={!ready || undefined} className="mt-2 w-full" data-testid="main-button">
          {quote.loading && isQuotableAmount(amount, from) ? <Spinner /> : null}
          {blocker ? t(`missing.${blocker.reason}`, blocker.values) : t("review")}
        </Button>
      </form>
    </Panel>
  );
}
