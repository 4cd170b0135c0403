// When the upstream's list was last brought up to date, learned from what the sweep sees.
//
// The spec: list statuses come from the service's stored state, "synchronized roughly every
// minute". Not knowing when, a listed status can only be dated a minute before the list call, so
// every status the sweep carries is over a minute old. But the sweep can watch the sync happen:
// a swap whose listed status changed between two listings, with no live read of ours in between
// to explain it, was brought up to date by a sync in between. The sync is one pass over the stored
// state, so every swap listed after it is at least as fresh as the listing before it: that earlier
// listing's start is a floor for the date of everything listed later.
//
// A floor is used only when the syncs are seen to keep a phase: most of the recent windows in
// which a sync was seen must share an instant of the minute, over at least two minutes. A service
// that brings swaps up to date one by one at any moment, or a live read by someone else, gives
// windows that share nothing, and listed statuses are then dated a minute back, as before.
//
// Knowing the phase, the sweep lists just before and just after each sync (and once in the
// middle while the phase is still wide), instead of every few seconds: fewer calls, each listing
// as fresh as the list can be, and narrow windows that date the next sync closely.

/** The spec's "roughly every minute", taken as a period; a service that drifts loses the phase. */
export const SYNC_PERIOD_MS = 60_000;
/** Windows wider than this say too little of the phase to learn from (a sweep that lists each swap twice a minute). */
const MAX_LEARNING_WINDOW_MS = 15_000;
/** Windows remembered, and for how long. */
const MAX_WINDOWS = 24;
const WINDOW_MEMORY_MS = 15 * 60_000;
/** A phase needs this many windows, over at least two syncs, and this share of the recent ones. */
const MIN_AGREEING = 3;
const AGREEING_SHARE = 0.8;
/** Swaps remembered from past listings, and for how long. */
const SEEN_MEMORY_MS = 5 * 60_000;
const MAX_SEEN = 50_000;

/** A sync happened after `from` and no later than `to` (ms). */
export type SyncWindow = { from: number; to: number };
/** The phase of the syncs in the minute: they happen in (from, to] (ms, mod the period; `to` may pass the period). */
export type SyncPhase = { from: number; to: number; windows: number };

type Listed = { status: string; updatedAt: number; startedAt: number };

export type SyncTracker = {
  seen: Map<string, Listed>;
  windows: SyncWindow[];
  /** Accepted syncs: each listing that started at or after `knownAt` reflects the stored state as of `floor` or later. */
  floors: Array<{ floor: number; knownAt: number }>;
  prunedAt: number;
};

export const createSyncTracker = (): SyncTracker => ({ seen: new Map(), windows: [], floors: [], prunedAt: 0 });

const mod = (x: number) => ((x % SYNC_PERIOD_MS) + SYNC_PERIOD_MS) % SYNC_PERIOD_MS;

/**
 * The instant of the minute that most recent windows contain, with the span every one of those
 * windows allows, or null while the windows agree on none (too few, too wide, or scattered).
 */
export function syncPhase(tracker: SyncTracker, now: number): SyncPhase | null {
  const windows = tracker.windows.filter(
    (w) => now - w.to <= WINDOW_MEMORY_MS && w.to - w.from <= MAX_LEARNING_WINDOW_MS,
  );
  if (windows.length < MIN_AGREEING) return null;
  // For windows open on the left, the most windows overlap at some window's right end.
  let best: { at: number; agreeing: SyncWindow[] } | null = null;
  for (const candidate of windows) {
    const at = mod(candidate.to);
    const agreeing = windows.filter((w) => {
      const into = mod(at - w.from);
      return into > 0 && into <= w.to - w.from;
    });
    if (!best || agreeing.length > best.agreeing.length) best = { at, agreeing };
  }
  if (!best || best.agreeing.length < MIN_AGREEING || best.agreeing.length < AGREEING_SHARE * windows.length)
    return null;
  if (new Set(best.agreeing.map((w) => Math.floor(w.to / SYNC_PERIOD_MS))).size < 2) return null;
  // Around that instant, what all agreeing windows allow: relative offsets (from, to] with from < 0 ≤ to.
  let from = -Infinity;
  let to = Infinity;
  for (const w of best.agreeing) {
    const start = -mod(best.at - w.from);
    from = Math.max(from, start);
    to = Math.min(to, start + (w.to - w.from));
  }
  return { from: best.at + from, to: best.at + to, windows: best.agreeing.length };
}

/** The sync the phase predicts next, as absolute (from, to], the first whose end is not before `now`. */
export function nextSync(phase: SyncPhase, now: number): SyncWindow {
  const base = now - mod(now);
  let from = base + phase.from - SYNC_PERIOD_MS;
  while (from + (phase.to - phase.from) < now) from += SYNC_PERIOD_MS;
  return { from, to: from + (phase.to - phase.from) };
}

/**
 * One page of the list, read from `startedAt` to `endedAt`. `explained(id, since)` says whether a
 * live read of ours (or the swap's creation) since then accounts for a change of that swap.
 * Returns the floor for dating this page's items: a sync at or after that instant is reflected in
 * them (null: nothing known beyond the spec's minute).
 */
