// Swap status that costs little and is as fresh as the key's budget allows. Every answer comes
// from one shared cache of snapshots, refreshed three ways:
// (1) a sweep lists, through GET /swap 100 a page, only the swaps that can still change and that
//     somebody watches, so thousands of watched swaps cost a few calls a minute; what it lists is
//     dated from the list's last sync when the sweep has seen it happen (lib/bff/status/list-sync.ts),
//     else a minute back, and it lists around those syncs once it knows when they come;
// (2) live GET /swap/{id} reads, paced by the budget's headroom: on an idle key every poll of a
//     swap in flight reads live; as the key fills, each swap is read live less often, down to
//     none, and the sweep carries the load;
// (3) swap creation and the sandbox's deposit write what they return.
// Terminal swaps never cost anything again. Concurrent reads of one swap share one upstream call.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { onShutdown } from "@/lib/shutdown";
import { randomUUID } from "node:crypto";
import { isTerminalStatus, swapStatuses, type Swap, type SwapListItem, type SwapStatus } from "@/lib/schema/partner";
import { isPartnerError } from "@/lib/partner/errors";
import { ApiError, forLog, isApiError, retryAfterHeader } from "./http/errors";
import { budgetUsage, effectiveLimit } from "./upstream/budget";
import { partner } from "./upstream/partner";
import { store } from "./upstream/shared-store";
import type { KeyValueStore } from "@/lib/store/types";
import type { DepositAsset } from "@/lib/schema/bff";
import { isSwapAccessToken } from "./tokens";
import { ledgerSweepPage, ledgerSwapRead } from "@/lib/bff/ledger";
import { cursorQuery, firstPage, nextCursor, type Cursor } from "@/lib/ledger/cursor";
import { sleep, within } from "@/lib/timing";
import { createSyncTracker, nextBurst, observeListing, syncPhase, SYNC_PERIOD_MS, type SyncTracker } from "./status/list-sync";

export type Snapshot = { swap: Swap; /** ms: the upstream state this reflects */ asOf: number; source: "live" | "list" | "create" };

const SNAPSHOT_TTL_MS = 6 * 60 * 60 * 1000;
/** The spec: list statuses come from stored state synchronised roughly every minute. */
const LIST_STALENESS_MS = 60_000;
/** Never read one swap live more often than this (many tabs, one swap). */
const MIN_LIVE_GAP_MS = 10_000;
/** How long a poll with a snapshot at hand waits for its live read before answering with the snapshot. */
const LIVE_WAIT_WITH_SNAPSHOT_MS = 3_000;
const MIN_URGENT_GAP_MS = 5_000;
/** Past this gap a live read is not worth planning: the sweep carries the swap. */
const MAX_LIVE_GAP_MS = 10 * 60_000;
/** Live single reads may plan on this share of the key's budget (the status class's ceiling). */
const LIVE_SHARE = 0.8;
/** Swaps a person waits on (a deposit in flight) always get at least this share for live reads. */
const URGENT_SHARE = 0.15;
/** A swap polled within this long counts as watched (browsers poll every 30 s). */
const WATCHED_MS = 2 * 60_000;
/** A swap watched by nobody for this long leaves the sweep's concern; the sweep stops when none is. */
const WATCH_MS = 5 * 60_000;
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
/** More unknown swaps than this at once (a restart): they wait for the sweep, not live reads. */
const UNKNOWN_LIVE_MAX = 10;

/** The statuses that can still change: what the sweep lists. */
export const openStatuses: readonly SwapStatus[] = swapStatuses.filter((s) => !isTerminalStatus(s));
const urgent: ReadonlySet<SwapStatus> = new Set(["deposit_detected", "underpaid", "processing"]);

const snapshotKey = (id: string) => `swap:snapshot:${id}`;
const LEASE_KEY = "status:sweep-lease";
const CURSOR_KEY = "status:sweep-cursor";

// Parsed snapshots and their swap's JSON, per process, reused while the stored text is the same:
// a cached status read then costs one store read and no JSON work.
const parsedCache = () => processSingleton("swap-status-parsed", () => new Map<string, { raw: string; snapshot: Snapshot; body: string }>());

