// The status sweep: what it lists and reads, resuming a cut-short cycle, other instances' watches, and its paging.
import { describe, expect, it, vi } from "vitest";
import { processSingleton, resetProcessSingleton } from "@/lib/process-singleton";
import { createMemoryStore } from "@/lib/store/memory";
import { embeddedSandbox } from "@/lib/bff/upstream/partner";
import { store } from "@/lib/bff/upstream/shared-store";
import { writeSnapshot } from "@/lib/bff/status/snapshots";
import { sweep } from "@/lib/bff/status/sweep";
import type { Swap } from "@/lib/schema/partner";
import { statusHarness } from "./support/status-harness";

const { upstreamCalls, control, watchedSwaps, read, liveReads } = statusHarness();

describe("the sweep", () => {
  it("lists only statuses that can still change, and reads a swap that left the list once", async () => {
    const [a, b] = await watchedSwaps(2, 30_000);
    await read(a!.swap.id);
    await read(b!.swap.id);
    upstreamCalls.length = 0;
    const first = await sweep();
    expect(first).toMatchObject({ pages: 1, swaps: 2, complete: true });
    const list = upstreamCalls.find((c) => c.startsWith("GET /v1/swap?"))!;
    expect(new URL(`http://x${list.slice(4)}`).searchParams.get("status")).toBe(
      "waiting_deposit,deposit_detected,underpaid,processing",
    );

    // b completes; the list (synchronised every minute) stops showing it among the open ones.
    await control(`/sandbox/swaps/${b!.swap.id}/deposit`, {});
    // (Moves the clock without firing the sweep's own timer: this test drives the sweep.)
    vi.setSystemTime(Date.now() + 5 * 60_000);
    await read(a!.swap.id);
    upstreamCalls.length = 0;
    const second = await sweep();
    expect(second).toMatchObject({ swaps: 1, endReads: 1, complete: true });
    expect(upstreamCalls).toContain(`GET /v1/swap/${b!.swap.id}`);
    const ended = await read(b!.swap.id);
    expect(ended.swap.status).toBe("completed");
  });

  it("reads only the pages that hold watched swaps: swaps nobody watches cost nothing", async () => {
    const [watched] = await watchedSwaps(1, 30_000);
    // 1,000 swaps nobody watches, all newer than the watched one.
    await control("/sandbox/seed", {
      count: 1_000,
      live: true,
      createdFrom: new Date(Date.now() - 50_000).toISOString(),
      createdTo: new Date(Date.now() - 1_000).toISOString(),
    });
    vi.setSystemTime(Date.now() + 61_000);
    await read(watched!.swap.id);
    await sweep(); // the process's first cycle reads everything once
    upstreamCalls.length = 0;
    vi.setSystemTime(Date.now() + 61_000);
    const next = await sweep();
    expect(next).toMatchObject({ pages: 1, complete: true });
    expect(upstreamCalls.filter((c) => c.startsWith("GET /v1/swap?"))).toHaveLength(1);
  });

  it("resumes a cut-short sweep where it stopped", async () => {
    await control("/sandbox/seed", {
      count: 250,
      live: true,
      createdFrom: new Date(Date.now() - 600_000).toISOString(),
      createdTo: new Date(Date.now() - 60_000).toISOString(),
    });
    const [watched] = await watchedSwaps(1, 30_000);
    await read(watched!.swap.id);
    // Only two list calls fit in what is left of the budget's refresh ceiling (85 % of 120).
    for (let i = 0; i < 99; i++) await store().acquireWindow("budget:upstream", 120, 61_000, Date.now());
    const cut = sweep();
    await vi.advanceTimersByTimeAsync(21_000);
    expect(await cut).toMatchObject({ pages: 2, cyclePages: 2, complete: false });
    upstreamCalls.length = 0;
    vi.setSystemTime(Date.now() + 61_000);
    const resumed = await sweep();
    // The cycle's length (which paces the next one) counts the pages read before the cut too.
    expect(resumed).toMatchObject({ pages: 1, cyclePages: 3, complete: true });
    const to = new URL(
      `http://x${upstreamCalls.find((c) => c.startsWith("GET /v1/swap?"))!.slice(4)}`,
    ).searchParams.get("createdTo");
    expect(to).not.toBeNull();
  });

  it("answers an unknown swap at once on a busy key instead of queueing it behind the sweep", async () => {
    const many = await watchedSwaps(1, 30_000);
    const { ids } = (await control("/sandbox/seed", { count: 3, live: true })) as { ids: string[] };
    await read(many[0]!.swap.id);
    // The sweep and the shop's quotes fill the minute: no live read to spare.
    vi.setSystemTime(Date.now() + 2_000);
    for (let i = 0; i < 100; i++) await store().acquireWindow("budget:upstream", 120, 61_000, Date.now());
    upstreamCalls.length = 0;
    await expect(read(ids[0]!)).rejects.toMatchObject({ code: "rate_limited" });
    expect(liveReads()).toBe(0);
  });

  it("sweeps the swaps other instances' browsers watch (a shared store)", async () => {
    // One store shared as Redis would be; two instances in turn, each with its own state.
    const shared = { ...createMemoryStore(), kind: "redis" as const };
    resetProcessSingleton("store");
    processSingleton("store", () => ({ store: shared, redis: null }));
    const [watched] = await watchedSwaps(1, 30_000);
    await read(watched!.swap.id); // instance A's browser; A publishes what it watches
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));

    resetProcessSingleton("swap-status"); // instance B, whose browsers watch nothing
    await sweep(); // B's first cycle reads everything once
    upstreamCalls.length = 0;
    vi.setSystemTime(Date.now() + 5_000);
    expect(await sweep()).toMatchObject({ pages: 1, swaps: 1, complete: true });
  });
});

