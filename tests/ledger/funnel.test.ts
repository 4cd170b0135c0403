// The funnel's ledger on PGlite: steps as the BFF writes them, and the answer decided at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedgerDb, type LedgerConnection } from "@/lib/ledger/db";
import { announceAbandoned, funnelReport, recordFunnelStep } from "@/lib/ledger/funnel";
import { recordSwaps } from "@/lib/ledger/record";
import { forgetOtherSandbox } from "@/lib/ledger/sync";
import { completedVolume } from "@/lib/ledger/volume";
import { webhookDeliveries } from "@/lib/ledger/schema";
import { eq } from "drizzle-orm";
import type { SwapListItem, SwapStatus } from "@/lib/schema/partner";
import { seededSwap } from "@/tests/support/ledger-seed";

const T0 = Date.parse("2026-11-20T10:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const QUOTE_S = 180;

let ledger: LedgerConnection;
beforeAll(async () => {
  ledger = await openLedgerDb({ memory: true });
});
afterAll(() => ledger.close());

let quotes = 0;
async function quote(
  externalId: string,
  seconds: number,
  options: { pair?: string; locale?: string; origin?: string } = {},
) {
  const quoteId = `pq_${(++quotes).toString(16).padStart(24, "0")}`;
  const pair = options.pair ?? "BTC.bitcoin>USDT.tron";
  await recordFunnelStep(ledger.db, {
    kind: "quote",
    at: at(seconds),
    externalId,
    quoteId,
    expiresAt: at(seconds + QUOTE_S),
    pair,
    receive: pair.split(">")[1]!,
    locale: options.locale ?? "en",
    origin: options.origin ?? "direct",
  });
  return quoteId;
}

let swaps = 0;
async function swap(externalId: string, createdS: number, statuses: SwapStatus[], updatedS = createdS + 60) {
  const base = seededSwap(1000 + ++swaps, T0);
  const created = at(createdS).toISOString();
  for (const [i, status] of statuses.entries()) {
    const item: SwapListItem = {
      ...base,
      externalId,
      status,
      createdAt: created,
      updatedAt: i === statuses.length - 1 ? at(updatedS).toISOString() : at(createdS + i).toISOString(),
    };
    await recordSwaps(ledger.db, [item], { source: "live", seenAt: new Date(), events: false });
  }
}

describe("the funnel's ledger", () => {
  it("counts stages, endings and drop-off reasons per order, decided at the time it is read", async () => {
    // abandoned after one quote
    await quote("ord_a", 0, { locale: "de" });
    // address refused, then fixed, swap completed 600 s after the first quote
    await quote("ord_b", 10);
    await recordFunnelStep(ledger.db, {
      kind: "address",
      at: at(20),
      externalId: "ord_b",
      asset: "USDT.tron",
      valid: false,
    });
    await recordFunnelStep(ledger.db, {
      kind: "address",
      at: at(25),
      externalId: "ord_b",
      asset: "USDT.tron",
      valid: true,
    });
    await swap("ord_b", 30, ["waiting_deposit", "deposit_detected", "processing", "completed"], 610);
    // re-quoted after expiry, then a refund; a refund-address check (BTC) does not count
    const c1 = await quote("ord_c", 20, { origin: "https://shop.example" });
    await recordFunnelStep(ledger.db, {
      kind: "address",
      at: at(30),
      externalId: "ord_c",
      asset: "BTC.bitcoin",
      valid: true,
    });
    await recordFunnelStep(ledger.db, { kind: "quote_expired", at: at(300), quoteId: c1 });
    await quote("ord_c", 300);
    await swap("ord_c", 310, ["waiting_deposit", "deposit_detected", "refunded"]);
    // failed with a deposit, failed without one, expired: a second swap of an order is the one that counts
    await quote("ord_d", 30);
    await swap("ord_d", 40, ["waiting_deposit", "expired"]);
    await swap("ord_d", 50, ["waiting_deposit", "processing", "failed"]);
    await quote("ord_e", 40, { pair: "ETH.ethereum>BTC.bitcoin" });
    await swap("ord_e", 50, ["failed"]);
    // a quote taken, a limit, still in flight
    const f = await quote("ord_f", 3000);
    await recordFunnelStep(ledger.db, { kind: "quote_taken", at: at(3010), quoteId: f });
    await recordFunnelStep(ledger.db, { kind: "rate_limited", at: at(3011), externalId: "ord_f" });
    // another deployment's swap, and steps for an order never quoted here
    await swap("ord_zz", 60, ["completed"]);
    await recordFunnelStep(ledger.db, {
      kind: "address",
      at: at(70),
      externalId: "ord_zz",
      asset: "USDT.tron",
      valid: false,
    });
    await recordFunnelStep(ledger.db, { kind: "quote_taken", at: at(70), quoteId: "pq_ffffffffffffffffffffffff" });

    const report = await funnelReport(ledger.db, { now: at(3100), groupBy: "pair" });
    expect(report.stages).toEqual({ quoted: 6, addressChecked: 1, swapCreated: 4, depositSeen: 3, completed: 1 });
    expect(report.endings).toEqual({ completed: 1, refunded: 1, failed: 2, expired: 0, abandoned: 1 });
    expect(report.dropOff).toEqual({ quoteExpired: 1, addressInvalid: 1, quoteTaken: 1, refusedByLimit: 1 });
    expect(report.medianSecondsToComplete).toBe(600);
    expect(report.groups).toEqual([
      {
        key: "BTC.bitcoin>USDT.tron",
        stages: { quoted: 5, addressChecked: 1, swapCreated: 3, depositSeen: 3, completed: 1 },
        endings: { completed: 1, refunded: 1, failed: 1, expired: 0, abandoned: 1 },
      },
      {
        key: "ETH.ethereum>BTC.bitcoin",
        stages: { quoted: 1, addressChecked: 0, swapCreated: 1, depositSeen: 0, completed: 0 },
        endings: { completed: 0, refunded: 0, failed: 1, expired: 0, abandoned: 0 },
      },
    ]);
    // Before ord_a's quote expired it was still in flight; the period picks orders by their first quote.
    expect((await funnelReport(ledger.db, { now: at(100) })).endings.abandoned).toBe(0);
    const late = await funnelReport(ledger.db, {
      now: at(3100),
      from: at(1000).toISOString(),
      to: at(4000).toISOString(),
      groupBy: "origin",
    });
    expect(late.stages.quoted).toBe(1);
    expect(late.groups).toEqual([
      {
        key: "direct",
        stages: { quoted: 1, addressChecked: 0, swapCreated: 0, depositSeen: 0, completed: 0 },
        endings: { completed: 0, refunded: 0, failed: 0, expired: 0, abandoned: 0 },
      },
    ]);
    const days = await funnelReport(ledger.db, { now: at(3100), groupBy: "day" });
    expect(days.groups?.map((g) => [g.key, g.stages.quoted])).toEqual([["2026-11-20", 6]]);
    const locales = await funnelReport(ledger.db, { now: at(3100), groupBy: "locale" });
    expect(locales.groups?.map((g) => [g.key, g.stages.quoted])).toEqual([
      ["en", 5],
      ["de", 1],
    ]);

    // order.abandoned: once, with the reasons met
    expect(await announceAbandoned(ledger.db, at(3100), at(3100))).toBe(1);
    expect(await announceAbandoned(ledger.db, at(3100), at(3100))).toBe(0);
    const [event] = await ledger.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.type, "order.abandoned"));
    expect(event?.swapId).toBe("ord_a");
    expect(JSON.parse(event!.payload)).toEqual({
      type: "order.abandoned",
      timestamp: at(3100).toISOString(),
      data: { externalId: "ord_a", pair: "BTC.bitcoin>USDT.tron", dropOff: [] },
    });
  });

  it("sums the completed swaps' volume per asset sent, in USDC only where a side is a USD stablecoin", async () => {
    // The two completed swaps of the test above: 0.0123 BTC each, paying out 812.5 USDT (estimated).
    expect(await completedVolume(ledger.db, {})).toEqual([
      { asset: "BTC.bitcoin", swaps: 2, amount: "0.0246", usdc: "1625", usdcSwaps: 2 },
    ]);
    expect(await completedVolume(ledger.db, { from: "2030-01-01T00:00:00Z" })).toEqual([]);
  });

  it("answers an empty period with zeros and no median", async () => {
    const report = await funnelReport(ledger.db, {
      now: at(0),
      from: "2020-01-01T00:00:00Z",
      to: "2020-01-02T00:00:00Z",
      groupBy: "day",
    });
    expect(report).toEqual({
      from: "2020-01-01T00:00:00.000Z",
      to: "2020-01-02T00:00:00.000Z",
      stages: { quoted: 0, addressChecked: 0, swapCreated: 0, depositSeen: 0, completed: 0 },
      endings: { completed: 0, refunded: 0, failed: 0, expired: 0, abandoned: 0 },
      dropOff: { quoteExpired: 0, addressInvalid: 0, quoteTaken: 0, refusedByLimit: 0 },
      medianSecondsToComplete: null,
      groups: [],
    });
  });

  it("lets go of an earlier sandbox's orders with its swaps", async () => {
    const other = await openLedgerDb({ memory: true });
    try {
      await forgetOtherSandbox(other.db, "sandbox-1", at(0));
      await recordFunnelStep(other.db, {
        kind: "quote",
        at: at(0),
        externalId: "ord_s",
        quoteId: "pq_000000000000000000000abc",
        expiresAt: at(180),
        pair: "BTC.bitcoin>USDT.tron",
        receive: "USDT.tron",
        locale: "en",
        origin: "direct",
      });
      expect((await funnelReport(other.db, { now: at(0) })).stages.quoted).toBe(1);
      await forgetOtherSandbox(other.db, "sandbox-2", at(1));
      expect((await funnelReport(other.db, { now: at(0) })).stages.quoted).toBe(0);
    } finally {
      await other.close();
    }
  });
});
