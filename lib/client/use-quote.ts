"use client";
// The live quote of the checkout: fetched when pair and amount settle, refreshed by itself when it
// expires, and flagged when a refresh moved the estimate so the user confirms the new amount.
import { useCallback, useEffect, useRef, useState } from "react";
import { quoteAnswer } from "@/lib/schema/answers";
import type { QuoteAnswer } from "@/lib/schema/bff";
import { decimalPlacesOf, divideDecimal, isDecimal } from "@/lib/schema/decimal";
import type { Asset } from "@/lib/schema/partner";
import { BffError, bff, serverClockOffset } from "@/lib/client/bff";
import { useDebounced } from "./use-debounced";
import { useServerNow } from "./use-now";
import { widgetContextHeaders } from "./widget-context";

const ORDER_TOKEN_KEY = "swap-checkout.orderToken";

export type QuoteChange = { before: QuoteAnswer; after: QuoteAnswer };

export type QuoteState = {
  quote: QuoteAnswer | null;
  /** The price on screen: `quote`, or while it is renewed the expired one, kept until the new one comes. */
  shown: QuoteAnswer | null;
  /** `shown` has expired and its renewal is under way (`loading` too). */
  renewing: boolean;
  loading: boolean;
  error: BffError | null;
  /** Set when an automatic refresh changed the estimate: the user must accept it. */
  change: QuoteChange | null;
  acceptChange: () => void;
  /** Asks again; `reprice`: the service refused the price shown, so the new one is shown old → new to accept. */
  refresh: (reprice?: boolean) => void;
  /** Now on the server's clock (the browser's may be wrong): what the quote's expiry is compared with. */
  serverNow: number;
};

export function isQuotableAmount(amount: string, asset: Asset | undefined): boolean {
  return !!asset && isDecimal(amount) && !/^0*(\.0*)?$/.test(amount) && decimalPlacesOf(amount) <= asset.decimals;
}

/** The order of this checkout, as its last quote answered it (address checks name it too). */
export function orderToken(): string | undefined {
  try {
    return sessionStorage.getItem(ORDER_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberOrderToken(token: string) {
  try {
    sessionStorage.setItem(ORDER_TOKEN_KEY, token);
  } catch {
    // Private mode: each quote then gets its own order reference.
  }
}

/** Forget the order once it became a swap, so the next checkout is a new order. */
export function forgetOrder() {
  try {
    sessionStorage.removeItem(ORDER_TOKEN_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * The rate a quote shows: the service's, or, where it leaves it null (its docs allow that), the
 * estimate over the amount, which is what the rate would say.
 */
export function quoteRate(quote: {
  rate: string | null;
  from: { amount: string };
  to: { estimatedAmount: string };
}): string | null {
  return quote.rate ?? divideDecimal(quote.to.estimatedAmount, quote.from.amount);
}

export function useQuote(
  from: Asset | undefined,
  to: Asset | undefined,
  amount: string,
  widgetConfig?: string,
): QuoteState {
  const request = useDebounced({ from, to, amount }, 500);
  const [quote, setQuote] = useState<QuoteAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<BffError | null>(null);
  const [change, setChange] = useState<QuoteChange | null>(null);
  const [generation, setGeneration] = useState(0);
  const [clockOffset, setClockOffset] = useState(0);
  const current = useRef<QuoteAnswer | null>(null);
  const automatic = useRef(false);
  const compare = useRef(false);
  /** Whether a quote was ever asked for: until then there is nothing on screen to clear. */
  const asked = useRef(false);

  const valid = isQuotableAmount(request.amount, request.from) && !!request.to;
  const inputsKey = valid
    ? `${request.from!.symbol}.${request.from!.network}>${request.to!.symbol}.${request.to!.network}:${request.amount}`
    : "";

  useEffect(() => {
    if (!inputsKey || !request.from || !request.to) {
      // Nothing asked yet (a first load with no amount): nothing to clear, and four updates to
      // state that is already clear would still cost the page a render right after it hydrates.
      if (!asked.current) return;
      current.current = null;
      setQuote(null);
      setError(null);
      setChange(null);
      setLoading(false);
      return;
    }
    asked.current = true;
    const controller = new AbortController();
    const wasAutomatic = automatic.current;
    const mustCompare = compare.current;
    automatic.current = false;
    compare.current = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch effect shows its progress, and clears what it showed when its inputs go away (above)
    setLoading(true);
    let dateHeader: string | null = null;
    bff("/api/v1/quote", quoteAnswer, {
      method: "POST",
      body: {
        from: { network: request.from.network, token: request.from.symbol, amount: request.amount },
        to: { network: request.to.network, token: request.to.symbol },
        ...(orderToken() ? { orderToken: orderToken() } : {}),
      },
      headers: { ...widgetContextHeaders(), ...(widgetConfig ? { "x-widget-config": widgetConfig } : {}) },
      signal: controller.signal,
      onHeaders: (headers) => (dateHeader = headers.get("date")),
    })
      .then((fresh) => {
        setClockOffset(serverClockOffset(dateHeader, Date.now()));
        rememberOrderToken(fresh.orderToken);
        const before = current.current;
        // A renewal the person did not ask for is shown old → new when the figure moved; one that
        // replaces a price the service refused (taken, expired) always is, the same figure included.
        if (before && (mustCompare || (wasAutomatic && before.to.estimatedAmount !== fresh.to.estimatedAmount)))
          setChange({ before, after: fresh });
        current.current = fresh;
        setQuote(fresh);
        setError(null);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        current.current = null;
        setQuote(null);
        setError(e instanceof BffError ? e : new BffError("internal_error", String(e), 0));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- request.from/to/amount are named by value in inputsKey (the objects are new each render); `generation` re-runs the same inputs for an expiry refresh or a retry
  }, [inputsKey, generation, widgetConfig]);

  // A quote past its expiry is replaced by a fresh one without the user asking.
  const serverNow = useServerNow(clockOffset);
  const expired = quote ? Date.parse(quote.expiresAt) <= serverNow : false;
  useEffect(() => {
    if (expired && !loading) {
      automatic.current = true;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- an expiry seen on this render asks for the next quote
      setGeneration((g) => g + 1);
    }
  }, [expired, loading]);

  // Refused for want of a connection: asked again the moment the browser is back online, rather than
  // leaving "you seem to be offline" up until someone presses "Try again".
  const offline = error?.status === 0;
  useEffect(() => {
    if (!offline) return;
    const again = () => setGeneration((g) => g + 1);
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [offline]);

  const refresh = useCallback((reprice = false) => {
    compare.current = reprice === true;
    setGeneration((g) => g + 1);
  }, []);
  const acceptChange = useCallback(() => setChange(null), []);
  // A quote is only ever shown for the inputs on screen now, never for the ones before.
  const matches =
    !!quote &&
    !!from &&
    !!to &&
    quote.from.token === from.symbol &&
    quote.from.network === from.network &&
    quote.to.token === to.symbol &&
    quote.to.network === to.network &&
    quote.from.amount === amount;
  const pending = !!to && isQuotableAmount(amount, from) && !matches && !error;
  // An expired quote is being renewed from the render that sees it expire (the request starts an
  // effect later): loading, so no render shows a moment with neither a price nor progress.
  const renewing = expired && matches;
  return {
    quote: expired || !matches ? null : quote,
    shown: matches ? quote : null,
    renewing,
    loading: loading || pending || renewing,
    error,
    change,
    acceptChange,
    refresh,
    serverNow,
  };
}
