// What this process knows of swap status between requests: the swaps its browsers watch, the
// live reads in flight, the sweep's progress and pacing. One per process (lib/process-singleton.ts),
// looked up on every use. How the parts of swap status fit together: lib/bff/status/read.ts.
import "server-only";
import { randomUUID } from "node:crypto";
import { processSingleton } from "@/lib/process-singleton";
import type { Swap, SwapStatus } from "@/lib/schema/partner";
import { createSyncTracker, type SyncTracker } from "./list-sync";
import type { Snapshot } from "./snapshots";

/** Never read one swap live more often than this (many tabs, one swap). */
export const MIN_LIVE_GAP_MS = 10_000;
export const MIN_URGENT_GAP_MS = 5_000;

/** What this process knows of a swap a browser watches. */
type Watched = {
  polledAt: number;
  /** ms; null until a snapshot says (a swap this process has not seen yet). */
  createdAt: number | null;
  status: SwapStatus | null;
  /** When the sweep last spent a live read to learn where the swap went. */
  endReadAt: number;
};

type Local = {
  /** The key's budget as last seen (a minute's calls), for pacing the sweep. */
  lastLimit: number;
  inflight: Map<string, Promise<Snapshot>>;
  watched: Map<string, Watched>;
  watchedAt: number;
  publishedAt: number;
  sweeping: Promise<unknown> | null;
  stopping: boolean;
  timer?: ReturnType<typeof setTimeout>;
  instance: string;
  /** Completed cycles, and the pages of the last one. */
  cycles: number;
  lastCyclePages: number;
  /** Times of the sweep's recent list calls, for its share of the budget. */
  pageTimes: number[];
  pacing: Pacing;
  pacingPending: Promise<Pacing> | null;
  /** When the upstream's list is brought up to date, as the sweep has seen it (lib/bff/status/list-sync.ts). */
  sync: SyncTracker;
  /** Mean ms of one list call, for timing a burst cycle before a sync. */
  pageMs: number;
  /** Whether the running cycle reads its pages in a burst, timed around a sync. */
  aligned: boolean;
  /** The last burst slot taken (ms), so a slot just past is not taken twice. */
  lastSlot: number;
  syncPhaseKnown: boolean;
};

export type Pacing = {
  at: number;
  gap: number;
  urgentGap: number;
  /** watched swaps with no snapshot here yet */ unknown: number;
};
// Looked up on every use, so a test's resetProcessSingleton starts afresh.
export const local = () =>
  processSingleton<Local>("swap-status", () => ({
    lastLimit: 120,
    inflight: new Map(),
    watched: new Map(),
    watchedAt: 0,
    publishedAt: 0,
    sweeping: null,
    stopping: false,
    instance: randomUUID(),
    cycles: 0,
    lastCyclePages: 0,
    pageTimes: [],
    pacing: { at: 0, gap: MIN_LIVE_GAP_MS, urgentGap: MIN_URGENT_GAP_MS, unknown: 0 },
    pacingPending: null,
    sync: createSyncTracker(),
    pageMs: 50,
    aligned: false,
    lastSlot: 0,
    syncPhaseKnown: false,
  }));

/** A snapshot or a list item told this process where a watched swap is. */
export function noteKnown(swap: Pick<Swap, "id" | "createdAt" | "status">) {
  const w = local().watched.get(swap.id);
  if (!w) return;
  w.createdAt = Date.parse(swap.createdAt);
  w.status = swap.status;
}

// Live reads this process made in the budget's window, to tell them from the rest of its usage.
export const liveTimes = () => processSingleton("swap-status-live-times", () => [] as number[]);
