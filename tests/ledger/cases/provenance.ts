// The ledger's provenance cases for one driver: what the embedded sandbox may forget of an earlier
// run's swaps, and the real service's swaps it never may.
import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ledgerSwap, ledgerTotals, webhookLog } from "@/lib/ledger/queries";
import { noteServiceUpstream, serviceSwapsHeld } from "@/lib/ledger/provenance";
import { recordSwaps } from "@/lib/ledger/record";
import { backfillStep, forgetOtherSandbox } from "@/lib/ledger/sync";
import type { LedgerTest } from "../support/ledger-harness";

/** The provenance cases, in the describe block that calls this on its driver. */
export function ledgerProvenanceCases(t: LedgerTest) {
  it("lets go of what it mirrored from an earlier embedded sandbox, keeps its undelivered webhooks, and keeps what it mirrors from this one", async () => {
    // The first run of `npm run dev` notes its sandbox as it starts.
    expect(await forgetOtherSandbox(t.connection.db, "sandbox-of-run-1", new Date(t.now))).toBe(0);
    await t.seed({ count: 11, statuses: ["completed", "waiting_deposit"] });
    await backfillStep(t.deps());
    await recordSwaps(t.connection.db, [await t.newSwap()], {
      source: "create",
      seenAt: new Date(t.now),
      events: true,
    });
    const queued = (await webhookLog(t.connection.db, 10, 0)).total;
    expect(queued).toBeGreaterThan(0);
    // A restart of `npm run dev`: the ledger on disk, a new empty sandbox in a new process.
    expect(await forgetOtherSandbox(t.connection.db, "sandbox-of-run-2", new Date(t.now))).toBe(12);
    expect((await ledgerTotals(t.connection.db, {})).count).toBe(0);
    // Events that happened before the restart still go out (at least once, across restarts).
    expect((await webhookLog(t.connection.db, 10, 0)).total).toBe(queued);
    const swap = await t.newSwap();
    await recordSwaps(t.connection.db, [swap], { seenAt: new Date(t.now), source: "create", events: false });
    // The same run opening its ledger again (another bundle, a reconnect) keeps everything.
    expect(await forgetOtherSandbox(t.connection.db, "sandbox-of-run-2", new Date(t.now))).toBe(0);
    expect((await ledgerSwap(t.connection.db, swap.id))?.swap.id).toBe(swap.id);
  });

  it("never lets go of a real service's swaps: the embedded sandbox is refused a ledger that noted the service, and one whose swaps no sandbox made", async () => {
    // Swaps kept on the service before it was noted (an older version): no sandbox ever opened this ledger.
    await t.seed({ count: 5, statuses: ["completed"] });
    await backfillStep(t.deps());
    await expect(forgetOtherSandbox(t.connection.db, "sandbox-of-run-1", new Date(t.now))).rejects.toMatchObject({
      name: "ServiceLedgerError",
      held: { swaps: 5, origin: null },
    });
    expect((await ledgerTotals(t.connection.db, {})).count).toBe(5);

    // A ledger a sandbox once had, then the service: the service's swaps stay as well.
    await t.connection.db.execute(sql`truncate swaps, swap_status_history, ledger_sync_state cascade`);
    expect(await forgetOtherSandbox(t.connection.db, "sandbox-of-run-1", new Date(t.now))).toBe(0);
    await noteServiceUpstream(t.connection.db, "https://api.partner.example", new Date(t.now));
    await recordSwaps(t.connection.db, [await t.newSwap()], {
      source: "create",
      seenAt: new Date(t.now),
      events: false,
    });
    await expect(forgetOtherSandbox(t.connection.db, "sandbox-of-run-2", new Date(t.now))).rejects.toMatchObject({
      held: { swaps: 1, origin: "https://api.partner.example" },
    });
    expect((await ledgerTotals(t.connection.db, {})).count).toBe(1);
    expect(await serviceSwapsHeld(t.connection.db)).toEqual({ swaps: 1, origin: "https://api.partner.example" });
  });

  it("gives the embedded sandbox a ledger the service noted but that holds none of its swaps", async () => {
    await noteServiceUpstream(t.connection.db, "https://api.partner.example", new Date(t.now));
    expect(await serviceSwapsHeld(t.connection.db)).toBeNull();
    expect(await forgetOtherSandbox(t.connection.db, "sandbox-of-run-1", new Date(t.now))).toBe(0);
    // The sandbox's own swaps are no service's.
    await recordSwaps(t.connection.db, [await t.newSwap()], {
      source: "create",
      seenAt: new Date(t.now),
      events: false,
    });
    expect(await serviceSwapsHeld(t.connection.db)).toBeNull();
    expect(await forgetOtherSandbox(t.connection.db, "sandbox-of-run-2", new Date(t.now))).toBe(1);
  });
}
