// What keeps the ledger complete and current from the upstream's list: a resumable backfill of
// the whole history newest first, a sweep of swaps that can still change, an occasional re-listing
// of completed swaps whose reward is not yet claimed, and a reconciliation of counts per status.
import { and, min, notInArray, sql } from "drizzle-orm";
import { swapStatuses, terminalStatuses, type ListSwapsQuery, type SwapList } from "@/lib/schema/partner";
import type { LedgerDb } from "./db";
import { ledgerCountsByStatus } from "./queries";
import { clearSyncState, readSyncState, recordSwaps, writeSyncState, type SwapSource } from "./record";
import { swaps } from "./schema";

export type SyncDeps = {
  db: LedgerDb;
  /** One upstream list page (the caller spends the dashboard's budget class on it). */
  listSwaps: (query: ListSwapsQuery) => Promise<SwapList>;
  events: boolean;
  now?: () => number;
  /** Called after a write that may have queued webhook events. */
  onEvents?: () => void;
};

const PAGE = 100;

/** A `createdTo` cursor that pages newest first; `offset` skips rows at the cursor's instant already seen. */
export type Cursor = { createdTo: string | null; offset: number };

/**
 * The cursor after a full page. `createdTo` is inclusive, so the next page starts at the oldest
 * instant of this one, past the rows of that instant we have; the offset grows only while every
 * row of a page shares one instant.
 */
export function nextCursor(cursor: Cursor, page: SwapList["swaps"]): Cursor {
  const oldest = page.at(-1)!.createdAt;
  if (cursor.createdTo === oldest) return { createdTo: oldest, offset: cursor.offset + page.length };
  return { createdTo: oldest, offset: page.filter((s) => s.createdAt === oldest).length };
}

const now = (deps: SyncDeps) => new Date((deps.now ?? Date.now)());

async function record(deps: SyncDeps, page: SwapList, source: SwapSource) {
  const result = await recordSwaps(deps.db, page.swaps, { source, seenAt: now(deps), events: deps.events });
  await writeSyncState(deps.db, "listed-at", { at: now(deps).toISOString() }, now(deps));
  if (deps.events && (result.inserted || result.changed)) deps.onEvents?.();
  return result;
}

export type BackfillState = Cursor & {
  done: boolean;
  pages: number;
  swaps: number;
  startedAt: string;
  finishedAt: string | null;
  /** A top-up round reads only swaps created since the newest one the last round saw. */
  createdFrom?: string | null;
  /** The newest creation time this round has seen. */
  newest?: string | null;
};

/**
 * Up to `maxPages` pages of the backfill, continuing where the last call (or the last process)
 * stopped. An upstream error stops the step; the cursor stays where it was.
 */
export async function backfillStep(deps: SyncDeps, maxPages = Infinity): Promise<BackfillState> {
  let state: BackfillState = (await readSyncState<BackfillState>(deps.db, "backfill")) ?? {
    createdTo: null,
    offset: 0,
    done: false,
    pages: 0,
    swaps: 0,
    startedAt: now(deps).toISOString(),
    finishedAt: null,
  };
  for (let pages = 0; !state.done && pages < maxPages; pages++) {
    const page = await deps.listSwaps({
      ...(state.createdFrom ? { createdFrom: state.createdFrom } : {}),
      ...(state.createdTo ? { createdTo: state.createdTo } : {}),
      limit: String(PAGE),
      offset: String(state.offset),
    });
    await record(deps, page, "backfill");
    const full = page.swaps.length === PAGE;
    state = {
      ...state,
      newest: state.newest ?? page.swaps[0]?.createdAt ?? state.createdFrom ?? null,
      ...(full ? nextCursor(state, page.swaps) : {}),
      done: !full,
      pages: state.pages + 1,
      swaps: state.swaps + page.swaps.length,
      finishedAt: full ? null : now(deps).toISOString(),
    };
    // A new round started meanwhile (the sandbox's seed control): this one stops.
    const stored = await readSyncState<BackfillState>(deps.db, "backfill");
    if (stored && stored.startedAt !== state.startedAt) return stored;
    await writeSyncState(deps.db, "backfill", state, now(deps));
  }
  return state;
}

/**
 * After a finished backfill, a new round that reads what was created since (swaps made by other
 * integrations on the same key); `full` starts over from the very newest down to the oldest.
 */
export async function startBackfillRound(deps: SyncDeps, full = false): Promise<void> {
  const previous = await readSyncState<BackfillState>(deps.db, "backfill");
  if (!full && previous && !previous.done) return;
  const createdFrom = full ? null : (previous?.newest ?? null);
  // startedAt names the round, so it must differ from the last one's even within one millisecond.
  const startedAt = new Date(Math.max(now(deps).getTime(), previous ? Date.parse(previous.startedAt) + 1 : 0)).toISOString();
  const fresh: BackfillState = { createdTo: null, offset: 0, done: false, pages: 0, swaps: 0, startedAt, finishedAt: null, createdFrom, newest: null };
  await writeSyncState(deps.db, "backfill", fresh, now(deps));
}

const SWEEP_HORIZON_MS = 24 * 60 * 60 * 1000;

