// The sweep: one instance at a time lists the swaps that can still change and that somebody
// watches, 100 a page, and writes what it sees as snapshots; then a live read for each swap that
// left the list. How the parts of swap status fit together: lib/bff/status/read.ts.
import "server-only";
import { onShutdown } from "@/lib/shutdown";
import { isTerminalStatus, swapStatuses, type SwapListItem, type SwapStatus } from "@/lib/schema/partner";
import { isPartnerError } from "@/lib/partner/errors";
import { cursorQuery, firstPage, nextCursor, type Cursor } from "@/lib/ledger/cursor";
import { sleep, within } from "@/lib/timing";
import { log } from "@/lib/observability/log";
import { ledgerSweepPage } from "@/lib/bff/ledger";
import { forLog, isApiError } from "@/lib/bff/http/errors";
import { effectiveLimit } from "@/lib/bff/upstream/budget";
import { partner } from "@/lib/bff/upstream/partner";
import { store } from "@/lib/bff/upstream/shared-store";
import { nextBurst, observeListing, syncPhase, SYNC_PERIOD_MS } from "./list-sync";
import { liveRead, snapshotKey, SNAPSHOT_TTL_MS, type Snapshot } from "./snapshots";
import { local, noteKnown } from "./state";
import { adoptPeersWatched, forgetUnwatched, WATCH_MS } from "./watchers";

/** The spec: list statuses come from stored state synchronised roughly every minute. */
const LIST_STALENESS_MS = 60_000;
/** Sweeps look this far back: the deposit window (4 h) and an hour of processing. */
const SWEEP_LOOKBACK_MS = 5 * 60 * 60 * 1000;
const SWEEP_MAX_PERIOD_MS = 30_000;
const SWEEP_MIN_PERIOD_MS = 5_000;
/**
 * The share of the budget a sweep paces itself to when live reads cannot carry the load: its
 * pages are spread at this rate, not read in a burst. 65 %: the refresh class's ceiling (85 %,
 * less the last minute's quotes and creations) minus the live reads for swaps in flight.
 */
const SWEEP_PACE_SHARE = 0.65;
/** A scan for swaps the sweep does not know yet reads at most this many pages per cycle. */
const FULL_SCAN_MAX_PAGES = 200;
/** Live reads per cycle for swaps that left the list (or that the list never showed). */
const END_READS_PER_CYCLE = 30;
/** A cut-short sweep resumes from its cursor if it stopped less than this long ago. */
const RESUME_WITHIN_MS = 5 * 60_000;
const PAGE = 100;

/** The statuses that can still change: what the sweep lists. */
const openStatuses: readonly SwapStatus[] = swapStatuses.filter((s) => !isTerminalStatus(s));

const LEASE_KEY = "status:sweep-lease";
const CURSOR_KEY = "status:sweep-cursor";

/** Runs the next sweep cycle in `delayMs`, and each after it while somebody watches. */
export function scheduleSweep(delayMs: number) {
  const timer = setTimeout(() => {
    local().timer = undefined;
    const started = Date.now();
    local().sweeping = sweep().finally(() => {
      local().sweeping = null;
      if (local().stopping || Date.now() - local().watchedAt >= WATCH_MS) return;
      const now = Date.now();
      const aligned = alignedDelay(now, started);
      local().aligned = aligned !== null;
      scheduleSweep(aligned ?? Math.max(1_000, sweepPeriod() - (now - started)));
    });
  }, delayMs);
  timer.unref?.();
  local().timer = timer;
}

/**
 * Time between sweep starts: 30 s when live reads carry the watched swaps; shorter when they
 * cannot and a cycle is cheap (600 swaps: six pages every few seconds), paced to 65 % of the budget;
 * a long cycle is followed at once.
 */
function sweepPeriod(): number {
  if (!sweepCarries()) return SWEEP_MAX_PERIOD_MS;
  const paced = local().lastCyclePages * sweepPageGap();
  return Math.min(SWEEP_MAX_PERIOD_MS, Math.max(SWEEP_MIN_PERIOD_MS, paced));
}

/**
 * Whether the sweep carries the watched swaps (live reads cannot). A list answer is a minute old
 * when it arrives: while live reads keep every watched swap younger than that and a half, a
 * faster sweep would buy nothing.
 */
const sweepCarries = () => local().pacing.gap > 90_000;

