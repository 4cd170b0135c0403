"use client";
// "My swaps on this device": each swap's id and access token in localStorage, and nothing else
// leaves the page: the list is read here and used only for the swap's own status calls.
import { useSyncExternalStore } from "react";
import type { Swap } from "@/lib/schema/partner";
import { assetRef } from "@/lib/swap/asset-ref";

const swapIdPattern = /^[A-Z0-9]{12}$/;

export type MySwap = {
  id: string;
  token: string;
  /** When this device first saw the swap (ms since the epoch). */
  savedAt: number;
  /** The refund address typed on this device, so "refunded" can say where the money went. */
  refundAddress?: string;
  /**
   * This device saw the swap `underpaid`. A swap that then completes still says so: the spec's swap
   * carries only the amount asked, so "You sent" that amount would not be true.
   */
  underpaid?: true;
  /**
   * Created by the checkout on this device, so `refundAddress` is all it gave: none means none.
   * Without it the swap was opened from a link, which anyone can send: its payout address is
   * someone's, not necessarily this person's, and is never handed to a new checkout.
   */
  createdHere?: true;
};

const KEY = "swap-checkout:my-swaps";
const LIMIT = 20;
const listeners = new Set<() => void>();
/**
 * The one empty list, in the browser as on the server: after hydration React compares the
 * browser's list with the server's, and a new `[]` there would force a synchronous re-render of
 * every component that lists swaps, on every first load of a device that has none.
 */
export const noSwaps: MySwap[] = [];
let cache: { raw: string | null; list: MySwap[] } = { raw: null, list: noSwaps };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings, some iframes)
  }
}

/** One stored entry, or null when it is not one of ours. */
function toEntry(value: unknown): MySwap | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<Record<keyof MySwap, unknown>>;
  if (typeof v.id !== "string" || !swapIdPattern.test(v.id)) return null;
  if (typeof v.token !== "string" || !/^[A-Za-z0-9_-]{20,100}$/.test(v.token)) return null;
  if (typeof v.savedAt !== "number") return null;
  // Entries saved before the checkout passed the refund address have none, and stay without it.
  const refundAddress = typeof v.refundAddress === "string" && v.refundAddress ? v.refundAddress : undefined;
  // Entries saved before `createdHere` existed count as opened from a link, unless they hold a
  // refund address: only the checkout ever saved one, for the swap it had just created.
  const createdHere = v.createdHere === true || !!refundAddress;
  return {
    id: v.id,
    token: v.token,
    savedAt: v.savedAt,
    ...(refundAddress ? { refundAddress } : {}),
    ...(v.underpaid === true ? { underpaid: true } : {}),
    ...(createdHere ? { createdHere: true } : {}),
  };
}

function parse(raw: string | null): MySwap[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.map(toEntry).filter((entry) => entry !== null) : [];
  } catch {
    return [];
  }
}

export function listMySwaps(): MySwap[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cache.raw) {
    const list = parse(raw);
    cache = { raw, list: list.length ? list : noSwaps };
  }
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

/**
 * Adds the swap (newest first), or refreshes its token; keeps at most 20. The checkout passes
 * `created` with the refund address it sent (or none); the swap page, which never knows it, keeps
 * what is already saved.
 */
export function rememberSwap(id: string, token: string, created?: { refundAddress?: string }) {
  const list = listMySwaps();
  const existing = list.find((s) => s.id === id);
  const refundAddress = created?.refundAddress || existing?.refundAddress;
  const createdHere = !!created || !!existing?.createdHere;
  const entry: MySwap = {
    id,
    token,
    savedAt: existing?.savedAt ?? Date.now(),
    ...(refundAddress ? { refundAddress } : {}),
    ...(existing?.underpaid ? { underpaid: true } : {}),
    ...(createdHere ? { createdHere: true } : {}),
  };
  if (
    existing &&
    existing.token === token &&
    existing.refundAddress === entry.refundAddress &&
    !!existing.createdHere === createdHere
  )
    return;
  write([entry, ...list.filter((s) => s.id !== id)]);
}

/** Notes that this device saw the swap underpaid (a swap not in the list is left alone). */
export function markUnderpaid(id: string) {
  const list = listMySwaps();
  const existing = list.find((s) => s.id === id);
  if (!existing || existing.underpaid) return;
  write(list.map((s) => (s.id === id ? { ...s, underpaid: true as const } : s)));
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

/** The saved swaps, kept in step with other tabs; empty during server rendering. */
export function useMySwaps(): MySwap[] {
  return useSyncExternalStore(subscribe, listMySwaps, () => noSwaps);
}

// ---- "New quote, same details": an expired swap hands its payout to the next checkout, in this tab.

const PREFILL = "swap-checkout:prefill";
type Prefill = { to: string; address: string; memo: string };

/**
 * Hands the expired swap's payout address and memo to the next checkout, only when this device
 * created the swap. One opened from a link pays out to whoever made it: the new quote keeps its pair
 * and amount (in the link), and the person types where their own money goes.
 */
export function keepPrefillFrom(swap: Pick<Swap, "id" | "payout">) {
  try {
    const mine = listMySwaps().find((s) => s.id === swap.id);
    if (!mine?.createdHere) {
      sessionStorage.removeItem(PREFILL); // nor one left by an earlier swap
      return;
    }
    const prefill: Prefill = {
      to: assetRef({ symbol: swap.payout.token, network: swap.payout.network }),
      address: swap.payout.address,
      memo: swap.payout.memo ?? "",
    };
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