export async function readSnapshot(id: string): Promise<Snapshot | null> {
  const raw = await store().get(snapshotKey(id));
  if (!raw) return null;
  const parsed = parsedCache();
  const hit = parsed.get(id);
  if (hit?.raw === raw) return hit.snapshot;
  const snapshot = JSON.parse(raw) as Snapshot;
  if (parsed.size >= 20_000) parsed.clear();
  parsed.set(id, { raw, snapshot, body: JSON.stringify(snapshot.swap) });
  return snapshot;
}

/** The swap of a snapshot as response text, with its deposit asset (lib/bff/deposit-asset.ts). */
export function swapJson(snapshot: Snapshot, depositAsset: DepositAsset | null): string {
  const hit = parsedCache().get(snapshot.swap.id);
  const body = hit?.snapshot === snapshot ? hit.body : JSON.stringify(snapshot.swap);
  // The swap's JSON is an object: the field goes in before its closing brace, with no reparse.
  return `${body.slice(0, -1)},"depositAsset":${JSON.stringify(depositAsset)}}`;
}

/** Stores a snapshot unless a fresher one is already there. */
export async function writeSnapshot(snapshot: Snapshot): Promise<void> {
  const current = await readSnapshot(snapshot.swap.id);
  if (current && current.asOf > snapshot.asOf) return;
  await store().set(snapshotKey(snapshot.swap.id), JSON.stringify(snapshot), SNAPSHOT_TTL_MS);
  noteKnown(snapshot.swap);
}

// ---- per-process state -------------------------------------------------------------------------

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
type Pacing = { at: number; gap: number; urgentGap: number; /** watched swaps with no snapshot here yet */ unknown: number };
// Looked up on every use, so a test's resetProcessSingleton starts afresh.
const local = () =>
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

function noteKnown(swap: Pick<Swap, "id" | "createdAt" | "status">) {
  const w = local().watched.get(swap.id);
  if (!w) return;
  w.createdAt = Date.parse(swap.createdAt);
  w.status = swap.status;
}

/** A live read of one swap; `onBehalfOf` is the client whose poll asked for it (its budget share pays). */
function liveRead(id: string, requestId: string, priority: "refresh" | "status" | "urgent", onBehalfOf?: string): Promise<Snapshot> {
  let pending = local().inflight.get(id);
  if (!pending) {
    liveTimes().push(Date.now());
    pending = partner()
      .getSwap(id, { requestId, priority, onBehalfOf })
      .then(async (swap) => {
        const snapshot: Snapshot = { swap, asOf: Date.now(), source: "live" };
        await writeSnapshot(snapshot);
        // The ledger (and its webhooks) learns what every live read saw; it never delays the answer.
        void ledgerSwapRead(swap);
        return snapshot;
      })
      .finally(() => local().inflight.delete(id));
    local().inflight.set(id, pending);
  }
  return pending;
}

// ---- freshness policy --------------------------------------------------------------------------

/**
 * How old a snapshot may be before a poll reads it live: the key's headroom shared among the
 * watched swaps. With W swaps in flight and A live reads a minute to spare, each swap can be read
 * live every 60·W/A seconds: every poll on an idle key, every other poll when half the polls fit,
 * never when the sweep needs the budget (the budget class is the hard stop either way).
 */
export async function livePacing(now = Date.now()): Promise<Pacing> {
  const l = local();
  if (now - l.pacing.at < 1_000) return l.pacing;
  // One computation at a time: thousands of polls a second share it.
  l.pacingPending ??= computePacing(now).finally(() => (l.pacingPending = null));
  return l.pacingPending;
}