describe("the sweep's paging", () => {
  /** `count` swaps waiting for their deposit, all created at one instant, each with a snapshot `ageMs` old. */
  async function sameInstantSwaps(count: number, ageMs: number): Promise<string[]> {
    const createdAt = new Date(Date.now() - 600_000).toISOString();
    const { ids } = (await control("/sandbox/seed", {
      count,
      live: true,
      createdFrom: createdAt,
      createdTo: createdAt,
    })) as { ids: string[] };
    for (let offset = 0; offset < count; offset += 100) {
      const response = await embeddedSandbox()!.handle(
        new Request(`http://sandbox.internal/v1/swap?limit=100&offset=${offset}`, {
          headers: { "x-api-key": "lsk_test_sandbox" },
        }),
      );
      const { swaps } = (await response.json()) as { swaps: Array<Swap & { commission?: unknown }> };
      for (const { commission: _commission, ...swap } of swaps)
        await writeSnapshot({ swap, asOf: Date.now() - ageMs, source: "list" });
    }
    return ids;
  }

  /** Every swap polled once from its snapshot (the budget spent, so no poll reads live), then a fresh minute. */
  async function pollAll(ids: string[]) {
    for (let i = 0; i < 120; i++) await store().acquireWindow("budget:upstream", 120, 61_000, Date.now());
    for (const id of ids) await read(id);
    vi.setSystemTime(Date.now() + 61_000);
    upstreamCalls.length = 0;
  }

  /** One cycle run to its end on the manual clock: a sweep that carries the watched swaps waits between its pages. */
  async function sweepThrough() {
    let done = false;
    const cycle = sweep().finally(() => (done = true));
    while (!done) await vi.advanceTimersByTimeAsync(100);
    return cycle;
  }

  const listAges = async (ids: string[]) => {
    const snapshots = await Promise.all(ids.map((id) => read(id)));
    return new Set(snapshots.map((s) => `${s.source} ${Date.now() - s.asOf}`));
  };

  it("refreshes every watched swap when more than a page of them share one creation instant", async () => {
    const ids = await sameInstantSwaps(150, 30_000);
    await pollAll(ids);

    // The process's first cycle reads every page.
    expect(await sweep()).toMatchObject({ pages: 2, swaps: 150, endReads: 0, complete: true });
    const offsets = upstreamCalls.map((c) => new URL(`http://x${c.slice(4)}`).searchParams.get("offset"));
    expect(offsets).toEqual(["0", "100"]);
    // Every one dated by the list (a minute behind the call), none left behind on its old snapshot.
    expect(await listAges(ids)).toEqual(new Set(["list 60000"]));

    // A watched-only cycle a little later: the same two pages, every swap refreshed again (the
    // first page's a page gap earlier: this sweep carries the swaps, so it spreads its pages).
    vi.setSystemTime(Date.now() + 20_000);
    await pollAll(ids);
    expect(await sweepThrough()).toMatchObject({ pages: 2, swaps: 150, endReads: 0, complete: true });
    for (const age of await listAges(ids)) expect(age).toMatch(/^list 60[0-9]{3}$/);
  });

  it("spreads the pages of a sweep that carries the watched swaps over the budget, instead of reading them in one burst", async () => {
    const ids = await sameInstantSwaps(250, 30_000);
    await pollAll(ids);
    // The process's first cycle reads all three pages at once: people wait for a first answer.
    expect(await sweep()).toMatchObject({ pages: 3, complete: true });
    vi.setSystemTime(Date.now() + 20_000);
    await pollAll(ids);
    const lists = () => upstreamCalls.filter((c) => c.startsWith("GET /v1/swap?")).length;
    const cycle = sweep();
    // Then one page, the next 60 s / (65 % of 120) = 769 ms later, and so on: a burst of a whole
    // cycle would fill the budget's minute at once, and the next cycle could only start after it.
    await vi.advanceTimersByTimeAsync(700);
    expect(lists()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(lists()).toBe(2);
    await vi.advanceTimersByTimeAsync(769);
    expect(lists()).toBe(3);
    expect(await cycle).toMatchObject({ pages: 3, swaps: 250, complete: true });
  });

  it("resumes a cut-short sweep inside one instant past the rows it had read, and reads none of them live", async () => {
    const ids = await sameInstantSwaps(250, 30_000);
    await pollAll(ids);
    // Only two list calls fit in what is left of the budget's refresh ceiling (85 % of 120).
    for (let i = 0; i < 100; i++) await store().acquireWindow("budget:upstream", 120, 61_000, Date.now());
    const cut = sweep();
    await vi.advanceTimersByTimeAsync(21_000);
    expect(await cut).toMatchObject({ pages: 2, cyclePages: 2, complete: false });
    upstreamCalls.length = 0;
    vi.setSystemTime(Date.now() + 61_000);
    expect(await sweep()).toMatchObject({ pages: 1, swaps: 50, endReads: 0, complete: true });
    const query = new URL(`http://x${upstreamCalls[0]!.slice(4)}`).searchParams;
    expect(query.get("offset")).toBe("200");
    expect(Date.parse(query.get("createdTo")!)).toBe(Date.parse((await read(ids[0]!)).swap.createdAt));
  });

  it("reads once a watched swap that left the list from among a page-full of one instant", async () => {
    const ids = await sameInstantSwaps(150, 30_000);
    await pollAll(ids);
    await sweep();

    // One of them (on the second page) gets its deposit and completes; the open list loses it.
    const gone = ids.at(-1)!;
    await control(`/sandbox/swaps/${gone}/deposit`, {});
    vi.setSystemTime(Date.now() + 4 * 60_000);
    await pollAll(ids);
    const cycle = await sweepThrough();
    expect(cycle).toMatchObject({ pages: 2, swaps: 149, endReads: 1, complete: true });
    expect(upstreamCalls).toContain(`GET /v1/swap/${gone}`);
    expect((await read(gone)).swap.status).toBe("completed");
  });
});
