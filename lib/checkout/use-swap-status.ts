"use client";
// A swap's live status: polled every 30 s as the spec recommends, refreshed on focus, and no more
// polling once the status is terminal.
import useSWR from "swr";
import { bffErrorAnswer, swapAnswer } from "@/lib/schema/answers";
import { isTerminalStatus } from "@/lib/schema/codes";
import type { Swap } from "@/lib/schema/partner";
import { BffError } from "./api";

export const STATUS_POLL_MS = 30_000;

export type SwapSnapshot = { swap: Swap; asOf: string | null; fetchedAt: number };

export async function fetchSwap([path, token]: [string, string]): Promise<SwapSnapshot> {
  const response = await fetch(path, { headers: { "x-swap-token": token, accept: "application/json" }, cache: "no-store" }).catch(() => {
    throw new BffError("network_error", "Could not reach the server.", 0);
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = bffErrorAnswer.safeParse(json);
    throw new BffError(body.success ? body.data.error.code : "internal_error", body.success ? body.data.error.message : "", response.status);
  }
  const swap = swapAnswer.safeParse(json);
  if (!swap.success) throw new BffError("upstream_error", "Unexpected answer", response.status);
  return { swap: swap.data, asOf: response.headers.get("x-status-as-of"), fetchedAt: Date.now() };
}

export function useSwapStatus(id: string, token: string | null) {
  return useSWR<SwapSnapshot, BffError>(token ? [`/api/v1/swap/${id}`, token] : null, fetchSwap, {
    refreshInterval: (latest) => (latest && isTerminalStatus(latest.swap.status) ? 0 : STATUS_POLL_MS),
    revalidateOnFocus: true,
    // A wrong link will not become right by asking again.
    shouldRetryOnError: (error) => error.code !== "swap_not_found",
    errorRetryInterval: 10_000,
    keepPreviousData: true,
  });
}

/** The access token travels in the URL fragment (#t=…), never to a server log or a Referer. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("t");
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}