/**
 * Time between a carrying sweep's pages. Read in a burst, a cycle larger than the budget's room
 * filled the one-minute window at once, and the next cycle found nothing left until that burst
 * had left it: every swap was listed once a minute, whatever the budget (6,000 swaps: 61 pages in
 * 5 s, then a minute's wait). Spread, the same budget lists each swap every 49 s (measured: docs/benchmarks.md).
 */
const sweepPageGap = () => 60_000 / (local().lastLimit * SWEEP_PACE_SHARE);

/** A carrying sweep of at most this many pages reads them in a burst around each sync, once the phase is known. */
const ALIGNED_MAX_PAGES = 12;
/**
 * Time until the next cycle when the sweep carries the watched swaps in a few pages and the list's
 * syncs keep a phase: bursts around each sync (`nextBurst` in lib/bff/status/list-sync.ts). Null: sweep at
 * the usual pace.
 */
function alignedDelay(now: number, cycleStartedAt: number): number | null {
  const l = local();
  if (!sweepCarries() || l.lastCyclePages === 0 || l.lastCyclePages > ALIGNED_MAX_PAGES) return null;
  const next = nextBurst(l.sync, { now, cycleStartedAt, burstMs: l.lastCyclePages * l.pageMs, lastSlot: l.lastSlot });
  if (!next) return null;
  if (next.slot !== null) l.lastSlot = next.slot;
  return next.delay;
}

type SweepCursor = Cursor & {
  full: boolean;
  stoppedAt: number;
  /** Pages this cycle has read, across its resumptions. */ pages: number;
};

/** `pages`: read by this call; `cyclePages`: by the whole cycle, a resumed one's earlier calls included. */
export type SweepResult = { pages: number; cyclePages: number; swaps: number; endReads: number; complete: boolean };

/**
 * One cycle over the swaps that can still change, newest first, 100 a page, by a `createdTo`
 * keyset (lib/ledger/cursor.ts: swaps leaving the filtered list shift at most the rows of one
 * instant, and a page full of one instant goes on past them). One instance sweeps at a time
 * (a lease in the shared store); the others read what it writes.
 *
 * A cycle reads every page (a "full" cycle) when it is the process's first, or while a watched
 * swap is unknown; otherwise it reads only the pages that hold watched swaps, jumping the gaps
 * between them, so swaps nobody watches (anyone can create them) cost nothing. A cycle cut short
 * (budget, error, shutdown) leaves its cursor in the store, and the next resumes there.
 */
