"use client";
// The checkout: what you send → what you receive → where it goes → review → create the swap.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import type { AssetList, Asset } from "@/lib/schema/partner";
import { assetRef, findByRef, memoKindOf, networkLabel } from "@/lib/swap/asset-ref";
import { amountText, readAmount, withoutSymbol } from "@/lib/swap/amount-input";
import { formatAmount, glanceFractionDigits } from "@/lib/swap/format";
import { BffError, isTransient } from "@/lib/client/bff";
import { createSwap } from "@/lib/client/create-swap";
import { focusHeadingOnArrival } from "@/lib/client/heading-focus";
import { isCheckUnavailable, isMemoRejection, useAddressCheck } from "@/lib/client/use-address-check";
import { foreignAddressFamily } from "@/lib/swap/address-family";
import { useAssets } from "@/lib/client/use-assets";
import { forgetOrder, isQuotableAmount, useQuote } from "@/lib/client/use-quote";
import { decimalPlacesOf } from "@/lib/schema/decimal";
import { rememberSwap, takePrefill } from "@/lib/client/my-swaps";
import { unspendablePayout } from "@/lib/swap/unspendable";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { LoadingPanel, Panel } from "../ui/panel";
import { Skeleton, Spinner } from "../ui/spinner";
import { AssetPicker } from "./asset-picker";
import { DestinationFields, type DestinationState } from "./destination-fields";
import { QuoteDetails } from "./quote-details";
import { ReviewStep } from "./review-step";
import { StepIndicator } from "./step-indicator";

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

/**
 * A quote's bounds in words, saying only the ones the service gave: it may leave either or both
 * null, and "Max 0" would be a false limit.
 */
function boundsText(
  t: ReturnType<typeof useTranslations<"checkout">>,
  key: "bounds" | "outOfBounds",
  min: unknown,
  max: unknown,
  symbol: string,
  locale: string,
): string | null {
  const [low, high] = [min, max].map((v) => (typeof v === "string" && v !== "" ? formatAmount(v, locale) : null));
  const hint = key === "bounds";
  if (low && high) return hint ? t("bounds", { min: low, max: high, symbol }) : t("outOfBounds", { min: low, max: high, symbol });
  if (low) return hint ? t("boundsMin", { min: low, symbol }) : t("outOfBoundsMin", { min: low, symbol });
  if (high) return hint ? t("boundsMax", { max: high, symbol }) : t("outOfBoundsMax", { max: high, symbol });
  return null;
}

