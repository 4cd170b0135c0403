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
//
// The parts, in this folder: read.ts (this file: a poll's answer and the pacing of live reads),
// snapshots.ts (the shared cache and the live read that fills it), state.ts (what this process
// knows between requests), watchers.ts (what the browsers of every instance watch), sweep.ts (the
// sweep), list-sync.ts (when the upstream's list is synced).
import "server-only";
import { isTerminalStatus, type SwapStatus } from "@/lib/schema/partner";
import { isPartnerError } from "@/lib/partner/errors";
import { within } from "@/lib/timing";
import { log } from "@/lib/observability/log";
import { ApiError, isApiError, retryAfterHeader } from "@/lib/bff/http/errors";
import { budgetUsage, effectiveLimit } from "@/lib/bff/upstream/budget";
import { isSwapAccessToken, swapTokenOpens } from "@/lib/bff/tokens";
import { liveRead, readSnapshot, type Snapshot } from "./snapshots";
import { liveTimes, local, MIN_LIVE_GAP_MS, MIN_URGENT_GAP_MS, noteKnown, type Pacing } from "./state";
import { scheduleSweep } from "./sweep";
import { PUBLISH_EVERY_MS, publishWatched } from "./watchers";

/** How long a poll with a snapshot at hand waits for its live read before answering with the snapshot. */
const LIVE_WAIT_WITH_SNAPSHOT_MS = 3_000;
/** Past this gap a live read is not worth planning: the sweep carries the swap. */
const MAX_LIVE_GAP_MS = 10 * 60_000;
/** Live single reads may plan on this share of the key's budget (the status class's ceiling). */
const LIVE_SHARE = 0.8;
/** Swaps a person waits on (a deposit in flight) always get at least this share for live reads. */
const URGENT_SHARE = 0.15;
/** A swap polled within this long counts as watched (browsers poll every 30 s). */
const WATCHED_MS = 2 * 60_000;
/** More unknown swaps than this at once (a restart): they wait for the sweep, not live reads. */
const UNKNOWN_LIVE_MAX = 10;
const urgent: ReadonlySet<SwapStatus> = new Set(["deposit_detected", "underpaid", "processing"]);

/**
 * How old a snapshot may be before a poll reads it live: the key's headroom shared among the
 * watched swaps. With W swaps in flight and A live reads a minute to spare, each swap can be read
 * live every 60·W/A seconds: every poll on an idle key, every other poll when half the polls fit,
 * never when the sweep needs the budget (the budget class is the hard stop either way).
 */
async function livePacing(now = Date.now()): Promise<Pacing> {
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

function liveReadsInWindow(now: number) {
  const times = liveTimes();
  while (times.length && now - times[0]! > 61_000) times.shift();
  return times.length;
}

/**
 * The swap for the holder of its access token, as fresh as the budget allows. A missing or wrong
 * token is `swap_not_found`, exactly like a swap that does not exist; so is a token of a swap that
 * ended more than 30 days ago (lib/bff/tokens.ts).
 */
export async function readSwap(
  id: string,
  token: string | null,
  requestId: string,
  clientId?: string,
): Promise<Snapshot> {
  if (!isSwapAccessToken(id, token)) throw new ApiError("swap_not_found");
  const snapshot = await readSwapForHolder(id, requestId, clientId);
  if (!swapTokenOpens(snapshot.swap)) throw new ApiError("swap_not_found");
  return snapshot;
}

async function readSwapForHolder(id: string, requestId: string, clientId?: string): Promise<Snapshot> {
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
    throw new ApiError(
      "rate_limited",
      "This swap's status is being fetched; try again shortly.",
      { budget: "status" },
      retryAfterHeader(10),
    );
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
      log().warn(
        { requestId, swapId: id },
        `[status] upstream says swap ${id} does not exist; serving what it said before`,
      );
      return cached;
    }
    throw error;
  }
}

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
