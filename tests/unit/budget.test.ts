// The key's upstream budget (lib/bff/upstream/budget.ts) on a manual clock and the memory store: each class
// stops at its ceiling of the one window, a 429 from the upstream shrinks the budget for five
// minutes, and losing the shared store halves it.
import { afterEach, describe, expect, it } from "vitest";
import { budgetRejectedUpstream, effectiveLimit, spendBudget } from "@/lib/bff/upstream/budget";
import { createMemoryStore } from "@/lib/store/memory";
import { createResilientStore } from "@/lib/store/resilient";
import type { Priority } from "@/lib/partner/client";
import { setUpBff, tearDownBff, unreachableStore } from "./bff-harness";

/** How many calls of `priority` the budget lets through now, asking without waiting. */
async function spendAll(priority: Priority, most = 1_000, onBehalfOf?: string): Promise<number> {
  let spent = 0;
  for (; spent < most; spent++) {
    try {
      await spendBudget(priority, 0, onBehalfOf);
    } catch (error) {
      expect((error as { code?: string }).code).toBe("rate_limited");
      break;
    }
  }
  return spent;
}

afterEach(tearDownBff);

describe("the budget's ceilings per class (PARTNER_RATE_LIMIT_PER_MINUTE=100)", () => {
  it.each([
    ["create", 100],
    ["quote", 95],
    ["refresh", 85],
    ["status", 80],
    ["assets", 50],
  ] as const)("%s may use %i of 100 calls a minute, and no more", async (priority, ceiling) => {
    setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    expect(await spendAll(priority)).toBe(ceiling);
  });

  it("keeps the top of the window for the classes above: status spent to its ceiling still leaves room to create swaps", async () => {
    setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    expect(await spendAll("status")).toBe(80);
    expect(await spendAll("assets")).toBe(0);
    expect(await spendAll("refresh")).toBe(85 - 80);
    expect(await spendAll("quote")).toBe(95 - 85);
    expect(await spendAll("create")).toBe(100 - 95);
  });

  it("leaves room for the people quoting now: the classes below stop short of the quotes' ceiling by the last window's quotes and creations, plus two", async () => {
    const bff = setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    // Ten quotes and two creations in the last minute.
    for (let i = 0; i < 10; i++) await spendBudget("quote", 0);
    for (let i = 0; i < 2; i++) await spendBudget("create", 0);
    // The sweep's refreshes and the status reads fill the window to 95 - 12 - 2 = 81, not to 90 and 80.
    expect(await spendAll("refresh")).toBe(81 - 12);
    expect(await spendAll("status")).toBe(0);
    // So the next minute's quotes go through at once (a fixed 90 % left them 5).
    expect(await spendAll("quote")).toBe(95 - 81);
    // Once those quotes have left the window, the refreshes get their room back.
    bff.advance(61_001);
    expect(await spendAll("refresh")).toBe(85);
  });

  it("gives a class its calls back once the window (a minute and a second) has passed", async () => {
    const bff = setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    expect(await spendAll("status")).toBe(80);
    bff.advance(60_000);
    expect(await spendAll("status")).toBe(0);
    bff.advance(1_001);
    expect(await spendAll("status")).toBe(80);
  });
});

describe("one client's share of the key (CLIENT_BUDGET_SHARE=0.25 of 100)", () => {
  it("lets the live reads for its polls use half of it, and keeps the other half for its quotes", async () => {
    setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    // An office behind one address, watching many swaps: its reads stop at 12 of its 25.
    expect(await spendAll("status", 1_000, "office")).toBe(12);
    expect(await spendAll("urgent", 1_000, "office")).toBe(0);
    // Its next quotes still go through, up to the whole share; then it is refused as a client.
    expect(await spendAll("quote", 1_000, "office")).toBe(25 - 12);
    // Another address is not touched by any of it.
    expect(await spendAll("quote", 1_000, "next-door")).toBe(25);
  });
});

describe("after an upstream 429", () => {
  it("pauses every class for the Retry-After, then shrinks the budget to 80 % for five minutes", async () => {
    const bff = setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    await budgetRejectedUpstream(2);
    // Paused: even swap creation waits out the Retry-After.
    expect(await spendAll("create")).toBe(0);
    bff.advance(2_000);
    expect((await effectiveLimit()).limit).toBe(80);
    expect(await spendAll("status")).toBe(Math.floor(80 * 0.8));

    bff.advance(5 * 60_000 - 2_001);
    expect((await effectiveLimit()).limit).toBe(80);
    bff.advance(2);
    expect((await effectiveLimit()).limit).toBe(100);
    expect(await spendAll("status")).toBe(80);
  });

  it("pauses at most a minute for one upstream 429, whatever its Retry-After says", async () => {
    const bff = setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    await budgetRejectedUpstream(3600);
    const refused = await spendBudget("create", 0).catch((error: { headers: Record<string, string> }) => error);
    expect(Number((refused as { headers: Record<string, string> }).headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(await spendAll("create")).toBe(0);
    bff.advance(60_000);
    expect(await spendAll("create", 1)).toBe(1);
  });

  it("shrinks further with each 429, never below half", async () => {
    setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" });
    const limits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await budgetRejectedUpstream(1);
      limits.push((await effectiveLimit()).limit);
    }
    expect(limits).toEqual([80, 64, 51, 50, 50]);
  });
});

describe("without the shared store", () => {
  it("takes half the budget, since other instances may be spending the other half unseen", async () => {
    setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" }, createResilientStore(unreachableStore(), createMemoryStore()));
    expect(await spendAll("create")).toBe(50);
    expect((await effectiveLimit()).limit).toBe(50);
  });

  it("has the whole budget with the store up", async () => {
    setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "100" }, createResilientStore(createMemoryStore(), createMemoryStore()));
    expect(await spendAll("create")).toBe(100);
  });
});