export function observeListing(
  tracker: SyncTracker,
  page: { items: Array<{ id: string; status: string; updatedAt: string }>; startedAt: number; endedAt: number },
  explained: (id: string, since: number) => boolean,
): number | null {
  // The sync that brought this page's changes lies after each changed swap's earlier listing and
  // its change; the windows of several changed swaps narrow it together.
  let revealed: SyncWindow | null = null;
  for (const item of page.items) {
    const updatedAt = Date.parse(item.updatedAt);
    const before = tracker.seen.get(item.id);
    tracker.seen.set(item.id, { status: item.status, updatedAt, startedAt: page.startedAt });
    if (!before || (before.status === item.status && !(updatedAt > before.updatedAt))) continue;
    if (explained(item.id, before.startedAt)) continue;
    const from = Math.max(before.startedAt, Number.isFinite(updatedAt) ? updatedAt : -Infinity);
    revealed = revealed ? { from: Math.max(revealed.from, from), to: page.endedAt } : { from, to: page.endedAt };
  }
  prune(tracker, page.endedAt);
  if (revealed && revealed.from < revealed.to) {
    tracker.windows.push(revealed);
    if (tracker.windows.length > MAX_WINDOWS) tracker.windows.shift();
    const phase = syncPhase(tracker, page.endedAt);
    // Accepted only when it is one of the syncs the phase describes.
    if (phase && overlapsPhase(revealed, phase)) {
      tracker.floors.push({ floor: revealed.from, knownAt: page.endedAt });
      if (tracker.floors.length > 8) tracker.floors.shift();
      return Math.max(revealed.from, floorFor(tracker, page.startedAt) ?? -Infinity);
    }
  }
  return floorFor(tracker, page.startedAt);
}

function overlapsPhase(w: SyncWindow, phase: SyncPhase): boolean {
  const width = phase.to - phase.from;
  // The phase's occurrences around the window, in absolute time: the last to begin by its end, and its neighbours.
  const last = w.to - mod(w.to - phase.from);
  return [last - SYNC_PERIOD_MS, last, last + SYNC_PERIOD_MS].some((from) => from < w.to && from + width > w.from);
}

/** The latest accepted sync known before a listing that started at `startedAt`. */
function floorFor(tracker: SyncTracker, startedAt: number): number | null {
  let floor: number | null = null;
  for (const f of tracker.floors) if (f.knownAt <= startedAt && (floor === null || f.floor > floor)) floor = f.floor;
  return floor;
}

function prune(tracker: SyncTracker, now: number) {
  if (tracker.seen.size <= MAX_SEEN && now - tracker.prunedAt < SEEN_MEMORY_MS) return;
  tracker.prunedAt = now;
  for (const [id, l] of tracker.seen) if (now - l.startedAt > SEEN_MEMORY_MS) tracker.seen.delete(id);
  if (tracker.seen.size > MAX_SEEN) tracker.seen.clear();
}

/** How far before a sync a burst ends, and after it a burst starts. */
const ALIGN_MARGIN_MS = 250;
/** Below this width the phase is narrow enough: no burst in its middle to narrow it further. */
const PROBE_MIN_WIDTH_MS = 800;
/** A slot this late is still taken; a sync this long past its bursts should have been seen. */
const AFTER_SYNC_GRACE_MS = 3_000;

/**
 * When the sweep's next burst should start, for a sweep that reads all it needs in `burstMs`: one
 * that ends just before the next sync, one in its middle while the phase is wider than 0.8 s (which
 * side of it the sync fell on halves the phase), and one just after it. The list changes only at
 * its syncs (and at live reads, which the snapshots hold already), so listing in between would buy
 * nothing. A sync is seen on whichever page holds a swap it changed; when the cycle that just ended
 * (started at `cycleStartedAt`) saw one, its pages read before that page cannot be dated from it,
 * so the next starts at once instead of a minute later. `slot` is the slot taken (pass it back as
 * `lastSlot`: a slot just missed, because the burst before it ran long, is still taken, but once).
 * Null: no phase, or the last sync it foretold was not seen (nothing would date the next minute's
 * listings but the spec's minute, and they would wait a minute): list at the usual pace.
 */
export function nextBurst(
  tracker: SyncTracker,
  at: { now: number; cycleStartedAt: number; burstMs: number; lastSlot: number },
): { delay: number; slot: number | null } | null {
  const { now, burstMs: burst } = at;
  const phase = syncPhase(tracker, now);
  if (!phase) return null;
  const width = phase.to - phase.from;
  const slots: number[] = [];
  let lastDue = -Infinity;
  // The phase's occurrences from the last minute's to the next one's.
  for (let k = -1; k <= 1; k++) {
    const from = now - mod(now) + phase.from + k * SYNC_PERIOD_MS;
    const after = from + width + ALIGN_MARGIN_MS;
    slots.push(from - burst - ALIGN_MARGIN_MS);
    if (width > PROBE_MIN_WIDTH_MS) slots.push(from + width / 2 - burst / 2);
    slots.push(after);
    if (after + burst + AFTER_SYNC_GRACE_MS < now) lastDue = from;
  }
  if (!tracker.floors.some((f) => f.knownAt > lastDue)) return null;
  if (tracker.floors.some((f) => f.knownAt > at.cycleStartedAt)) return { delay: 0, slot: null };
  const next = slots.filter((t) => t > at.lastSlot && t >= now - AFTER_SYNC_GRACE_MS).sort((a, b) => a - b)[0];
  return next === undefined ? null : { delay: Math.max(0, next - now), slot: next };
}
