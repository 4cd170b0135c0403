// The status freshness policy (lib/bff/status/) against the in-process sandbox and the memory
// store, on a manual clock (fake Date and timers; the sandbox and the store follow Date.now).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { processSingleton, resetProcessSingleton } from "@/lib/process-singleton";
import { createMemoryStore } from "@/lib/store/memory";
import { embeddedSandbox } from "@/lib/bff/upstream/partner";
import { store } from "@/lib/bff/upstream/shared-store";
import { readSwap } from "@/lib/bff/status/read";
import { readSnapshot, writeSnapshot, type Snapshot } from "@/lib/bff/status/snapshots";
import { listItemAsOf, stopSweep, sweep } from "@/lib/bff/status/sweep";
import { GET } from "@/app/api/v1/swap/[id]/route";
import { swapAccessToken } from "@/lib/bff/tokens";
import type { Swap } from "@/lib/schema/partner";

const singletons = [
  "config",
  "store",
  "embedded-sandbox",
  "partner-client",
  "swap-status",
  "swap-status-parsed",
  "swap-status-live-times",
];
const upstreamCalls: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2026-11-23T10:00:00.000Z"), toFake: ["Date", "setTimeout", "clearTimeout"] });
  process.env.APP_SECRET = "unit-test-secret-0123456789abcdefghijklmnop";
  for (const key of singletons) resetProcessSingleton(key);
  upstreamCalls.length = 0;
  // Record what reaches the upstream.
  const sandbox = embeddedSandbox()!;
  const handle = sandbox.handle;
  sandbox.handle = (req: Request) => {
    const url = new URL(req.url);
    if (url.pathname.startsWith("/v1/")) upstreamCalls.push(`${req.method} ${url.pathname}${url.search}`);
    return handle(req);
  };
});

afterEach(async () => {
  await stopSweep();
  vi.useRealTimers();
});

async function control(path: string, body: unknown) {
  const response = await embeddedSandbox()!.handle(
    new Request(`http://sandbox.internal${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "lsk_test_sandbox" },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

/** Swaps in the sandbox, waiting for their deposit, with a stored snapshot `ageMs` old. */
async function watchedSwaps(count: number, ageMs: number): Promise<Snapshot[]> {
  const { ids } = (await control("/sandbox/seed", {
    count,
    live: true,
    createdFrom: new Date(Date.now() - 600_000).toISOString(),
    createdTo: new Date(Date.now() - 60_000).toISOString(),
  })) as { ids: string[] };
  const swaps: Swap[] = [];
  for (const id of ids) {
    const response = await embeddedSandbox()!.handle(
      new Request(`http://sandbox.internal/v1/swap/${id}`, { headers: { "x-api-key": "lsk_test_sandbox" } }),
    );
    swaps.push((await response.json()) as Swap);
  }
  // A fresh minute for the sandbox's own limit.
  vi.advanceTimersByTime(61_000);
  const snapshots: Snapshot[] = [];
  for (const swap of swaps) {
    const snapshot: Snapshot = { swap, asOf: Date.now() - ageMs, source: "list" };
    await writeSnapshot(snapshot);
    snapshots.push(snapshot);
  }
  upstreamCalls.length = 0;
  return snapshots;
}

const read = (id: string) => readSwap(id, swapAccessToken(id), "req_test");
const liveReads = () => upstreamCalls.filter((c) => /^GET \/v1\/swap\/[A-Z0-9]{12}$/.test(c)).length;

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
