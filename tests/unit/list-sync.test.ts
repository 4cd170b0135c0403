// How the sweep learns when the upstream's list is synced (lib/bff/status/list-sync.ts), against a
// simulated list whose stored state is brought up to date at known instants: the floor it dates
// listed statuses by must never be later than the sync the listing really reflects (or a status
// would be shown as fresher than it is), and should be close to it once the phase is known.
import { describe, expect, it } from "vitest";
import {
  createSyncTracker,
  nextBurst,
  nextSync,
  observeListing,
  syncPhase,
  SYNC_PERIOD_MS,
  type SyncTracker,
} from "@/lib/bff/status/list-sync";

const T0 = Date.parse("2026-11-26T10:00:00.000Z");
const statuses = ["waiting_deposit", "deposit_detected", "processing", "completed"];

/**
 * Swaps whose live status steps every `stepMs` from their own start; the list shows each as of
 * its last sync: `syncOf(id, t)` is the instant of the sync of swap `id` at or before t.
 */
function simulatedList(count: number, syncOf: (id: string, t: number) => number, stepMs = 50_000) {
  const swaps = Array.from({ length: count }, (_, i) => ({
    id: `SWAP${String(i).padStart(8, "0")}`,
    start: T0 + i * 7_919,
  }));
  const liveAt = (swap: (typeof swaps)[number], t: number) => {
    const step = Math.max(0, Math.min(statuses.length - 1, Math.floor((t - swap.start) / stepMs) + 1));
    const updatedAt = step === 0 ? T0 - 60_000 : swap.start + (step - 1) * stepMs;
    return { status: statuses[step]!, updatedAt };
  };
  return {
    /** The list as read at t, and the instant of the sync each item reflects. */
    list(t: number) {
      return swaps.map((swap) => {
        const syncedAt = syncOf(swap.id, t);
        const { status, updatedAt } = liveAt(swap, syncedAt);
        return { item: { id: swap.id, status, updatedAt: new Date(updatedAt).toISOString() }, syncedAt };
      });
    },
  };
}

const globalSyncAt = (offsetMs: number) => (_id: string, t: number) =>
  t - ((((t - offsetMs) % SYNC_PERIOD_MS) + SYNC_PERIOD_MS) % SYNC_PERIOD_MS);

/** Lists every `everyMs` (each page taking 40 ms) from T0 to T0 + `minutes`; returns each page's floor and the earliest sync its items reflect. */
function sweepFor(
  tracker: SyncTracker,
  list: ReturnType<typeof simulatedList>,
  minutes: number,
  everyMs: number,
  explained = () => false,
) {
  const pages: Array<{ at: number; floor: number | null; syncedAt: number }> = [];
  for (let t = T0; t < T0 + minutes * 60_000; t += everyMs) {
    const listed = list.list(t);
    const floor = observeListing(
      tracker,
      { items: listed.map((l) => l.item), startedAt: t, endedAt: t + 40 },
      explained,
    );
    pages.push({ at: t, floor, syncedAt: Math.min(...listed.map((l) => l.syncedAt)) });
  }
  return pages;
}

describe("learning when the list is synced", () => {
  it("dates by nothing but the spec's minute until syncs have been seen to keep a phase over two minutes", () => {
    const tracker = createSyncTracker();
    const pages = sweepFor(tracker, simulatedList(40, globalSyncAt(0)), 1.5, 5_000);
    expect(pages.every((p) => p.floor === null)).toBe(true);
    expect(syncPhase(tracker, T0 + 90_000)).toBeNull();
  });

  it("then dates each listing from the last sync it saw, never later than the sync the listing reflects", () => {
    const tracker = createSyncTracker();
    // Syncs at 17.3 s past each minute; a listing every 4.7 s drifts across it, narrowing the phase.
    const pages = sweepFor(tracker, simulatedList(40, globalSyncAt(17_300)), 8, 4_700);
    const dated = pages.filter((p) => p.floor !== null);
    expect(dated.length).toBeGreaterThan(pages.length / 2);
    for (const p of dated) expect(p.floor!).toBeLessThanOrEqual(p.syncedAt);
    // Close: within one listing interval of the sync behind it.
    for (const p of dated) expect(p.syncedAt - p.floor!).toBeLessThan(4_800);
    const phase = syncPhase(tracker, T0 + 8 * 60_000)!;
    expect(phase).not.toBeNull();
    expect(phase.from % SYNC_PERIOD_MS).toBeLessThan(17_300);
    expect(phase.to % SYNC_PERIOD_MS).toBeGreaterThanOrEqual(17_300);
    expect(phase.to - phase.from).toBeLessThan(4_700);
  });

  it("finds a phase that wraps the minute (syncs on the minute, like the sandbox's)", () => {
    const tracker = createSyncTracker();
    const pages = sweepFor(tracker, simulatedList(40, globalSyncAt(0)), 6, 4_700);
    const phase = syncPhase(tracker, T0 + 6 * 60_000)!;
    expect(phase).not.toBeNull();
    const sync = nextSync(phase, T0 + 6 * 60_000 + 1_000);
    expect(sync.from).toBeLessThan(T0 + 7 * 60_000);
    expect(sync.to).toBeGreaterThanOrEqual(T0 + 7 * 60_000);
    for (const p of pages) if (p.floor !== null) expect(p.floor).toBeLessThanOrEqual(p.syncedAt);
  });

  it("never dates by a phase when each swap is synced at its own moment of the minute", () => {
    const tracker = createSyncTracker();
    const offsetOf = (id: string) => (Number(id.slice(4)) * 13_337) % SYNC_PERIOD_MS;
    const pages = sweepFor(
      tracker,
      simulatedList(40, (id, t) => globalSyncAt(offsetOf(id))(id, t)),
      10,
      4_700,
    );
    expect(pages.filter((p) => p.floor !== null)).toEqual([]);
  });

  it("does not take a change that a live read of ours explains for a sync", () => {
    const tracker = createSyncTracker();
    const pages = sweepFor(tracker, simulatedList(40, globalSyncAt(0)), 6, 4_700, () => true);
    expect(pages.filter((p) => p.floor !== null)).toEqual([]);
    expect(tracker.windows).toEqual([]);
  });

  it("learns from a change's own time too: listed only every half minute, a change made just before a sync dates it", () => {
    const tracker = createSyncTracker();
    const pages = sweepFor(tracker, simulatedList(40, globalSyncAt(0)), 10, 30_000);
    const dated = pages.filter((p) => p.floor !== null);
    expect(dated.length).toBeGreaterThan(0);
    for (const p of dated) expect(p.floor!).toBeLessThanOrEqual(p.syncedAt);
  });
});

