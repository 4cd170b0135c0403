// Status freshness: paced live reads of a watched swap on the key's budget, and how a listed status is dated.
import { describe, expect, it, vi } from "vitest";
import { store } from "@/lib/bff/upstream/shared-store";
import { readSnapshot, writeSnapshot, type Snapshot } from "@/lib/bff/status/snapshots";
import { listItemAsOf, sweep } from "@/lib/bff/status/sweep";
import { GET } from "@/app/api/v1/swap/[id]/route";
import { swapAccessToken } from "@/lib/bff/tokens";
import { statusHarness } from "./support/status-harness";

const { control, watchedSwaps, read, liveReads } = statusHarness();

describe("status freshness", () => {
  it("reads a watched swap live on an idle key, so a deposit shows at the next poll", async () => {
    const [snapshot] = await watchedSwaps(1, 30_000);
    const first = await read(snapshot!.swap.id);
    expect(first.source).toBe("live");
    expect(first.asOf).toBe(Date.now());
    expect(first.swap.status).toBe("waiting_deposit");

    // The deposit lands just after that poll; the browser polls again 30 s later.
    vi.advanceTimersByTime(1_000);
    await control(`/sandbox/swaps/${snapshot!.swap.id}/deposit`, {});
    vi.advanceTimersByTime(29_000);
    const next = await read(snapshot!.swap.id);
    expect(next.swap.status).not.toBe("waiting_deposit");
    expect(Date.now() - next.asOf).toBe(0);
    expect(liveReads()).toBe(2);
  });

  it("keeps serving a swap it holds when the upstream suddenly says there is no such swap, and says 404 only for one it never held", async () => {
    const [snapshot] = await watchedSwaps(1, 40_000);
    const lapsed: Snapshot = { ...snapshot!, swap: { ...snapshot!.swap, id: "NOSUCHSWAP12" } };
    await writeSnapshot(lapsed);
    const served = await read("NOSUCHSWAP12");
    expect(liveReads()).toBe(1);
    expect(served.swap.status).toBe("waiting_deposit");
    expect(served.asOf).toBe(lapsed.asOf);
    await expect(read("NOSUCHSWAP34")).rejects.toMatchObject({ code: "swap_not_found" });
  });

  it("serves the snapshot with its true age when the key's budget is spent", async () => {
    const [snapshot] = await watchedSwaps(1, 40_000);
    // Someone else spent the whole minute's budget.
    for (let i = 0; i < 120; i++) await store().acquireWindow("budget:upstream", 120, 61_000, Date.now());
    const served = await read(snapshot!.swap.id);
    expect(served.asOf).toBe(snapshot!.asOf);
    expect(served.source).toBe("list");
    expect(liveReads()).toBe(0);
  });

  it("reads each swap live less often as more swaps share the budget", async () => {
    const many = await watchedSwaps(100, 30_000);
    for (const s of many) await read(s.swap.id);
    // 100 swaps polled every 30 s would need 200 reads a minute: far fewer are spent.
    expect(liveReads()).toBeLessThanOrEqual(96);
    const ages = await Promise.all(many.map(async (s) => Date.now() - (await read(s.swap.id)).asOf));
    expect(Math.max(...ages)).toBe(30_000);
  });
});

