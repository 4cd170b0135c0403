// What keeps the ledger complete and current from the upstream's list: a resumable backfill of
// the whole history newest first, a sweep of swaps that can still change, an occasional re-listing
// of completed swaps whose reward is not yet claimed, and a reconciliation of counts per status.
import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, isNull, max, min, notInArray, sql } from "drizzle-orm";
import { swapStatuses, terminalStatuses, type ListSwapsQuery, type SwapList } from "@/lib/schema/partner";
import type { LedgerDb } from "./db";
import { cursorQuery, firstPage, nextCursor, type Cursor } from "./cursor";
import { SANDBOX_STATE_KEY, ServiceLedgerError, serviceSwapsHeld } from "./provenance";
import { ledgerCountsByStatus } from "./queries";
import { clearSyncState, readSyncState, recordSwaps, writeSyncState, type SwapSource } from "./record";
import { swaps } from "./schema";
import { log } from "@/lib/observability/log";

export type SyncDeps = {
  db: LedgerDb;
  /** One upstream list page (the caller spends the dashboard's budget class on it). */
  listSwaps: (query: ListSwapsQuery) => Promise<SwapList>;
  events: boolean | ReadonlySet<string>;
  now?: () => number;
  /** Called after a write that may have queued webhook events. */
  onEvents?: () => void;
};

const PAGE = 100;

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
  /** The last request for a full round (requestFullBackfill) that a round has answered. */
  request?: string | null;
};

/**
 * Up to `maxPages` pages of the backfill, from `from` (what startBackfillRound answered) or else
 * where the last call (or the last process) stopped; `stop` ends it after the current page. Only
 * the backfill's loop, holding its lease, calls this: the state it writes is read by no one else
 * meanwhile, so it is carried from page to page, not read again. An upstream error stops the
 * step; the cursor stays where it was.
 */
export async function backfillStep(
  deps: SyncDeps,
  maxPages = Infinity,
  from?: BackfillState | null,
  stop?: () => boolean,
): Promise<BackfillState> {
  let state: BackfillState = from ??
    (await readSyncState<BackfillState>(deps.db, "backfill")) ?? {
      createdTo: null,
      offset: 0,
      done: false,
      pages: 0,
      swaps: 0,
      startedAt: now(deps).toISOString(),
      finishedAt: null,
    };
  for (let pages = 0; !state.done && pages < maxPages && !(pages > 0 && stop?.()); pages++) {
    const page = await deps.listSwaps({
      ...(state.createdFrom ? { createdFrom: state.createdFrom } : {}),
      ...cursorQuery(state),
      limit: String(PAGE),
    });
    await record(deps, page, state.createdFrom ? "topup" : "backfill");
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
    await writeSyncState(deps.db, "backfill", state, now(deps));
  }
  return state;
}

type BackfillRequest = { id: string; at: string };

/**
 * Asks for a backfill from the very newest swap down to the oldest (the sandbox's seed control
 * backdates swaps). Only a request is written here: the backfill's loop starts the round, holding
 * its lease, like every other write of the backfill's state.
 */
export async function requestFullBackfill(deps: SyncDeps): Promise<void> {
  await writeSyncState(
    deps.db,
    "backfill-request",
    { id: randomUUID(), at: now(deps).toISOString() } satisfies BackfillRequest,
    now(deps),
  );
}

const TOP_UP_MARGIN_MS = 5 * 60_000;

/**
 * The backfill's state for its next step (under the backfill's lease): a full round when one was
 * requested since the last; after a finished round, a new one that reads what was created since
 * (swaps made by other integrations on the same key); otherwise the round in progress.
 */
