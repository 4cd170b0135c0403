// How the sweep learns when the upstream's list is synced (lib/bff/list-sync.ts), against a
// simulated list whose stored state is brought up to date at known instants: the floor it dates
// listed statuses by must never be later than the sync the listing really reflects (or a status
// would be shown as fresher than it is), and should be close to it once the phase is known.
import { describe, expect, it } from "vitest";
import { createSyncTracker, nextSync, observeListing, syncPhase, SYNC_PERIOD_MS, type SyncTracker } from "@/lib/bff/list-sync";

const T0 = Date.parse("2026-11-26T10:00:00.000Z");
const statuses = ["waiting_deposit", "deposit_detected", "processing", "completed"];

/**
 * Swaps whose live status steps every `stepMs` from their own start; the list shows each as of
 * its last sync: `syncOf(id, t)` is the instant of the sync of swap `id` at or before t.
 */
function simulatedList(count: number, syncOf: (id: string, t: number) => number, stepMs = 50_000) {
  const swaps = Array.from({ length: count }, (_, i) => ({ id: `SWAP${String(i).padStart(8, "0")}`, start: T0 + i * 7_919 }));
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

const globalSyncAt = (offsetMs: number) => (_id: string, t: number) => t - ((((t - offsetMs) % SYNC_PERIOD_MS) + SYNC_PERIOD_MS) % SYNC_PERIOD_MS);

/** Lists every `everyMs` (each page taking 40 ms) from T0 to T0 + `minutes`; returns each page's floor and the earliest sync its items reflect. */
function sweepFor(tracker: SyncTracker, list: ReturnType<typeof simulatedList>, minutes: number, everyMs: number, explained = () => false) {
  const pages: Array<{ at: number; floor: number | null; syncedAt: number }> = [];
  for (let t = T0; t < T0 + minutes * 60_000; t += everyMs) {
    const listed = list.list(t);
    const floor = observeListing(tracker, { items: listed.map((l) => l.item), startedAt: t, endedAt: t + 40 }, explained);
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
