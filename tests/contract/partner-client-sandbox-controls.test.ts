// The sandbox's deposit and seed controls seen through the partner client: the list's sync, rewards and paging.
import { beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/sandbox/clock";
import {
  decimalStringSchema,
  swapIdPattern,
  swapListSchema,
  swapSchema,
  type SwapListItem,
} from "@/lib/schema/partner";
import type { RunningSandbox } from "@/tests/support/servers";
import { T0, clientFor, newSwap, raw, sandboxesForFile, type Client } from "./support/partner-client";

const sandbox = sandboxesForFile();

const deposit = (sb: RunningSandbox, id: string, body: Record<string, unknown> = {}) =>
  raw(sb, `/sandbox/swaps/${id}/deposit`, { method: "POST", body });

// ---- the deposit control and the list's sync ---------------------------------------------------

describe("the sandbox's deposit control and the swap list", () => {
  it("walks a deposited swap through deposit_detected → processing → completed; the list follows each live read and then carries the commission", async () => {
    const clock = createManualClock();
    const sb = await sandbox({}, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    const listed = async (): Promise<SwapListItem> => (await c.listSwaps()).swaps.find((s) => s.id === swap.id)!;

    expect(await listed()).toMatchObject({
      status: "waiting_deposit",
      commission: { bps: 50, rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(1_000); // past the sync on the minute the swap was made in
    const deposited = await deposit(sb, swap.id);
    expect(deposited.res.status).toBe(200);
    expect(swapSchema.parse(deposited.body).status).toBe("deposit_detected");
    // The deposit arrived on chain, which is no read of the swap: the list still shows the stored state.
    expect(await listed()).toMatchObject({ status: "waiting_deposit" });
    expect((await c.getSwap(swap.id)).status).toBe("deposit_detected");
    expect(await listed()).toMatchObject({
      status: "deposit_detected",
      commission: { rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(5_000);
    expect((await c.getSwap(swap.id)).status).toBe("processing");
    expect(await listed()).toMatchObject({
      status: "processing",
      commission: { rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(5_000);
    // no live read yet and no sync since: the list still shows the stored state
    expect((await listed()).status).toBe("processing");
    expect((await c.listSwaps({ status: "completed" })).total).toBe(0);

    const live = await c.getSwap(swap.id);
    expect(live.status).toBe("completed");
    expect(live.updatedAt).toBe(new Date(T0 + 11_000).toISOString());
    const item = await listed();
    expect(item.status).toBe("completed");
    // 50 bps of 0.01 BTC at 97250 USD
    expect(item.commission).toEqual({ bps: 50, rewardAmountUsdc: "4.8625", rewardStatus: "available" });
    expect(decimalStringSchema.safeParse(item.commission.rewardAmountUsdc).success).toBe(true);
    expect((await c.listSwaps({ status: "completed" })).swaps.map((s) => s.id)).toEqual([swap.id]);
  });

  it("lets a status change reach the list on the next sync (60 s) without a live read", async () => {
    const clock = createManualClock();
    const sb = await sandbox({}, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    clock.advance(1_000); // past the sync on the minute the swap was made in
    expect((await deposit(sb, swap.id)).res.status).toBe(200);

    clock.advance(30_000); // live it is completed by now; the list has not synced since the deposit
    const stale = (await c.listSwaps()).swaps[0]!;
    expect(stale).toMatchObject({
      id: swap.id,
      status: "waiting_deposit",
      commission: { rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(30_000); // the minute turns: the list syncs
    const synced = (await c.listSwaps()).swaps[0]!;
    expect(synced).toMatchObject({
      id: swap.id,
      status: "completed",
      commission: { bps: 50, rewardAmountUsdc: "4.8625", rewardStatus: "available" },
    });
  });

  it("follows SANDBOX_SYNC_SECONDS for the list's staleness", async () => {
    const clock = createManualClock();
    const sb = await sandbox({ SANDBOX_SYNC_SECONDS: "20" }, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    await deposit(sb, swap.id);
    clock.advance(15_000);
    expect((await c.listSwaps()).swaps[0]!.status).toBe("deposit_detected");
    clock.advance(5_000);
    expect((await c.listSwaps()).swaps[0]!.status).toBe("completed");
  });

  it("never accrues a reward for a refunded swap", async () => {
    const clock = createManualClock();
    const sb = await sandbox({}, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    await deposit(sb, swap.id, { outcome: "refunded" });
    clock.advance(60_000);
    expect((await c.getSwap(swap.id)).status).toBe("refunded");
    expect((await c.listSwaps()).swaps[0]).toMatchObject({
      status: "refunded",
      commission: { bps: 50, rewardAmountUsdc: null, rewardStatus: null },
    });
  });

  it("guards the deposit control with the same x-api-key, and answers 404 for an unknown swap", async () => {
    const sb = await sandbox();
    const swap = await newSwap(clientFor(sb));
    const wrongKey = await raw(sb, `/sandbox/swaps/${swap.id}/deposit`, {
      method: "POST",
      body: {},
      headers: { "x-api-key": "lsk_test_wrong" },
    });
    expect(wrongKey.res.status).toBe(401);
    expect(wrongKey.body.error).toMatchObject({ code: "invalid_api_key" });
    const unknown = await deposit(sb, "ZZZZZZZZZZZZ");
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "swap_not_found" });
    expect((await clientFor(sb).getSwap(swap.id)).status).toBe("waiting_deposit");
  });
});

// ---- the seed control and paging ---------------------------------------------------------------

describe("the sandbox's seed control and paging through the list", () => {
  let sb: RunningSandbox;
  let client: Client;
  let all: SwapListItem[];
  let ids: string[];
  beforeAll(async () => {
    sb = await sandbox();
    client = clientFor(sb);
    await newSwap(client);
    const seeded = await raw(sb, "/sandbox/seed", { method: "POST", body: { count: 150 } });
    expect(seeded.res.status).toBe(200);
    ids = seeded.body.ids as string[];
    expect(seeded.body.created).toBe(150);
    all = [];
    for (let offset = 0; ; offset += 40) {
      const page = swapListSchema.parse(await client.listSwaps({ limit: "40", offset: String(offset) }));
      expect(page).toMatchObject({ total: 151, limit: 40, offset });
      all.push(...page.swaps);
      if (page.swaps.length < 40) break;
    }
  });

  it("answers the seeded swaps' ids, each a valid swap id that reads back", async () => {
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    expect(ids.every((id) => swapIdPattern.test(id))).toBe(true);
    expect((await client.getSwap(ids[0]!)).id).toBe(ids[0]);
  });

  it("pages through 151 swaps without overlap or gaps, newest first", () => {
    expect(all).toHaveLength(151);
    expect(new Set(all.map((s) => s.id)).size).toBe(151);
    expect(ids.every((id) => all.some((s) => s.id === id))).toBe(true);
    const times = all.map((s) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("returns 50 swaps by default and at most 100", async () => {
    const page = await client.listSwaps();
    expect(page).toMatchObject({ total: 151, limit: 50, offset: 0 });
    expect(page.swaps).toHaveLength(50);
    expect((await client.listSwaps({ limit: "100" })).swaps).toHaveLength(100);
    expect((await client.listSwaps({ limit: "100", offset: "100" })).swaps).toHaveLength(51);
  });

  it("filters seeded swaps by status, with total counting every match", async () => {
    const count = (statuses: string[]) => all.filter((s) => statuses.includes(s.status)).length;
    expect(count(["completed"])).toBeGreaterThan(10);
    const completed = await client.listSwaps({ status: "completed", limit: "5" });
    expect(completed.total).toBe(count(["completed"]));
    expect(completed.swaps).toHaveLength(5);
    expect(completed.swaps.every((s) => s.status === "completed")).toBe(true);
    const two = await client.listSwaps({ status: "completed,expired", limit: "100" });
    expect(two.total).toBe(count(["completed", "expired"]));
    expect(two.swaps.every((s) => s.status === "completed" || s.status === "expired")).toBe(true);
  });

  it("filters seeded swaps by a creation window", async () => {
    const createdTo = all[30]!.createdAt;
    const createdFrom = all[90]!.createdAt;
    const inside = all.filter(
      (s) => Date.parse(s.createdAt) >= Date.parse(createdFrom) && Date.parse(s.createdAt) <= Date.parse(createdTo),
    );
    const window = await client.listSwaps({ createdFrom, createdTo, limit: "100" });
    expect(window.total).toBe(inside.length);
    expect(window.swaps.map((s) => s.id)).toEqual(inside.map((s) => s.id));
  });

  it("accrues a commission on completed seeded swaps only", () => {
    for (const s of all) {
      expect(s.commission.bps).toBe(50);
      if (s.status === "completed") {
        expect(decimalStringSchema.safeParse(s.commission.rewardAmountUsdc).success).toBe(true);
        expect(["available", "claiming", "claimed"]).toContain(s.commission.rewardStatus);
      } else {
        expect(s.commission).toEqual({ bps: 50, rewardAmountUsdc: null, rewardStatus: null });
      }
    }
  });

  it("answers 400 validation_error to a seed body it cannot read", async () => {
    for (const body of [{ count: 0 }, { count: "10" }, { count: 5, statuses: ["done"] }, { count: 5, colour: "red" }]) {
      const { res, body: answer } = await raw(sb, "/sandbox/seed", { method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(answer.error).toMatchObject({ code: "validation_error" });
    }
  });
});