/** Marks the history entry the review step adds. */
const REVIEW_MARK = "checkoutReview";

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
  const [step, setStep] = useState<"form" | "review">("form");
  // Back from the review, focus returns to the button that went there.
  const backFromReview = useRef(false);
  const mainButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step !== "form" || !backFromReview.current) return;
    backFromReview.current = false;
    mainButton.current?.focus();
  }, [step]);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<BffError | null>(null);
  // The review is a step of its own in the browser's history: Back (a button, a phone's back
  // gesture) returns to the form, as the page's own Back does, instead of leaving the checkout.
  useEffect(() => {
    function onPopState(event: PopStateEvent) {
      if ((event.state as Record<string, unknown> | null)?.[REVIEW_MARK]) return;
      backFromReview.current = true;
      setStep("form");
      setCreateError(null);
    }
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
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

  const quote = useQuote(from, to, amount, widgetConfig);
  const addressCheck = useAddressCheck(
    to && { network: to.network, token: to.symbol },
    destination.address,
    to?.supportsMemo ? destination.memo || undefined : undefined,
  );
  const refundCheck = useAddressCheck(from && { network: from.network, token: from.symbol }, destination.refundAddress);

  // Keep the inputs in the URL, so reload and shared links keep them.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set("from", from ? assetRef(from) : fromRef);
    url.searchParams.set("to", to ? assetRef(to) : toRef);
    if (amount) url.searchParams.set("amount", amount);
    else url.searchParams.delete("amount");
    if (url.toString() !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [from, to, fromRef, toRef, amount]);

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

  const memoKind = to ? memoKindOf(to.network) : "memo";
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
  // The main button says what is still missing, in the order the form asks for it, and pressing it
  // takes the person to the field that fixes it (a button that only greys out says nothing to a
  // keyboard or a screen reader: it is skipped by Tab).
  const blocker: { say: string; field?: string } | null = ready
    ? null
    : lockedToMissing
      ? { say: t("missing.unavailable") }
      : !from || !to
        ? { say: t("missing.asset") }
        : unreadableAmount || !isQuotableAmount(amount, from) || tooManyDecimals || boundsError
          ? { say: /^0*(\.0*)?$/.test(amount) && !unreadableAmount ? t("missing.amount") : t("missing.fixAmount"), field: "amount" }
          : quote.loading
            ? { say: t("missing.price") }
            : !quote.quote
              ? { say: t("missing.noPrice") }
              : destination.address === ""
                ? { say: t("missing.address", { network: networkLabel(to.network) }), field: "address" }
                : addressCheck.state === "checking" || addressCheck.state === "empty"
                  ? { say: t("missing.checking") }
                  : isCheckUnavailable(addressCheck)
                    ? { say: t("missing.checkUnavailable") }
                    : memoRejected && !foreignAddressFamily(destination.address, to.network)
                      ? { say: t("missing.fixMemo", { kind: memoKind }), field: "memo" }
                      : !addressOk
                        ? { say: t("missing.fixAddress", { network: networkLabel(to.network) }), field: "address" }
                        : memoMissing
                          ? { say: t("missing.memo", { kind: memoKind }), field: "memo" }
                          : !refundOk
                            ? { say: t("missing.refund"), field: "refund" }
                            : { say: t("missing.email"), field: "email" };

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
      if (e.code === "quote_expired" || e.code === "quote_not_found" || e.code === "quote_already_used") quote.refresh();
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
          onAcceptChange={quote.acceptChange}
          refreshing={quote.loading}
          creating={creating}
          error={createError}
          swapPath={swapPath}
          swapQuery={swapQuery}
          onBack={() => {
            // The history entry the review added goes too, so the browser's Forward does not lead
            // to a review that is no longer on screen.
            if ((window.history.state as Record<string, unknown> | null)?.[REVIEW_MARK]) return window.history.back();
            backFromReview.current = true;
            setStep("form");
            setCreateError(null);
          }}
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
          window.history.pushState({ ...(window.history.state as object | null), [REVIEW_MARK]: true }, "", window.location.href);
          setStep("review");
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
          <p id="amount-hint" className="mt-1 min-h-5 text-sm" aria-live="polite">
            {unreadableAmount ? (
              <span className="text-rose-700 dark:text-rose-400">{t("notANumber", { example: amountText("0.25", locale) })}</span>
            ) : tooManyDecimals && from ? (
              <span className="text-rose-700 dark:text-rose-400">{t("tooManyDecimals", { symbol: from.symbol, decimals: from.decimals })}</span>
            ) : boundsError && from ? (
              <span className="text-rose-700 dark:text-rose-400">
                {boundsText(t, "outOfBounds", boundsError.details.minAmountIn, boundsError.details.maxAmountIn, from.symbol, locale) ?? t("amountRefused")}
              </span>
            ) : quote.quote && from ? (
              <span className="text-slate-600 dark:text-slate-400">
                {boundsText(t, "bounds", quote.quote.minAmountIn, quote.quote.maxAmountIn, from.symbol, locale)}
              </span>
            ) : null}
          </p>
        </SwapSide>

        <div className="relative -my-5 flex justify-center">
          <button
            type="button"
            onClick={flip}
            disabled={!canFlip}
            aria-label={t("flip")}
            title={canFlip ? t("flip") : t("flipUnavailable")}
            className="z-10 inline-flex size-11 items-center justify-center rounded-xl bg-white text-slate-700 shadow ring-4 ring-white transition hover:bg-slate-50 disabled:opacity-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-900"
          >
            <Icon name="flip" />
          </button>
          <span role="status" className="sr-only">
            {flipSaid}
          </span>
        </div>

        <SwapSide title={t("youReceive")} titleId="receive-label">
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <output
              aria-labelledby="receive-label"
              aria-live="polite"
              className="@container flex h-14 min-w-0 flex-1 basis-20 items-center truncate px-1 text-2xl font-semibold tabular-nums text-slate-800 sm:text-3xl dark:text-slate-100"
            >
              {quote.loading ? (
                <Skeleton className="h-8 w-32" />
              ) : quote.quote ? (
                // Eight significant digits fit a phone's field; the review shows every decimal.
                <>
                  <EstimatedAmount
                    text={`≈ ${formatAmount(quote.quote.to.estimatedAmount, locale, glanceFractionDigits(quote.quote.to.estimatedAmount, Math.min(quote.quote.to.decimals, 8)))}`}
                  />
                  {/* Heard, the estimate names its asset (seen, the asset button beside it does). */}
                  <span className="sr-only"> {quote.quote.to.token}</span>
                </>
              ) : (
                // A placeholder, not an amount: it is not read out each time the price is renewed.
                <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
                  0.0
                </span>
              )}
            </output>
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
                <Button variant="secondary" size="sm" className="self-start" onClick={quote.refresh}>
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
          {blocker?.say ?? t("review")}
        </Button>
      </form>
    </Panel>
  );
}

/** One side of the swap, what is sent or what comes back: its title, then the amount and the asset on one line. */
function SwapSide({ title, labelFor, titleId, children }: { title: string; labelFor?: string; titleId?: string; children: React.ReactNode }) {
  const titleClass = "text-sm font-medium text-slate-700 dark:text-slate-300";
  return (
    <div className="min-w-0 rounded-2xl bg-slate-100/80 p-3 dark:bg-slate-800/60">
      {labelFor ? (
        <label htmlFor={labelFor} className={titleClass}>
          {title}
        </label>
      ) : (
        <span id={titleId} className={titleClass}>
          {title}
        </span>
      )}
      {children}
    </div>
  );
}

/**
 * What the user gets, whole: a long amount ("≈ 0.00102416") shrinks to the width it has (its box is
 * a size container) rather than being cut to "≈ 0.0010…" beside the asset button on a phone or in a
 * narrow widget. Its characters average about 0.62 em; 0.7 leaves room. Below 0.75 rem it is cut after all.
 */
function EstimatedAmount({ text }: { text: string }) {
  return (
    <span className="truncate" style={{ fontSize: `max(0.75rem, min(1em, calc(100cqi / ${(text.length * 0.7).toFixed(2)})))` }}>
      {text}
    </span>
  );
}
