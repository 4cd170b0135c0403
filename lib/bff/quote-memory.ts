// What the BFF remembers about a quote it made, for the swap made from it: the memo the quote was
// asked with, the signed widget config it was made under, and the swap it made and whose that is.
// Kept in the shared store for a day, so every instance answers the same.
import "server-only";
import type { WidgetConfig } from "@/lib/schema/widget";
import { store } from "./upstream/shared-store";

const DAY_MS = 24 * 60 * 60 * 1000;

const memoKey = (quoteId: string) => `quote-memo:${quoteId}`;
const configKey = (quoteId: string) => `quote-lock:${quoteId}`;
const swapKey = (quoteId: string) => `quote-swap:${quoteId}`;

/** A quote's own memo (`to.memo`) is where its swap pays out when the swap request names none. */
export async function rememberQuoteMemo(quoteId: string, memo: string): Promise<void> {
  await store().set(memoKey(quoteId), memo, DAY_MS);
}

/** The memo a quote made here was asked with, if any (unknown after a memory store restarts). */
export async function quoteMemo(quoteId: string): Promise<string | null> {
  return (await store().get(memoKey(quoteId))) ?? null;
}

type Destination = { address: string; memo?: string };
/** What a quote made under a signed config holds its swap to. (Before: the destination alone.) */
type QuoteConfig = { v: 2; exp: number; destination?: Destination };

/** Remembers the signed config a quote was made under: its expiry, and the destination it fixed. */
export async function rememberQuoteConfig(quoteId: string, widget: WidgetConfig): Promise<void> {
  const record: QuoteConfig = {
    v: 2,
    exp: widget.exp,
    ...(widget.destination ? { destination: widget.destination } : {}),
  };
  await store().set(configKey(quoteId), JSON.stringify(record), DAY_MS);
}

/** The signed config's expiry and locked destination a quote was made under, null when none was. */
export async function quoteConfig(quoteId: string): Promise<{ exp: number | null; destination?: Destination } | null> {
  const raw = await store().get(configKey(quoteId));
  if (!raw) return null;
  const parsed = JSON.parse(raw) as QuoteConfig | Destination;
  return "v" in parsed ? parsed : { exp: null, destination: parsed };
}

/** The swap a quote made, and who may have it (a hash of its payout and of what the request gave). */
export type QuoteSwap = { swapId: string; owner: string };

export async function rememberQuoteSwap(quoteId: string, record: QuoteSwap): Promise<void> {
  await store().set(swapKey(quoteId), JSON.stringify(record), DAY_MS);
}

export async function quoteSwap(quoteId: string): Promise<QuoteSwap | null> {
  const raw = await store().get(swapKey(quoteId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<QuoteSwap>;
    return typeof parsed.swapId === "string" && typeof parsed.owner === "string"
      ? { swapId: parsed.swapId, owner: parsed.owner }
      : null;
  } catch {
    return null; // a record from before owners were kept: as if unknown
  }
}