/**
 * Lists the swaps that can still change (not terminal in the ledger), created within the last day,
 * so they reach their end in the ledger even when no browser watches them.
 */
export async function sweepOpenSwaps(deps: SyncDeps, maxPages = 50): Promise<{ pages: number; swaps: number }> {
  const [row] = await deps.db
    .select({ oldest: min(swaps.createdAt) })
    .from(swaps)
    .where(and(notInArray(swaps.status, [...terminalStatuses]), sql`${swaps.createdAt} >= ${new Date(now(deps).getTime() - SWEEP_HORIZON_MS)}`));
  if (!row?.oldest) return { pages: 0, swaps: 0 };
  const createdFrom = new Date(row.oldest).toISOString();
  let cursor: Cursor = { createdTo: null, offset: 0 };
  let pages = 0;
  let seen = 0;
  while (pages < maxPages) {
    const page = await deps.listSwaps({
      createdFrom,
      ...(cursor.createdTo ? { createdTo: cursor.createdTo } : {}),
      limit: String(PAGE),
      offset: String(cursor.offset),
    });
    pages++;
    seen += page.swaps.length;
    await record(deps, page, "sweep");
    if (page.swaps.length < PAGE) break;
    cursor = nextCursor(cursor, page.swaps);
  }
  return { pages, swaps: seen };
}

/** Records one page the status sweep saw (its own loop, outside the ledger). */
export const recordSweepPage = (deps: SyncDeps, page: SwapList["swaps"]) => record(deps, { swaps: page, total: page.length, limit: PAGE, offset: 0 }, "sweep");

type RelistState = Cursor & { createdFrom: string };

/**
 * Re-lists completed swaps whose reward is not yet `claimed`, oldest such swap onwards, newest
 * first, a few pages a call; the cursor survives restarts, and a finished round starts anew.
 */
export async function relistRewardsStep(deps: SyncDeps, maxPages = 5): Promise<{ pages: number; done: boolean }> {
  let state = await readSyncState<RelistState | null>(deps.db, "relist");
  if (!state) {
    const [row] = await deps.db
      .select({ oldest: min(swaps.createdAt) })
      .from(swaps)
      .where(and(sql`${swaps.status} = 'completed'`, sql`${swaps.rewardStatus} is distinct from 'claimed'`));
    if (!row?.oldest) return { pages: 0, done: true };
    state = { createdFrom: new Date(row.oldest).toISOString(), createdTo: null, offset: 0 };
  }
  let pages = 0;
  while (pages < maxPages) {
    const page = await deps.listSwaps({
      status: "completed",
      createdFrom: state.createdFrom,
      ...(state.createdTo ? { createdTo: state.createdTo } : {}),
      limit: String(PAGE),
      offset: String(state.offset),
    });
    pages++;
    await record(deps, page, "relist");
    if (page.swaps.length < PAGE) {
      await clearSyncState(deps.db, "relist");
      return { pages, done: true };
    }
    state = { ...state, ...nextCursor(state, page.swaps) };
    await writeSyncState(deps.db, "relist", state, now(deps));
  }
  return { pages, done: false };
}

export type Reconciliation = {
  checkedAt: string;
  /** Swaps created up to this instant were compared. */
  createdTo: string;
  /** Per status where they differ: ledger count minus the upstream's total. */
  drift: Record<string, { ledger: number; upstream: number }>;
  inSync: boolean;
  lastInSyncAt: string | null;
};

/**
 * Compares the ledger's count per status with the upstream's `total` for the same filter. Swaps
 * of the last few minutes are left out: the upstream's list statuses lag up to a minute.
 */
export async function reconcile(deps: SyncDeps, settleMs = 5 * 60_000): Promise<Reconciliation> {
  const checked = now(deps);
  const createdTo = new Date(checked.getTime() - settleMs).toISOString();
  const ledger = await ledgerCountsByStatus(deps.db, { createdTo });
  const drift: Reconciliation["drift"] = {};
  for (const status of swapStatuses) {
    const { total } = await deps.listSwaps({ status, createdTo, limit: "1", offset: "0" });
    const mine = ledger[status] ?? 0;
    if (mine !== total) drift[status] = { ledger: mine, upstream: total };
  }
  const previous = await readSyncState<Reconciliation>(deps.db, "reconcile");
  const inSync = Object.keys(drift).length === 0;
  const result: Reconciliation = {
    checkedAt: checked.toISOString(),
    createdTo,
    drift,
    inSync,
    lastInSyncAt: inSync ? checked.toISOString() : (previous?.lastInSyncAt ?? null),
  };
  await writeSyncState(deps.db, "reconcile", result, checked);
  if (!inSync) console.warn(`[ledger] drift against the upstream: ${JSON.stringify(drift)}`);
  return result;
}

export type SyncStatus = { backfill: BackfillState | null; reconciliation: Reconciliation | null };

export async function syncStatus(db: LedgerDb): Promise<SyncStatus> {
  return { backfill: await readSyncState<BackfillState>(db, "backfill"), reconciliation: await readSyncState<Reconciliation>(db, "reconcile") };
}