export async function startBackfillRound(deps: SyncDeps): Promise<BackfillState> {
  const previous = await readSyncState<BackfillState>(deps.db, "backfill");
  const request = (await readSyncState<BackfillRequest>(deps.db, "backfill-request"))?.id ?? null;
  const full = request !== null && request !== (previous?.request ?? null);
  if (!full && previous && !previous.done) return previous;
  // After a round that met no swap at all (a new key), what is created from then on is news too:
  // the top-up reads from a little before that round began (a swap it did meet is known, not news).
  const createdFrom = full
    ? null
    : (previous?.newest ??
      (previous?.done ? new Date(Date.parse(previous.startedAt) - TOP_UP_MARGIN_MS).toISOString() : null));
  // startedAt names the round, so it must differ from the last one's even within one millisecond.
  const startedAt = new Date(
    Math.max(now(deps).getTime(), previous ? Date.parse(previous.startedAt) + 1 : 0),
  ).toISOString();
  const fresh: BackfillState = {
    ...firstPage,
    done: false,
    pages: 0,
    swaps: 0,
    startedAt,
    finishedAt: null,
    createdFrom,
    newest: null,
    request,
  };
  await writeSyncState(deps.db, "backfill", fresh, now(deps));
  return fresh;
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
    .where(
      and(
        notInArray(swaps.status, [...terminalStatuses]),
        sql`${swaps.createdAt} >= ${new Date(now(deps).getTime() - SWEEP_HORIZON_MS)}`,
      ),
    );
  if (!row?.oldest) return { pages: 0, swaps: 0 };
  const createdFrom = new Date(row.oldest).toISOString();
  let cursor: Cursor = firstPage;
  let pages = 0;
  let seen = 0;
  while (pages < maxPages) {
    const page = await deps.listSwaps({
      createdFrom,
      ...cursorQuery(cursor),
      limit: String(PAGE),
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
export const recordSweepPage = (deps: SyncDeps, page: SwapList["swaps"]) =>
  record(deps, { swaps: page, total: page.length, limit: PAGE, offset: 0 }, "sweep");

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
      ...cursorQuery(state),
      limit: String(PAGE),
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

/**
 * How long after its completion the catch-up below keeps asking for a swap's reward; after that,
 * the re-listing above (every 10 minutes) brings it, like any other reward update.
 */
const CATCH_UP_WINDOW_MS = 10 * 60_000;

/**
 * Brings the reward of swaps the ledger learnt had completed from a view that carries none (a live
 * read of `GET /swap/{id}`, which the status page makes): the list is the only place the upstream
 * documents a swap's commission, and its statuses lag up to a minute behind a live read, so the
 * reward is not there at once. Lists the completed swaps created between the oldest and the newest
 * of those waiting (completed in the last 10 minutes), a few pages at most, and answers how many
 * still wait. Costs no upstream call while none waits.
 */
export async function catchUpRewards(deps: SyncDeps, maxPages = 3): Promise<{ pages: number; waiting: number }> {
  const waitingSince = new Date(now(deps).getTime() - CATCH_UP_WINDOW_MS);
  const waiting = async () => {
    const [row] = await deps.db
      .select({ oldest: min(swaps.createdAt), newest: max(swaps.createdAt), count: count() })
      .from(swaps)
      .where(
        and(sql`${swaps.status} = 'completed'`, isNull(swaps.rewardStatus), sql`${swaps.updatedAt} >= ${waitingSince}`),
      );
    return { oldest: row?.oldest ?? null, newest: row?.newest ?? null, count: Number(row?.count ?? 0) };
  };
  const before = await waiting();
  if (!before.count || !before.oldest || !before.newest) return { pages: 0, waiting: 0 };
  const range = {
    createdFrom: new Date(before.oldest).toISOString(),
    createdTo: new Date(before.newest).toISOString(),
  };
  let cursor: Cursor = firstPage;
  let pages = 0;
  while (pages < maxPages) {
    const page = await deps.listSwaps({ status: "completed", ...range, ...cursorQuery(cursor), limit: String(PAGE) });
    pages++;
    await record(deps, page, "relist");
    if (page.swaps.length < PAGE) break;
    cursor = nextCursor(cursor, page.swaps);
  }
  return { pages, waiting: (await waiting()).count };
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
  if (!inSync) log().warn(`[ledger] drift against the upstream: ${JSON.stringify(drift)}`);
  return result;
}

export type SyncStatus = { backfill: BackfillState | null; reconciliation: Reconciliation | null };

export async function syncStatus(db: LedgerDb): Promise<SyncStatus> {
  return {
    backfill: await readSyncState<BackfillState>(db, "backfill"),
    reconciliation: await readSyncState<Reconciliation>(db, "reconcile"),
  };
}

/**
 * On the embedded sandbox, which lives in memory and starts empty with each process: a ledger kept
 * on disk from an earlier run mirrors swaps that no longer exist upstream (the dashboard would list
 * them, and reconciliation would report drift for ever). The ledger notes which sandbox it mirrors
 * and lets go of its swaps and sync state when it finds itself behind another. The webhook outbox
 * stays: events that happened are still delivered at least once, across the restart. Returns the
 * swaps let go. A ledger that holds a real service's swaps (provenance.ts) is left as it is: this
 * throws ServiceLedgerError instead.
 */
export async function forgetOtherSandbox(db: LedgerDb, sandboxId: string, at: Date): Promise<number> {
  if ((await readSyncState<string>(db, SANDBOX_STATE_KEY)) === sandboxId) return 0;
  return db.transaction(async (tx) => {
    const held = await serviceSwapsHeld(tx);
    if (held) throw new ServiceLedgerError(held);
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(swaps);
    // The funnel's orders were that sandbox's checkouts: they go with its swaps.
    await tx.execute(
      sql`truncate swaps, swap_status_history, ledger_sync_state, funnel_orders, funnel_quotes, funnel_steps`,
    );
    await writeSyncState(tx, SANDBOX_STATE_KEY, sandboxId, at);
    return row?.count ?? 0;
  });
}
