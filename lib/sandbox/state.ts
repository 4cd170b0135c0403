// What the sandbox remembers: quotes, swaps and the per-key request log. One per sandbox instance.
import type { CreateQuoteRequest, Quote } from "@/lib/schema/partner";
import type { CatalogueEntry } from "./catalogue";
import type { SwapEvents } from "./machine";

type StoredQuote = {
  quote: Quote;
  request: CreateQuoteRequest;
  from: CatalogueEntry;
  to: CatalogueEntry;
  expiresAt: number;
  /** The swap made from this quote and the exact request that made it (retry-safe per quoteId). */
  swap?: { id: string; requestKey: string };
};

export type StoredSwap = {
  id: string;
  quoteId: string | null;
  rate: string | null;
  estimatedTimeSeconds: number;
  from: CatalogueEntry;
  to: CatalogueEntry;
  amountIn: string;
  estimatedOut: string;
  depositAddress: string;
  depositMemo: string | null;
  payoutAddress: string;
  payoutMemo: string | null;
  refundAddress: string | null;
  notificationEmail: string | null;
  externalId: string | null;
  customerId: string | null;
  events: SwapEvents;
  /** When a live read last refreshed the stored state that the list shows. */
  lastLiveReadAt: number;
};

export type SandboxState = {
  quotes: Map<string, StoredQuote>;
  swaps: Map<string, StoredSwap>;
  /** Request times per key, for the sliding-window rate limit. */
  requestLog: Map<string, number[]>;
};

export const emptyState = (): SandboxState => ({ quotes: new Map(), swaps: new Map(), requestLog: new Map() });
