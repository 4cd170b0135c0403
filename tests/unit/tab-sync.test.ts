// Tabs of the same swap hand each other snapshots over a BroadcastChannel that any page of the
// origin can post on (lib/client/tab-sync.ts): a tab keeps only a valid snapshot of its own swap,
// from a tab that holds the same token, that moves neither the deposit nor the payout.
import { beforeAll, describe, expect, it } from "vitest";
import type { SwapSnapshot } from "@/lib/client/bff";
import { MAX_AHEAD_MS, newerSnapshot, readTabSyncMessage, tabSyncMessage, tokenProof } from "@/lib/client/tab-sync";
import type { Swap } from "@/lib/schema/partner";
import { inProcessSandbox } from "../support/in-process-sandbox";

const TOKEN = "tok_abcdefghijklmnopqrstuvwx";
const OTHER_TOKEN = "tok_zyxwvutsrqponmlkjihgfedc";
const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const FORGED_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

let swap: Swap;
let proof: string;
beforeAll(async () => {
  swap = await inProcessSandbox().newSwap();
  proof = (await tokenProof(swap.id, TOKEN))!;
});

const snapshot = (over: Partial<SwapSnapshot> = {}, swapOver: Partial<Swap> = {}): SwapSnapshot => ({
  swap: { ...swap, ...swapOver },
  checkedAt: NOW,
  clockOffset: 0,
  ...over,
});

describe("the proof of the token", () => {
  it("is the same for the same swap and token, differs for another token or swap, and does not contain the token", async () => {
    expect(proof).toMatch(/^[0-9a-f]{64}$/);
    expect(await tokenProof(swap.id, TOKEN)).toBe(proof);
    expect(await tokenProof(swap.id, OTHER_TOKEN)).not.toBe(proof);
    expect(await tokenProof("ABCDEFGHJKLM", TOKEN)).not.toBe(proof);
    expect(JSON.stringify(tabSyncMessage(snapshot(), proof))).not.toContain(TOKEN);
  });
});

describe("a message on the channel", () => {
  const read = (data: unknown) => readTabSyncMessage(data, { id: swap.id, proof });

  it("is taken from a tab with the same swap and token", () => {
    expect(read(tabSyncMessage(snapshot(), proof))).toEqual(snapshot());
  });

  it("is ignored without the proof of the same token: a bare snapshot (what tabs sent before), none, another token's, the token itself", async () => {
    const forged = snapshot({ checkedAt: NOW + 1_000 }, { deposit: { ...swap.deposit, address: FORGED_ADDRESS } });
    expect(read(forged)).toBeNull();
    expect(read({ snapshot: forged })).toBeNull();
    expect(read(tabSyncMessage(forged, (await tokenProof(swap.id, OTHER_TOKEN))!))).toBeNull();
    expect(read(tabSyncMessage(forged, TOKEN))).toBeNull();
  });

  it("is ignored when it is about another swap, even with that swap's own proof", async () => {
    const other = await inProcessSandbox().newSwap();
    const otherProof = (await tokenProof(other.id, TOKEN))!;
    expect(
      readTabSyncMessage(tabSyncMessage({ swap: other, checkedAt: NOW, clockOffset: 0 }, otherProof), {
        id: swap.id,
        proof,
      }),
    ).toBeNull();
    expect(read(tabSyncMessage({ swap: other, checkedAt: NOW, clockOffset: 0 }, proof))).toBeNull();
  });

  it("is ignored when its swap fails the check a BFF answer passes, or its times are not numbers", () => {
    const broken: unknown[] = [
      snapshot({}, { status: "teleported" as Swap["status"] }),
      snapshot({}, { deposit: { ...swap.deposit, address: 42 as unknown as string } }),
      snapshot({}, { deposit: undefined as unknown as Swap["deposit"] }),
      { ...snapshot(), checkedAt: "soon" },
      { ...snapshot(), checkedAt: Number.POSITIVE_INFINITY },
      { ...snapshot(), clockOffset: null },
      { swap: null, checkedAt: NOW, clockOffset: 0 },
    ];
    for (const value of broken) expect(read({ proof, snapshot: value }), JSON.stringify(value)).toBeNull();
    expect(read(null)).toBeNull();
    expect(read("hello")).toBeNull();
  });
});

describe("what a tab shows after a valid message", () => {
  const current = () => snapshot();

  it("is the newer snapshot: a later status replaces the shown one, an older or equal one does not", () => {
    const later = snapshot({ checkedAt: NOW + 5_000 }, { status: "deposit_detected" });
    expect(newerSnapshot(current(), later, NOW)).toBe(later);
    expect(
      newerSnapshot(current(), snapshot({ checkedAt: NOW - 1 }, { status: "deposit_detected" }), NOW)?.swap.status,
    ).toBe("waiting_deposit");
    expect(
      newerSnapshot(current(), snapshot({ checkedAt: NOW }, { status: "deposit_detected" }), NOW)?.swap.status,
    ).toBe("waiting_deposit");
    expect(newerSnapshot(undefined, later, NOW)).toBe(later);
  });

  it("never moves the deposit or the payout, whatever the message claims", () => {
    const ends: Partial<Swap>[] = [
      { deposit: { ...swap.deposit, address: FORGED_ADDRESS } },
      { deposit: { ...swap.deposit, memo: "123" } },
      { deposit: { ...swap.deposit, network: "litecoin" } },
      { payout: { ...swap.payout, address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" } },
      { payout: { ...swap.payout, memo: "7" } },
      { payout: { ...swap.payout, token: "TRX" } },
    ];
    for (const over of ends)
      expect(newerSnapshot(current(), snapshot({ checkedAt: NOW + 5_000 }, over), NOW)).toEqual(current());
  });

  it("is not a snapshot dated further ahead than the server's clock allows, which would pin the page to it", () => {
    const ahead = snapshot({ checkedAt: NOW + MAX_AHEAD_MS + 1 }, { status: "deposit_detected" });
    expect(newerSnapshot(current(), ahead, NOW)).toEqual(current());
    // A server clock ahead of this browser's moves the limit with it.
    const skewed = { ...current(), clockOffset: 120_000 };
    expect(newerSnapshot(skewed, ahead, NOW)).toBe(ahead);
  });
});
