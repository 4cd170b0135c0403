// The ledger's sync cases for one driver, fed by the sandbox: backfill, top-ups, sums, rows, sweeps, drift.
import { expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { webhookDeliveries } from "@/lib/ledger/schema";
import { openLedgerDb } from "@/lib/ledger/db";
import {
  ledgerPage,
  ledgerRewardsPending,
  ledgerRows,
  ledgerSummary,
  ledgerSwap,
  ledgerTotals,
  webhookLog,
} from "@/lib/ledger/queries";
import { recordSwaps } from "@/lib/ledger/record";
import { isLedgerTimeZone } from "@/lib/ledger/time-zones";
import {
  backfillStep,
  catchUpRewards,
  reconcile,
  relistRewardsStep,
  requestFullBackfill,
  startBackfillRound,
  sweepOpenSwaps,
  syncStatus,
} from "@/lib/ledger/sync";
import { insertSwaps, seededSwap } from "@/tests/support/ledger-seed";
import type { LedgerTest } from "../support/ledger-harness";

/** The sync's cases, in the describe block that calls this on its driver. */
export function ledgerSyncCases(t: LedgerTest) {
  it("backfills the whole history newest first, 100 a page, and resumes after a restart where it stopped", async () => {
    await t.seed({ count: 250, statuses: ["completed", "expired", "waiting_deposit"] });
    const first = await backfillStep(t.deps(), 1);
    expect(first).toMatchObject({ done: false, pages: 1, swaps: 100 });
    expect((await ledgerTotals(t.connection.db, {})).count).toBe(100);

    // A restart: the cursor lives in the database, not in the process.
    await t.connection.close();
    t.connection = await openLedgerDb(t.driver.target());
    t.upstreamCalls = [];
    const rest = await backfillStep(t.deps());
    expect(rest).toMatchObject({ done: true, pages: 3, swaps: 250 });
    expect(t.upstreamCalls).toHaveLength(2);
    expect(t.upstreamCalls[0]).toContain("createdTo=");
    expect((await ledgerTotals(t.connection.db, {})).count).toBe(250);
    // The same count per status as the upstream: nothing twice, nothing missed.
    expect((await reconcile(t.deps(), 0)).inSync).toBe(true);
  });

  it("tops up a finished backfill with only the swaps created since", async () => {
    await t.seed({ count: 120, statuses: ["completed"] });
    expect((await backfillStep(t.deps())).done).toBe(true);
    t.clock.advance(60_000);
    t.now += 60_000;
    const fresh = await t.newSwap("order-late");
    await startBackfillRound(t.deps());
    t.upstreamCalls = [];
    const round = await backfillStep(t.deps());
    expect(round).toMatchObject({ done: true, pages: 1 });
    expect(t.upstreamCalls).toHaveLength(1);
    expect(t.upstreamCalls[0]).toContain("createdFrom=");
    expect((await ledgerSwap(t.connection.db, fresh.id))?.swap.externalId).toBe("order-late");
    expect((await ledgerTotals(t.connection.db, {})).count).toBe(121);
  });

  it("after a first round that met no swap at all (a new key), announces the first swaps made, instead of reading them as history", async () => {
    expect(await backfillStep(t.deps(), Infinity, await startBackfillRound(t.deps()))).toMatchObject({
      done: true,
      swaps: 0,
      newest: null,
    });
    t.clock.advance(60_000);
    t.now += 60_000;
    const first = await t.newSwap("order-first");
    const round = await startBackfillRound(t.deps());
    expect(round.createdFrom).not.toBeNull();
    await backfillStep(t.deps(), Infinity, round);
    expect((await webhookLog(t.connection.db, 100, 0)).deliveries.map((d) => `${d.type} ${d.swapId}`)).toEqual([
      `swap.created ${first.id}`,
    ]);
  });

  it("announces a swap first met by a top-up round (its creation went unrecorded, say the database was down), and the change it made meanwhile; the history a full round reads stays silent", async () => {
    await t.seed({ count: 30, statuses: ["completed"] });
    expect((await backfillStep(t.deps(), Infinity, await startBackfillRound(t.deps()))).done).toBe(true);
    expect((await webhookLog(t.connection.db, 100, 0)).total).toBe(0);
    t.clock.advance(60_000);
    t.now += 60_000;
    // Two swaps made while the ledger could not record them: one still waiting, one already paid.
    const waiting = await t.newSwap("order-waiting");
    const paid = await t.newSwap("order-paid");
    await t.deposit(paid.id);
    t.clock.advance(2 * 60_000);
    t.now += 2 * 60_000;
    expect(await backfillStep(t.deps(), Infinity, await startBackfillRound(t.deps()))).toMatchObject({
      done: true,
      createdFrom: expect.any(String),
    });
    const events = (await webhookLog(t.connection.db, 100, 0)).deliveries.map((d) => `${d.type} ${d.swapId}`).sort();
    expect(events).toEqual(
      [`swap.created ${paid.id}`, `swap.created ${waiting.id}`, `swap.status_changed ${paid.id}`].sort(),
    );
    const [changed] = await t.connection.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.swapId, paid.id), eq(webhookDeliveries.type, "swap.status_changed")));
    expect(JSON.parse(changed!.payload).data).toMatchObject({ previousStatus: "waiting_deposit", status: "completed" });
    // Seen again by the next round: nothing more.
    await backfillStep(t.deps(), Infinity, await startBackfillRound(t.deps()));
    expect((await webhookLog(t.connection.db, 100, 0)).total).toBe(3);
  });

  it("starts a requested full backfill only when the loop takes it up, once per request", async () => {
    await t.seed({ count: 150, statuses: ["completed"] });
    expect(await backfillStep(t.deps(), Infinity, await startBackfillRound(t.deps()))).toMatchObject({
      done: true,
      swaps: 150,
    });
    const finished = (await syncStatus(t.connection.db)).backfill;

    // The request (the seed control's, from any instance) leaves the backfill's own state alone.
    t.clock.advance(1_000);
    t.now += 1_000;
    await requestFullBackfill(t.deps());
    expect((await syncStatus(t.connection.db)).backfill).toEqual(finished);

    // The loop, holding the lease, starts the full round and carries its state from page to page.
    const round = await startBackfillRound(t.deps());
    expect(round).toMatchObject({ createdFrom: null, done: false, pages: 0 });
    expect(round.startedAt).not.toBe(finished!.startedAt);
    t.upstreamCalls = [];
    const full = await backfillStep(t.deps(), Infinity, round);
    expect(full).toMatchObject({ done: true, pages: 2, swaps: 150, startedAt: round.startedAt });
    expect(t.upstreamCalls.every((query) => !query.includes("createdFrom="))).toBe(true);
    expect((await syncStatus(t.connection.db)).backfill).toEqual(full);

    // The same request is not answered twice: the next round is a top-up again.
    expect((await startBackfillRound(t.deps())).createdFrom).toBe(full.newest);
  });

  it("ends a backfill step after its current page when told to stop", async () => {
    await t.seed({ count: 250, statuses: ["completed"] });
    let pages = 0;
    const stopped = await backfillStep(t.deps(), 20, await startBackfillRound(t.deps()), () => ++pages >= 1);
    expect(stopped).toMatchObject({ done: false, pages: 1, swaps: 100 });
    expect((await syncStatus(t.connection.db)).backfill).toEqual(stopped);
  });

  it("sums rewards per reward status the same in the totals and in the daily summary", async () => {
    await t.seed({ count: 60, statuses: ["completed", "waiting_deposit"] });
    await backfillStep(t.deps());
    const totals = await ledgerTotals(t.connection.db, {});
    const summary = await ledgerSummary(t.connection.db, {});
    expect(summary.totals).toEqual(totals);
    // Against the rows themselves: each status's sum is its swaps' rewards.
    const { swaps: rows } = await ledgerPage(t.connection.db, {}, 100, 0);
    for (const [status, sum] of Object.entries(totals.rewardUsdc)) {
      const rewards = rows
        .filter((r) => r.commission.rewardStatus === status)
        .map((r) => Number(r.commission.rewardAmountUsdc));
      expect(rewards.length, status).toBeGreaterThan(0);
      expect(Number(sum), status).toBeCloseTo(
        rewards.reduce((x, y) => x + y, 0),
        6,
      );
    }
    // Each day's reward is that day's three sums together; the days add up to the totals.
    const all = Object.values(totals.rewardUsdc).reduce((a, b) => a + Number(b), 0);
    expect(summary.daily.reduce((a, d) => a + Number(d.rewardUsdc), 0)).toBeCloseTo(all, 6);
  });

  it("counts the chart's days in the operator's time zone, summer time included", async () => {
    // Los Angeles moved to summer time at 10:00 UTC on 8 March 2026.
    const times = ["2026-03-08T07:30:00Z", "2026-03-08T09:30:00Z", "2026-03-09T06:30:00Z"];
    for (const [i, at] of times.entries()) {
      const swap = await t.newSwap(`order-tz-${i}`);
      await recordSwaps(t.connection.db, [swap], { source: "create", seenAt: new Date(t.now), events: false });
      await t.connection.db.execute(sql`update swaps set created_at = ${at}::timestamptz where id = ${swap.id}`);
    }
    const days = async (tz?: string, range: { createdFrom?: string; createdTo?: string } = {}) =>
      (await ledgerSummary(t.connection.db, { ...range, ...(tz ? { tz } : {}) })).daily.map(
        (d) => `${d.date}:${d.count}`,
      );
    expect(await days()).toEqual(["2026-03-08:2", "2026-03-09:1"]);
    expect(await days("UTC")).toEqual(["2026-03-08:2", "2026-03-09:1"]);
    // 07:30Z is 23:30 on the 7th (PST); 09:30Z is 01:30 on the 8th; 06:30Z on the 9th is 23:30 on the 8th (PDT).
    expect(await days("America/Los_Angeles")).toEqual(["2026-03-07:1", "2026-03-08:2"]);
    // The filter's bounds are the operator's local midnights; the empty days around are filled in that zone.
    const week = { createdFrom: "2026-03-06T08:00:00.000Z", createdTo: "2026-03-10T06:59:59.999Z" };
    expect(await days("America/Los_Angeles", week)).toEqual([
      "2026-03-06:0",
      "2026-03-07:1",
      "2026-03-08:2",
      "2026-03-09:0",
    ]);
    expect(await days("Asia/Kolkata")).toEqual(["2026-03-08:2", "2026-03-09:1"]);
  });

  it("reads every row for the CSV once, in the list's order, across batches that split swaps created in the same millisecond", async () => {
    const end = Date.parse("2026-03-01T12:00:00Z");
    // Seven swaps a minute apart, then groups of five sharing one instant: batches of 3 cut through them.
    const items = [
      ...Array.from({ length: 7 }, (_, i) => seededSwap(i, end)),
      ...Array.from({ length: 10 }, (_, i) => ({
        ...seededSwap(100 + i, end),
        createdAt: new Date(end - (i < 5 ? 8 : 9) * 60_000).toISOString(),
      })),
      { ...seededSwap(200, end), status: "failed" as const },
    ];
    await insertSwaps(t.connection.db, items);
    const read = async (filter: Parameters<typeof ledgerRows>[1], batch: number) => {
      const ids: string[] = [];
      for await (const rows of ledgerRows(t.connection.db, filter, batch)) {
        expect(rows.length).toBeLessThanOrEqual(batch);
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    };
    const listed = (await ledgerPage(t.connection.db, {}, 100, 0)).swaps.map((s) => s.id);
    expect(listed).toHaveLength(items.length);
    for (const batch of [1, 3, 5, 100]) expect(await read({}, batch), `batches of ${batch}`).toEqual(listed);
    const completed = (await ledgerPage(t.connection.db, { status: ["completed"] }, 100, 0)).swaps.map((s) => s.id);
    expect(await read({ status: ["completed"] }, 3)).toEqual(completed);
    expect(completed).toHaveLength(items.length - 1);
  });

  it("knows the time zones its database knows, in any case, and not those only Intl still knows", async () => {
    for (const zone of ["UTC", "Europe/Berlin", "europe/berlin", "America/Los_Angeles", "Asia/Kolkata", "Etc/GMT+5"]) {
      expect(await isLedgerTimeZone(t.connection.db, zone), zone).toBe(true);
    }
    // Two dropped from the tz database (Postgres errors on them) that Intl still accepts, and one nobody knows.
    for (const zone of ["US/Pacific-New", "Canada/East-Saskatchewan", "Mars/Olympus_Mons"]) {
      expect(await isLedgerTimeZone(t.connection.db, zone), zone).toBe(false);
    }
    // A name in another case counts days as its own does.
    await expect(ledgerSummary(t.connection.db, { tz: "europe/berlin" })).resolves.toBeTruthy();
  });

  it("keeps every status a swap had, with the time the sweep saw it, and announces each change once", async () => {
    const created = await t.newSwap();
    await recordSwaps(t.connection.db, [created], { source: "create", seenAt: new Date(t.now), events: true });
    await t.deposit(created.id);
    t.clock.advance(2 * 60_000);
    t.now += 2 * 60_000;
    const swept = await sweepOpenSwaps(t.deps());
    expect(swept.swaps).toBe(1);
    const detail = await ledgerSwap(t.connection.db, created.id);
    expect(detail?.swap.status).toBe("completed");
    expect(detail?.swap.commission.rewardStatus).toBe("available");
    expect(detail?.history.map((h) => h.status)).toEqual(["waiting_deposit", "completed"]);
    expect(detail?.history[1]!.seenAt).toBe(new Date(t.now).toISOString());
    // Seeing the same state again changes nothing and queues nothing.
    await sweepOpenSwaps(t.deps());
    const log = await webhookLog(t.connection.db, 10, 0);
    expect(log.deliveries.map((d) => d.type).sort()).toEqual(["swap.created", "swap.status_changed"]);
    // Terminal now: the next sweep costs no upstream call.
    t.upstreamCalls = [];
    expect(await sweepOpenSwaps(t.deps())).toEqual({ pages: 0, swaps: 0 });
    expect(t.upstreamCalls).toHaveLength(0);
  });

  it("keeps a swap whose reward does not fit its column out of the totals, and records the rest of its batch", async () => {
    const [odd, fine] = [await t.newSwap("order-odd"), await t.newSwap("order-fine")];
    const listed = (swap: typeof odd, reward: string) => ({
      ...swap,
      status: "completed" as const,
      commission: { bps: 50, rewardAmountUsdc: reward, rewardStatus: "available" as const },
    });
    // 32 whole digits: what a sandbox deposit of no chain's size once produced, and the sweep stopped on.
    await recordSwaps(t.connection.db, [listed(odd, "48624999999999999999999999999513.75"), listed(fine, "1.25")], {
      source: "sweep",
      seenAt: new Date(t.now),
      events: false,
    });
    expect((await ledgerSwap(t.connection.db, odd.id))?.swap.status).toBe("completed");
    expect((await ledgerSwap(t.connection.db, fine.id))?.swap.status).toBe("completed");
    expect((await ledgerTotals(t.connection.db, {})).rewardUsdc.available).toMatch(/^1\.25(0*)$/);
  });

  it("never moves a swap back to an older view", async () => {
    const created = await t.newSwap();
    const later = {
      ...created,
      status: "processing" as const,
      updatedAt: new Date(Date.parse(created.updatedAt) + 60_000).toISOString(),
    };
    await recordSwaps(t.connection.db, [later], { source: "live", seenAt: new Date(t.now), events: false });
    await recordSwaps(t.connection.db, [created], { source: "sweep", seenAt: new Date(t.now + 1), events: false });
    const detail = await ledgerSwap(t.connection.db, created.id);
    expect(detail?.swap.status).toBe("processing");
    expect(detail?.history.map((h) => h.status)).toEqual(["processing"]);
  });

  it("counts a view the ledger already holds as no change, however its database orders the stored keys", async () => {
    const created = await t.newSwap();
    const seen = (at: number) => ({ source: "live" as const, seenAt: new Date(at), events: false });
    expect(await recordSwaps(t.connection.db, [created], seen(t.now))).toEqual({ inserted: 1, changed: 0 });
    // The same view again, and again with its keys in another order: nothing to write.
    expect(await recordSwaps(t.connection.db, [created], seen(t.now + 1))).toEqual({ inserted: 0, changed: 0 });
    const reordered = Object.fromEntries(Object.entries(created).reverse()) as typeof created;
    expect(await recordSwaps(t.connection.db, [reordered], seen(t.now + 2))).toEqual({ inserted: 0, changed: 0 });
    const moved = { ...created, status: "processing" as const };
    expect(await recordSwaps(t.connection.db, [moved], seen(t.now + 3))).toEqual({ inserted: 0, changed: 1 });
    expect(await recordSwaps(t.connection.db, [moved], seen(t.now + 4))).toEqual({ inserted: 0, changed: 0 });
  });

  it("re-lists completed swaps until their reward is claimed", async () => {
    await t.seed({ count: 3, statuses: ["completed"] });
    await backfillStep(t.deps());
    t.upstreamCalls = [];
    const round = await relistRewardsStep(t.deps());
    expect(round).toEqual({ pages: 1, done: true });
    expect(t.upstreamCalls[0]).toContain("status=completed");
  });

  it("counts the reward of a swap a live read found completed as soon as the list has it, and meanwhile says it is not counted", async () => {
    const db = t.connection.db;
    const created = await t.newSwap();
    await recordSwaps(db, [created], { source: "create", seenAt: new Date(t.now), events: false });
    await t.deposit(created.id);
    t.clock.advance(2 * 60_000);
    t.now += 2 * 60_000;
    // The status page's live read: completed, and no commission (GET /swap/{id} carries none).
    const live = await t.client.getSwap(created.id);
    expect(live.status).toBe("completed");
    await recordSwaps(db, [live], { source: "live", seenAt: new Date(t.now), events: false });
    expect((await ledgerTotals(db, {})).rewardUsdc.available).toBe("0");
    expect(await ledgerRewardsPending(db, {})).toBe(1);
    expect(await ledgerRewardsPending(db, { status: ["expired"] })).toBe(0);

    t.upstreamCalls = [];
    expect(await catchUpRewards(t.deps())).toEqual({ pages: 1, waiting: 0 });
    expect(t.upstreamCalls).toHaveLength(1);
    const asked = new URLSearchParams(t.upstreamCalls[0]);
    expect(asked.get("status")).toBe("completed");
    expect(asked.get("createdFrom")).toBe(new Date(created.createdAt).toISOString());
    expect(asked.get("createdTo")).toBe(new Date(created.createdAt).toISOString());
    // The list's own figure (50 bps of what arrived), not one made up here.
    const listed = (await t.client.listSwaps({ status: "completed" })).swaps.find((s) => s.id === created.id)!;
    expect(listed.commission.rewardAmountUsdc).toMatch(/^\d+(\.\d+)?$/);
    expect(Number((await ledgerTotals(db, {})).rewardUsdc.available)).toBe(Number(listed.commission.rewardAmountUsdc));
    expect(await ledgerRewardsPending(db, {})).toBe(0);

    // Nothing waits: no upstream call.
    t.upstreamCalls = [];
    expect(await catchUpRewards(t.deps())).toEqual({ pages: 0, waiting: 0 });
    expect(t.upstreamCalls).toHaveLength(0);
  });

  it("leaves a reward that has waited over 10 minutes since completion to the re-listing, without calling the list", async () => {
    const db = t.connection.db;
    const created = await t.newSwap();
    await t.deposit(created.id);
    t.clock.advance(2 * 60_000);
    const live = await t.client.getSwap(created.id);
    expect(live.status).toBe("completed");
    t.now = Date.parse(live.updatedAt) + 11 * 60_000;
    await recordSwaps(db, [live], { source: "live", seenAt: new Date(t.now), events: false });
    expect(await ledgerRewardsPending(db, {})).toBe(1);
    t.upstreamCalls = [];
    expect(await catchUpRewards(t.deps())).toEqual({ pages: 0, waiting: 0 });
    expect(t.upstreamCalls).toHaveLength(0);
  });

  it("reports drift between the ledger's count per status and the upstream's totals", async () => {
    await t.seed({ count: 30, statuses: ["completed", "failed"] });
    await backfillStep(t.deps());
    const first = await reconcile(t.deps(), 0);
    expect(first).toMatchObject({ inSync: true, drift: {} });
    await t.seed({ count: 4, statuses: ["failed"], createdTo: new Date(t.clock.now() - 1000).toISOString() });
    t.now += 1000;
    const second = await reconcile(t.deps(), 0);
    expect(second.inSync).toBe(false);
    expect(second.drift).toEqual({ failed: { ledger: 15, upstream: 19 } });
    expect(second.lastInSyncAt).toBe(first.checkedAt);
  });
}