describe("a listed status's date", () => {
  const asOfHeader = async (id: string) => {
    const response = await GET(
      new Request(`http://localhost/api/v1/swap/${id}`, { headers: { "x-swap-token": swapAccessToken(id) } }),
      {
        params: Promise.resolve({ id }),
      },
    );
    return { status: response.status, asOf: response.headers.get("x-status-as-of") };
  };
  const spendBudget = async () => {
    for (let i = 0; i < 120; i++) await store().acquireWindow("budget:upstream", 120, 61_000, Date.now());
  };

  it("dates a listed swap by its updatedAt when that is within the list's minute of staleness", async () => {
    // The key's budget is spent, so polls wait for the sweep instead of reading live.
    await spendBudget();
    vi.setSystemTime(Date.now() + 30_000);
    const created = (ago: number) => new Date(Date.now() - ago).toISOString();
    const [old] = (
      (await control("/sandbox/seed", {
        count: 1,
        live: true,
        createdFrom: created(600_000),
        createdTo: created(600_000),
      })) as { ids: string[] }
    ).ids;
    const [recent] = (
      (await control("/sandbox/seed", {
        count: 1,
        live: true,
        createdFrom: created(5_000),
        createdTo: created(5_000),
      })) as { ids: string[] }
    ).ids;
    const recentUpdatedAt = Date.now() - 5_000;
    // A browser polls each; not known here yet, so the sweep is to find them.
    expect((await asOfHeader(old!)).status).toBe(429);
    expect((await asOfHeader(recent!)).status).toBe(429);

    vi.setSystemTime(Date.now() + 31_000); // the budget's minute is over
    const listedAt = Date.now();
    expect(await sweep()).toMatchObject({ swaps: 2, complete: true });
    await spendBudget(); // the polls below answer from what the sweep wrote

    // The old swap's list state may be a minute behind; the recent one's holds its creation 36 s ago.
    expect(await asOfHeader(old!)).toEqual({ status: 200, asOf: new Date(listedAt - 60_000).toISOString() });
    expect(await asOfHeader(recent!)).toEqual({ status: 200, asOf: new Date(recentUpdatedAt).toISOString() });
  });

  it("dates a listed status from the last list sync the sweep saw happen, once syncs keep a phase, and never after it", async () => {
    const swaps = await watchedSwaps(6, 30_000);
    const ids = swaps.map((s) => s.swap.id);
    const minute = (m: number, s = 0) => Date.parse("2026-11-23T10:00:00.000Z") + m * 60_000 + s * 1_000;
    vi.setSystemTime(minute(2, 2));
    for (const id of ids) await read(id); // watched (and read live once)
    // The sweep lists every 5 s. In each of three minutes one swap gets its deposit two seconds
    // before the sandbox's sync on the minute: each such change shows in the list at the sync.
    let deposited = 0;
    const snapshotsAfter: Record<number, Snapshot> = {};
    for (let t = minute(2, 5); t <= minute(5, 30); t += 5_000) {
      vi.setSystemTime(t);
      await sweep();
      if ((t - minute(0, 55)) % 60_000 === 0) {
        vi.setSystemTime(t + 3_000);
        await control(`/sandbox/swaps/${ids[deposited++]!}/deposit`, {});
      }
      if (t === minute(5, 5))
        for (const id of [ids[2]!, ...ids.slice(4)]) snapshotsAfter[ids.indexOf(id)] = (await readSnapshot(id))!;
    }
    // Two swaps nobody paid, listed at 5:05: the list reflects the sync at 5:00, which the sweep saw
    // bring the 4:58 deposit in between its 4:55 and 5:00 listings. Dated 4:58 (after the deposit,
    // not after the sync), not a minute before the listing (4:05).
    for (const snapshot of [snapshotsAfter[4]!, snapshotsAfter[5]!]) {
      expect(snapshot.source).toBe("list");
      expect(snapshot.swap.status).toBe("waiting_deposit");
      expect(new Date(snapshot.asOf).toISOString()).toBe(new Date(minute(4, 58)).toISOString());
    }
    // The swap paid at 4:58 shows its deposit, the state it had from then to the sync.
    expect(snapshotsAfter[2]).toMatchObject({
      source: "list",
      swap: { status: "deposit_detected" },
      asOf: minute(4, 58),
    });
  });

  it("never dates a listed swap after the list call, whatever its updatedAt says", () => {
    const listedAt = Date.parse("2026-11-23T10:00:00.000Z");
    expect(listItemAsOf({ updatedAt: "2026-11-23T10:00:05.000Z" }, listedAt)).toBe(listedAt);
    expect(listItemAsOf({ updatedAt: "2026-11-23T09:59:30.000Z" }, listedAt)).toBe(listedAt - 30_000);
    expect(listItemAsOf({ updatedAt: "2026-11-23T09:50:00.000Z" }, listedAt)).toBe(listedAt - 60_000);
  });
});