export async function sweep(): Promise<SweepResult | null> {
  const s = store();
  if (!(await s.setIfAbsent(LEASE_KEY, local().instance, 5 * 60_000).catch(() => false))) return null;
  const result: SweepResult = { pages: 0, cyclePages: 0, swaps: 0, endReads: 0, complete: false };
  const now = Date.now();
  local().lastLimit = (await effectiveLimit()).limit;
  await adoptPeersWatched(now);
  forgetUnwatched(now);
  const createdFrom = now - SWEEP_LOOKBACK_MS;
  const saved = await s.get(CURSOR_KEY).catch(() => null);
  // (A cursor stored before offsets, or page counts, existed reads as 0.)
  const resumed = saved ? ({ offset: 0, pages: 0, ...JSON.parse(saved) } as SweepCursor) : null;
  const unknown = () => [...local().watched.values()].some((w) => w.createdAt === null);
  let cursor: SweepCursor =
    resumed && now - resumed.stoppedAt < RESUME_WITHIN_MS && resumed.createdTo
      ? resumed
      : { ...firstPage, full: local().cycles === 0 || unknown(), stoppedAt: now, pages: 0 };
  // A resumed cycle did not see the rows its cursor's offset skips: at that instant, a watched
  // swap missing from a page is no sign that it left the list.
  const unseenAt = cursor === resumed ? Date.parse(resumed.createdTo!) : null;
  // Watched swaps still open, newest first: where a watched-only cycle reads.
  const openTargets = () =>
    [...local().watched.entries()]
      .filter(
        ([, w]) => w.createdAt !== null && w.createdAt >= createdFrom && !(w.status && isTerminalStatus(w.status)),
      )
      .sort((a, b) => b[1].createdAt! - a[1].createdAt!);
  let targets = openTargets();
  const seen = new Set<string>();
  const ended = new Set<string>();
  try {
    for (;;) {
      if (local().stopping) return result;
      if (cursor.full && result.pages >= FULL_SCAN_MAX_PAGES) return result;
      // A full cycle that has found every watched swap goes on as a watched-only one.
      if (cursor.full && local().cycles > 0 && !unknown()) {
        cursor = { ...cursor, full: false };
        targets = openTargets();
      }
      const at = cursor.createdTo ? Date.parse(cursor.createdTo) : Infinity;
      let pageCursor: Cursor = cursor;
      if (!cursor.full) {
        // The newest watched swap no page has accounted for yet; the gap above it is skipped.
        const next = targets.find(([id, w]) => w.createdAt! <= at && !seen.has(id) && !ended.has(id));
        if (!next) break;
        if (next[1].createdAt! < at) pageCursor = { createdTo: new Date(next[1].createdAt!).toISOString(), offset: 0 };
      }
      const createdTo = pageCursor.createdTo ? Date.parse(pageCursor.createdTo) : Infinity;
      const pageStarted = Date.now();
      const page = await partner().listSwaps(
        {
          status: openStatuses.join(","),
          createdFrom: new Date(createdFrom).toISOString(),
          ...cursorQuery(pageCursor),
          limit: String(PAGE),
        },
        { requestId: `sweep-${local().instance.slice(0, 8)}-${result.pages}`, priority: "refresh" },
      );
      const listedAt = Date.now();
      local().pageTimes.push(listedAt);
      local().pageMs = 0.8 * local().pageMs + 0.2 * (listedAt - pageStarted);
      result.pages++;
      cursor = { ...cursor, pages: cursor.pages + 1 };
      result.cyclePages = cursor.pages;
      result.swaps += page.swaps.length;
      await onSweepPage(page.swaps, pageStarted, listedAt);
      for (const item of page.swaps) seen.add(item.id);

      // The span this page covered: from the cursor's instant (past its offset) down to its last
      // item's instant (exclusive: the next page goes on there), or to the lookback if it was the last.
      const full = page.swaps.length === PAGE;
      const lowest = full ? Date.parse(page.swaps.at(-1)!.createdAt) : createdFrom;
      for (const [id, w] of targets) {
        const t = w.createdAt!;
        const inSpan = (t < createdTo || (t === createdTo && t !== unseenAt)) && (full ? t > lowest : t >= lowest);
        if (inSpan && !seen.has(id)) ended.add(id);
      }
      if (!full) break;
      cursor = { ...cursor, ...nextCursor(pageCursor, page.swaps), stoppedAt: Date.now() };
      await s.set(CURSOR_KEY, JSON.stringify(cursor), RESUME_WITHIN_MS).catch(() => {});
      // A full cycle (a restart, unknown swaps) reads at once: people are waiting for a first answer.
      if (!cursor.full && sweepCarries() && !local().aligned) await sleep(sweepPageGap() - (Date.now() - pageStarted));
    }
    result.complete = true;
    local().cycles++;
    local().lastCyclePages = result.cyclePages;
    await s.delete(CURSOR_KEY).catch(() => {});
    // Swaps that left the open list, and watched swaps a full cycle never saw (already ended, or
    // older than the lookback): one live read each to learn their end.
    if (cursor.full) for (const [id, w] of local().watched) if (w.createdAt === null && !seen.has(id)) ended.add(id);
    result.endReads = await readEnds([...ended]);
    return result;
  } catch (error) {
    if (!isApiError(error)) log().warn(`[status] sweep stopped early: ${forLog(error)}`);
    return result;
  } finally {
    await releaseLease();
  }
}

/**
 * What a list item, listed at `listedAt`, says of its swap's upstream state: the list's stored
 * state may be a minute behind, but it already holds the item's last change, so an item changed
 * within that minute is at least as fresh as its `updatedAt`; and a list synced after `syncFloor`
 * (a sync the sweep saw happen, lib/bff/status/list-sync.ts) is at least that fresh. Never later than
 * the list call.
 */
export function listItemAsOf(
  item: Pick<SwapListItem, "updatedAt">,
  listedAt: number,
  syncFloor: number | null = null,
): number {
  const updatedAt = Date.parse(item.updatedAt);
  const stale = Math.max(listedAt - LIST_STALENESS_MS, syncFloor ?? -Infinity);
  return Number.isFinite(updatedAt) ? Math.min(listedAt, Math.max(stale, updatedAt)) : Math.min(listedAt, stale);
}