async function computePacing(now: number): Promise<Pacing> {
  const { limit } = await effectiveLimit();
  const used = await budgetUsage();
  const l = local();
  l.pageTimes = l.pageTimes.filter((t) => now - t < 60_000);
  let open = 0;
  let inFlight = 0;
  let unknown = 0;
  for (const w of l.watched.values()) {
    if (w.createdAt === null) unknown++;
    if (now - w.polledAt > WATCHED_MS || (w.status && isTerminalStatus(w.status))) continue;
    open++;
    if (w.status && urgent.has(w.status)) inFlight++;
  }
  // Budget the sweep and everyone else (quotes, creations) are using now stays theirs.
  const others = Math.max(l.pageTimes.length, used - liveReadsInWindow(now));
  local().lastLimit = limit;
  const spare = Math.max(0, limit * LIVE_SHARE - others);
  const gapFor = (count: number, perMinute: number, min: number) => {
    if (count === 0) return min;
    if (perMinute <= 0) return Infinity;
    const gap = (60_000 * count) / perMinute;
    return gap > MAX_LIVE_GAP_MS ? Infinity : Math.max(min, gap);
  };
  l.pacing = {
    at: now,
    gap: gapFor(open, spare, MIN_LIVE_GAP_MS),
    urgentGap: gapFor(inFlight, Math.max(spare, limit * URGENT_SHARE), MIN_URGENT_GAP_MS),
    unknown,
  };
  return l.pacing;
}

// Live reads this process made in the budget's window, to tell them from the rest of its usage.
const liveTimes = () => processSingleton("swap-status-live-times", () => [] as number[]);
function liveReadsInWindow(now: number) {
  const times = liveTimes();
  while (times.length && now - times[0]! > 61_000) times.shift();
  return times.length;
}

/**
 * The swap for the holder of its access token, as fresh as the budget allows. A missing or wrong
 * token is `swap_not_found`, exactly like a swap that does not exist.
 */
export async function readSwap(id: string, token: string | null, requestId: string, clientId?: string): Promise<Snapshot> {
  if (!isSwapAccessToken(id, token)) throw new ApiError("swap_not_found");
  const cached = await readSnapshot(id);
  noteWatched(id, cached);
  if (cached && isTerminalStatus(cached.swap.status)) return cached;
  const now = Date.now();
  const pacing = await livePacing(now);
  // A person is likely watching: a deposit in flight, or a deadline that just passed.
  const overdue = cached?.swap.status === "waiting_deposit" && Date.parse(cached.swap.deposit.deadline) <= now;
  const important = overdue || (cached !== null && urgent.has(cached.swap.status));
  const gap = important ? pacing.urgentGap : pacing.gap;
  if (cached && now - cached.asOf < gap) return cached;
  if (!cached && (gap === Infinity || pacing.unknown > UNKNOWN_LIVE_MAX)) {
    // Unknown here, and no budget to spare, or many unknown at once (a restart): the sweep (already
    // scheduled) finds them 100 a call. Answer at once rather than queue behind it.
    throw new ApiError("rate_limited", "This swap's status is being fetched; try again shortly.", { budget: "status" }, retryAfterHeader(10));
  }
  const read = liveRead(id, requestId, important ? "urgent" : "status", clientId);
  try {
    if (!cached) return await read;
    // With an answer at hand, a poll does not wait on a slow upstream for as long as a call may
    // take: it gets the snapshot (dated as it is), and the read, still running, updates it for the
    // next poll.
    return (await within(read, LIVE_WAIT_WITH_SNAPSHOT_MS)) ?? cached;
  } catch (error) {
    // Out of budget or upstream trouble: an older answer beats none. So does an upstream that
    // says it has no such swap when we hold one it gave us (the token is ours, minted for a swap
    // it answered): a lapse of the upstream's, not news for a person who may have sent money.
    if (cached && (isApiError(error) || (isPartnerError(error) && error.retryable))) return cached;
    if (cached && isPartnerError(error) && error.code === "swap_not_found") {
      console.warn(`[status] ${requestId} upstream says swap ${id} does not exist; serving what it said before`);
      return cached;
    }
    throw error;
  }
}

// ---- the sweep ---------------------------------------------------------------------------------

function noteWatched(id: string, snapshot: Snapshot | null) {
  const now = Date.now();
  const w = local().watched.get(id);
  if (w) w.polledAt = now;
  else {
    local().watched.set(id, { polledAt: now, createdAt: null, status: null, endReadAt: 0 });
    // Counted at once, not at the next pacing: after a restart thousands arrive within a second.
    if (!snapshot) local().pacing.unknown++;
  }
  if (snapshot) noteKnown(snapshot.swap);
  // Once a second is plenty: this runs on every poll.
  if (now - local().watchedAt < 1_000) return;
  local().watchedAt = now;
  if (!local().timer && !local().sweeping && !local().stopping) scheduleSweep(1_000);
  if (now - local().publishedAt >= PUBLISH_EVERY_MS) {
    local().publishedAt = now;
    void publishWatched(now).catch(() => {});
  }
}

