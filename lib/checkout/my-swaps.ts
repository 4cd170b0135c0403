"use client";
// "My swaps on this device": each swap's id and access token in localStorage, and nothing else
// leaves the page: the list is read here and used only for the swap's own status calls.
import { useSyncExternalStore } from "react";
const swapIdPattern = /^[A-Z0-9]{12}$/;

export type MySwap = {
  id: string;
  token: string;
  /** When this device first saw the swap (ms since the epoch). */
  savedAt: number;
  /** The refund address typed on this device, so "refunded" can say where the money went. */
  refundAddress?: string;
};

const KEY = "swap-checkout:my-swaps";
const PENDING_REFUND = "swap-checkout:pending-refund";
const LIMIT = 20;
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: MySwap[] } = { raw: null, list: [] };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings, some iframes)
  }
}

function parse(raw: string | null): MySwap[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (v): v is MySwap =>
        typeof v === "object" &&
        v !== null &&
        typeof v.id === "string" &&
        swapIdPattern.test(v.id) &&
        typeof v.token === "string" &&
        /^[A-Za-z0-9_-]{20,100}$/.test(v.token) &&
        typeof v.savedAt === "number",
    );
  } catch {
    return [];
  }
}

export function listMySwaps(): MySwap[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cache.raw) cache = { raw, list: parse(raw) };
  return cache.list;
}

function write(list: MySwap[]) {
  const store = storage();
  if (!store) return;
  try {
    if (list.length) store.setItem(KEY, JSON.stringify(list.slice(0, LIMIT)));
    else store.removeItem(KEY);
  } catch {
    // full or blocked: the list is a convenience
  }
  for (const listener of listeners) listener();
}

/** Adds the swap (newest first), or refreshes its token; keeps at most 20. */
export function rememberSwap(id: string, token: string, payoutAddress?: string) {
  const list = listMySwaps();
  const existing = list.find((s) => s.id === id);
  const refundAddress = existing?.refundAddress ?? takePendingRefund(payoutAddress);
  const entry: MySwap = { id, token, savedAt: existing?.savedAt ?? Date.now(), ...(refundAddress ? { refundAddress } : {}) };
  if (existing && existing.token === token && existing.refundAddress === entry.refundAddress) return;
  write([entry, ...list.filter((s) => s.id !== id)]);
}

/** Puts a forgotten entry back where it was (Undo). */
export function restoreSwap(entry: MySwap) {
  write([entry, ...listMySwaps().filter((s) => s.id !== entry.id)].sort((a, b) => b.savedAt - a.savedAt));
}

export function forgetSwap(id: string) {
  write(listMySwaps().filter((s) => s.id !== id));
}

export function forgetAllSwaps() {
  write([]);
}

/** The checkout notes the refund address it is about to send, for the swap page to keep. */
export function notePendingRefund(payoutAddress: string, refundAddress: string) {
  const store = storage();
  try {
    if (refundAddress) store?.setItem(PENDING_REFUND, JSON.stringify({ payoutAddress, refundAddress, at: Date.now() }));
    else store?.removeItem(PENDING_REFUND);
  } catch {
    // a convenience only
  }
}

function takePendingRefund(payoutAddress: string | undefined): string | undefined {
  const store = storage();
  const raw = store?.getItem(PENDING_REFUND);
  if (!raw || !payoutAddress) return undefined;
  try {
    const pending = JSON.parse(raw) as { payoutAddress?: unknown; refundAddress?: unknown; at?: unknown };
    if (pending.payoutAddress !== payoutAddress || typeof pending.refundAddress !== "string" || typeof pending.at !== "number") return undefined;
    if (Date.now() - pending.at > 60 * 60 * 1000) return undefined;
    store?.removeItem(PENDING_REFUND);
    return pending.refundAddress;
  } catch {
    return undefined;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const none: MySwap[] = [];

/** The saved swaps, kept in step with other tabs; empty during server rendering. */
export function useMySwaps(): MySwap[] {
  return useSyncExternalStore(subscribe, listMySwaps, () => none);
}

// ---- "New quote, same details": an expired swap hands its payout to the next checkout, in this tab.

const PREFILL = "swap-checkout:prefill";
type Prefill = { to: string; address: string; memo: string };

export function keepPrefill(prefill: Prefill) {
  try {
    sessionStorage.setItem(PREFILL, JSON.stringify(prefill));
  } catch {
    // the user types the address again
  }
}

/** The payout handed over for the asset `to` ("SYMBOL.network"), once; null when there is none. */
export function takePrefill(to: string): { address: string; memo: string } | null {
  try {
    const raw = sessionStorage.getItem(PREFILL);
    if (!raw) return null;
    sessionStorage.removeItem(PREFILL);
    const prefill = JSON.parse(raw) as Partial<Record<keyof Prefill, unknown>>;
    if (prefill.to !== to || typeof prefill.address !== "string") return null;
    return { address: prefill.address, memo: typeof prefill.memo === "string" ? prefill.memo : "" };
  } catch {
    return null;
  }
}