describe("timing the sweep's bursts around the syncs", () => {
  // Syncs at 17.3 s past each minute, learned over eight minutes of listings every 4.7 s (the last at 10:07:59.x).
  const learned = () => {
    const tracker = createSyncTracker();
    sweepFor(tracker, simulatedList(40, globalSyncAt(17_300)), 8, 4_700);
    return tracker;
  };
  const burstMs = 300;
  const at = (s: number) => T0 + 8 * 60_000 + s * 1_000; // seconds past 10:08

  it("lists nothing between syncs: the next burst ends just before the next one, the one after starts just after it, then none until the next minute's", () => {
    const tracker = learned();
    const phase = syncPhase(tracker, at(1))!;
    const sync = nextSync(phase, at(1));
    expect(sync.from).toBeLessThan(at(17.3));
    expect(sync.to).toBeGreaterThanOrEqual(at(17.3));
    expect(sync.to - sync.from).toBeLessThan(800); // narrowed by eight minutes of listings: no burst in its middle
    const first = nextBurst(tracker, { now: at(1), cycleStartedAt: at(0.5), burstMs, lastSlot: 0 })!;
    expect(at(1) + first.delay).toBe(sync.from - burstMs - 250);
    const now = sync.from - 200;
    const second = nextBurst(tracker, { now, cycleStartedAt: first.slot!, burstMs, lastSlot: first.slot! })!;
    expect(now + second.delay).toBe(sync.to + 250);
    const later = sync.to + 600;
    const third = nextBurst(tracker, { now: later, cycleStartedAt: second.slot!, burstMs, lastSlot: second.slot! })!;
    expect(later + third.delay).toBe(sync.from + SYNC_PERIOD_MS - burstMs - 250);
  });

  it("lists in the middle of a phase wider than 0.8 s, whose side of it the sync falls on halves it", () => {
    const tracker = createSyncTracker();
    // Syncs seen three minutes running, each between 59 s and 61 s past the minute.
    for (const m of [1, 2, 3]) {
      tracker.windows.push({ from: T0 + m * 60_000 - 1_000, to: T0 + m * 60_000 + 1_000 });
      tracker.floors.push({ floor: T0 + m * 60_000 - 1_000, knownAt: T0 + m * 60_000 + 1_000 });
    }
    const now = T0 + 3 * 60_000 + 30_000;
    const pre = nextBurst(tracker, { now, cycleStartedAt: now - 1_000, burstMs, lastSlot: 0 })!;
    expect(pre.slot).toBe(T0 + 4 * 60_000 - 1_000 - burstMs - 250);
    const middle = nextBurst(tracker, {
      now: pre.slot! + burstMs,
      cycleStartedAt: pre.slot!,
      burstMs,
      lastSlot: pre.slot!,
    })!;
    expect(middle.slot).toBe(T0 + 4 * 60_000 - burstMs / 2);
  });

  it("follows a cycle that saw a sync at once, so that its pages read before the sync showed are dated from it", () => {
    const tracker = learned();
    const seenAt = Math.max(...tracker.floors.map((f) => f.knownAt));
    expect(nextBurst(tracker, { now: seenAt + 50, cycleStartedAt: seenAt - 500, burstMs, lastSlot: 0 })).toEqual({
      delay: 0,
      slot: null,
    });
  });

  it("still takes a slot the burst before it ran past, but only once", () => {
    const tracker = learned();
    const sync = nextSync(syncPhase(tracker, at(1))!, at(1));
    const pre = sync.from - burstMs - 250;
    expect(nextBurst(tracker, { now: pre + 1_000, cycleStartedAt: pre - 5_000, burstMs, lastSlot: 0 })).toEqual({
      delay: 0,
      slot: pre,
    });
    expect(
      nextBurst(tracker, { now: pre + 1_000, cycleStartedAt: pre - 5_000, burstMs, lastSlot: pre })!.slot,
    ).toBeGreaterThan(pre);
  });

  it("goes back to the usual pace when a sync the phase foretold was not seen, and has no bursts without a phase", () => {
    const tracker = learned();
    // Nothing listed since 10:08: the sync at 10:08:17.3 went unseen.
    expect(nextBurst(tracker, { now: at(40), cycleStartedAt: at(39), burstMs, lastSlot: 0 })).toBeNull();
    expect(nextBurst(createSyncTracker(), { now: at(1), cycleStartedAt: at(0), burstMs, lastSlot: 0 })).toBeNull();
  });
});