// ---- several instances: the sweeper learns what the others' browsers watch ----------------------

type PublishedWatch = [id: string, polledAt: number, createdAt: number | null, status: SwapStatus | null];
// A registry with one entry per instance (a sorted set by publish time), not one JSON value that
// each instance reads, changes and writes back: two instances publishing at once would drop one.
// (A new key: the JSON value under the old "status:watchers" is of another type.)
const WATCHERS_KEY = "status:watcher-instances";
const watchedKey = (instance: string) => `status:watched:${instance}`;
const PUBLISH_EVERY_MS = 10_000;
const PEER_TTL_MS = 60_000;

/** The registry of instances that publish what their browsers watch, in `s`. */
export const watcherRegistry = (s: KeyValueStore) => ({
  /** `instance` published at `now`: one atomic write of its own entry. */
  register: (instance: string, now: number) => s.markMember(WATCHERS_KEY, instance, now, 5 * 60_000),
  /** The instances that published within the last minute. */
  live: async (now: number) => (await s.membersSince(WATCHERS_KEY, now - PEER_TTL_MS)).map(([instance]) => instance),
});

/** Each instance publishes the swaps its browsers watch; only a shared store has peers to tell. */
async function publishWatched(now: number): Promise<void> {
  const s = store();
  if (s.kind === "memory") return;
  const { instance, watched } = local();
  const mine: PublishedWatch[] = [];
  for (const [id, w] of watched) if (now - w.polledAt <= WATCH_MS) mine.push([id, w.polledAt, w.createdAt, w.status]);
  await s.set(watchedKey(instance), JSON.stringify(mine), PEER_TTL_MS);
  await watcherRegistry(s).register(instance, now);
}

/** Merges the other instances' watched swaps into this one's view (as last polled there). */
async function adoptPeersWatched(now: number): Promise<void> {
  const s = store();
  if (s.kind === "memory") return;
  const live = await watcherRegistry(s)
    .live(now)
    .catch((): string[] => []);
  const peers = live.filter((instance) => instance !== local().instance);
  const lists = await s.getMany(peers.map(watchedKey)).catch(() => []);
  for (const list of lists) {
    if (!list) continue;
    for (const [id, polledAt, createdAt, status] of JSON.parse(list) as PublishedWatch[]) {
      const w = local().watched.get(id);
      if (!w) local().watched.set(id, { polledAt, createdAt, status, endReadAt: 0 });
      else {
        w.polledAt = Math.max(w.polledAt, polledAt);
        w.createdAt ??= createdAt;
        w.status ??= status;
      }
    }
  }
}

function forgetUnwatched(now: number) {
  for (const [id, w] of local().watched) if (now - w.polledAt > WATCH_MS || (w.status && isTerminalStatus(w.status))) local().watched.delete(id);
}

function scheduleSweep(delayMs: number) {
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

type SweepCursor = Cursor & { full: boolean; stoppedAt: number; /** Pages this cycle has read, across its resumptions. */ pages: number };

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
      .filter(([, w]) => w.createdAt !== null && w.createdAt >= createdFrom && !(w.status && isTerminalStatus(w.status)))
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
    if (!isApiError(error)) console.warn(`[status] sweep stopped early: ${forLog(error)}`);
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
export function listItemAsOf(item: Pick<SwapListItem, "updatedAt">, listedAt: number, syncFloor: number | null = null): number {
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
  const stored = new Map(items.map((item, index) => [item.id, existing[index] ? (JSON.parse(existing[index]!) as Snapshot) : null]));
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
    console.info(
      `[status] the list's syncs keep a phase: between ${at(phase.from)} and ${at(phase.to)} past the minute (${phase.windows} syncs seen); listed statuses are dated from the last one`,
    );
  } else
    console.info(
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
