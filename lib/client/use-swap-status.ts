"use client";
// A swap's live status: polled every 30 s as the spec recommends, refreshed on focus, and no more
// polling once the status is terminal. Past its deposit deadline a waiting swap is about to end
// (expired, or a deposit that came in time): it is asked every 10 s until it says which.
import { useEffect, useRef, useSyncExternalStore } from "react";
import useSWR, { unstable_serialize, useSWRConfig } from "swr";
import { isTerminalStatus } from "@/lib/schema/codes";
import { fetchSwap, type BffError, type SwapSnapshot } from "@/lib/client/bff";
import type { Swap } from "@/lib/schema/partner";
import { swapStatusPath, TOKEN_SHAPE } from "@/lib/swap/early-read";
import { newerSnapshot, readTabSyncMessage, tabSyncChannel, tabSyncMessage, tokenProof } from "./tab-sync";

const STATUS_POLL_MS = 30_000;
const PAST_DEADLINE_POLL_MS = 10_000;

/** Whether the swap's deposit deadline has passed at `serverNow` (ms on the server's clock). */
export const pastDepositDeadline = (swap: Pick<Swap, "deposit">, serverNow: number) =>
  serverNow >= Date.parse(swap.deposit.deadline);

function pollInterval(latest: SwapSnapshot | undefined): number {
  if (!latest) return STATUS_POLL_MS;
  const { swap, clockOffset } = latest;
  if (isTerminalStatus(swap.status)) return 0;
  const waitingPastDeadline = swap.status === "waiting_deposit" && pastDepositDeadline(swap, Date.now() + clockOffset);
  return waitingPastDeadline ? PAST_DEADLINE_POLL_MS : STATUS_POLL_MS;
}

export function useSwapStatus(id: string, token: string | null) {
  const key = token ? [swapStatusPath(id), token] : null;
  const { cache } = useSWRConfig();
  const status = useSWR<SwapSnapshot, BffError>(key, fetchSwap, {
    refreshInterval: pollInterval,
    revalidateOnFocus: true,
    // An ended swap is asked no more, whichever way its end arrived. SWR runs a poll already due
    // without asking the interval again, so an end brought by "Check now", focus or another tab
    // would otherwise cost one more read of the BFF (from its snapshot: the upstream is spared) and
    // of the client's read allowance when that poll came due.
    isPaused: () => {
      const latest = key ? (cache.get(unstable_serialize(key))?.data as SwapSnapshot | undefined) : undefined;
      return !!latest && isTerminalStatus(latest.swap.status);
    },
    // A wrong link will not become right by asking again.
    shouldRetryOnError: (error) => error.code !== "swap_not_found",
    errorRetryInterval: 10_000,
    keepPreviousData: true,
  });
  useSharedAcrossTabs(id, token, status.data, status.mutate);
  return status;
}

/**
 * The same swap open in two tabs of this browser shows the same status: each fresh snapshot one tab
 * reads (a poll, "Check now", a simulated deposit) is handed to the others, which keep it when it is
 * newer than theirs, instead of showing the old status until their own next poll. A message is kept
 * only when it checks out (lib/client/tab-sync.ts): any page of this origin can post one.
 */
function useSharedAcrossTabs(
  id: string,
  token: string | null,
  latest: SwapSnapshot | undefined,
  mutate: ReturnType<typeof useSWR<SwapSnapshot>>["mutate"],
) {
  const post = useRef<((snapshot: SwapSnapshot) => void) | null>(null);
  const latestRef = useRef(latest);
  useEffect(() => {
    if (!token || typeof BroadcastChannel === "undefined") return;
    let opened: BroadcastChannel | null = null;
    let closed = false;
    void tokenProof(id, token).then((proof) => {
      if (closed || !proof) return;
      const channel = new BroadcastChannel(tabSyncChannel(id));
      channel.onmessage = (event: MessageEvent) => {
        const incoming = readTabSyncMessage(event.data, { id, proof });
        if (incoming) void mutate((current) => newerSnapshot(current, incoming, Date.now()), { revalidate: false });
      };
      opened = channel;
      post.current = (snapshot) => channel.postMessage(tabSyncMessage(snapshot, proof));
      // A snapshot read before the proof was ready is handed over now.
      if (latestRef.current) post.current(latestRef.current);
    });
    return () => {
      closed = true;
      post.current = null;
      opened?.close();
    };
  }, [id, token, mutate]);
  useEffect(() => {
    latestRef.current = latest;
    if (latest) post.current?.(latest);
  }, [latest]);
}

/** The access token travels in the URL fragment (#t=…), never to a server log or a Referer. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("t");
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

function subscribeToConnection(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the browser says it has no connection. SWR does not poll then, so no check fails and the
 * page looked current for as long as the person was offline; the page says it at once instead.
 */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => !navigator.onLine,
    () => false,
  );
}