/**
 * The one place where the sweep holds a page of list items (read from `startedAt` to `listedAt`):
 * learns from it when the list is synced, and writes their snapshots (each dated by listItemAsOf),
 * unless a fresher one is stored.
 */
async function onSweepPage(items: SwapListItem[], startedAt: number, listedAt: number): Promise<void> {
  const s = store();
  const existing = await s.getMany(items.map((item) => snapshotKey(item.id)));
  const stored = new Map(
    items.map((item, index) => [item.id, existing[index] ? (JSON.parse(existing[index]!) as Snapshot) : null]),
  );
  // A change the list shows that a live read (or the creation) of ours already saw since the
  // swap's last listing says nothing of the list's sync: that read brought it up to date.
  const explained = (id: string, since: number) => {
    const snapshot = stored.get(id);
    return local().inflight.has(id) || (snapshot != null && snapshot.source !== "list" && snapshot.asOf > since);
  };
  const syncFloor = observeListing(local().sync, { items, startedAt, endedAt: listedAt }, explained);
  noteSyncPhase(listedAt);
  const writes: Array<[string, string]> = [];
  items.forEach(({ commission: _commission, ...swap }) => {
    noteKnown(swap);
    const asOf = listItemAsOf(swap, listedAt, syncFloor);
    const current = stored.get(swap.id) ?? null;
    if (current && (current.asOf >= asOf || isTerminalStatus(current.swap.status))) return;
    writes.push([snapshotKey(swap.id), JSON.stringify({ swap, asOf, source: "list" } satisfies Snapshot)]);
  });
  await s.setMany(writes, SNAPSHOT_TTL_MS);
  // The partner's ledger keeps what every page saw (it never blocks the sweep).
  ledgerSweepPage(items);
}

/** Says in the log when the sweep learns or loses the phase of the list's syncs: it changes what listed statuses are dated. */
function noteSyncPhase(now: number) {
  const l = local();
  const phase = syncPhase(l.sync, now);
  const known = phase !== null;
  if (known === l.syncPhaseKnown) return;
  l.syncPhaseKnown = known;
  if (phase) {
    const at = (ms: number) => `${(((ms % SYNC_PERIOD_MS) + SYNC_PERIOD_MS) % SYNC_PERIOD_MS) / 1000} s`;
    log().info(
      `[status] the list's syncs keep a phase: between ${at(phase.from)} and ${at(phase.to)} past the minute (${phase.windows} syncs seen); listed statuses are dated from the last one`,
    );
  } else
    log().info(
      `[status] the list's syncs keep no phase now (${l.sync.windows.length} windows seen); listed statuses are dated a minute before the list call`,
    );
}

async function readEnds(ids: string[]): Promise<number> {
  const now = Date.now();
  let reads = 0;
  for (const id of ids) {
    if (reads >= END_READS_PER_CYCLE || local().stopping) break;
    const w = local().watched.get(id);
    if (!w || now - w.endReadAt < WATCH_MS) continue;
    w.endReadAt = now;
    reads++;
    try {
      await liveRead(id, `sweep-end-${local().instance.slice(0, 8)}`, "refresh");
    } catch (error) {
      if (isApiError(error) || isPartnerError(error)) {
        if (isPartnerError(error) && error.code === "swap_not_found") local().watched.delete(id);
        if (isApiError(error)) break;
        continue;
      }
      throw error;
    }
  }
  return reads;
}

async function releaseLease() {
  const s = store();
  // Only our own lease: another instance may hold it after ours expired.
  if ((await s.get(LEASE_KEY).catch(() => null)) === local().instance) await s.delete(LEASE_KEY).catch(() => {});
}

/** Stops the sweep: no new cycle, the running one ends after its current call, the lease is released. */
export async function stopSweep(): Promise<void> {
  local().stopping = true;
  if (local().timer) clearTimeout(local().timer);
  local().timer = undefined;
  // The running cycle stops after its current call; a call waiting for budget is not waited out.
  const running = local().sweeping;
  if (running) await within(running, 3_000);
  await releaseLease();
}

onShutdown("status-sweep", stopSweep);
