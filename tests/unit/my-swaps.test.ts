// "My swaps on this device" in localStorage (lib/client/my-swaps.ts): what a browser saved before
// a deploy still reads after it, the refund address the checkout passes survives the swap page, and
// a swap opened from a link never hands its payout address to a new checkout.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  forgetSwap,
  keepPrefillFrom,
  listMySwaps,
  markUnderpaid,
  noSwaps,
  rememberSwap,
  takePrefill,
} from "@/lib/client/my-swaps";

const KEY = "swap-checkout:my-swaps";
const TOKEN = "tok_abcdefghijklmnopqrstuvwx";
const REFUND = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => {
  Object.assign(globalThis, { window: { localStorage: fakeStorage() }, sessionStorage: fakeStorage() });
});

afterEach(() => {
  Reflect.deleteProperty(globalThis, "window");
  Reflect.deleteProperty(globalThis, "sessionStorage");
});

describe("my swaps on this device", () => {
  // The server renders the empty list; a browser with none must read that same list, or React
  // re-renders everything that lists swaps, synchronously, right after the page hydrates.
  it("reads the server's empty list when nothing is saved, nothing readable is, or all was forgotten", () => {
    expect(listMySwaps()).toBe(noSwaps);
    window.localStorage.setItem(KEY, JSON.stringify([{ id: "not-an-id", token: TOKEN, savedAt: 1 }]));
    expect(listMySwaps()).toBe(noSwaps);
    rememberSwap("ABCDEFGHJKLM", TOKEN);
    expect(listMySwaps()).toHaveLength(1);
    forgetSwap("ABCDEFGHJKLM");
    expect(listMySwaps()).toBe(noSwaps);
  });

  it("reads entries saved before the refund address was kept, and drops what is not an entry", () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify([
        { id: "ABCDEFGHJKLM", token: TOKEN, savedAt: 1 },
        { id: "NPQRSTUVWXYZ", token: TOKEN, savedAt: 2, refundAddress: 42 },
        { id: "not-an-id", token: TOKEN, savedAt: 3 },
        null,
      ]),
    );
    expect(listMySwaps()).toEqual([
      { id: "ABCDEFGHJKLM", token: TOKEN, savedAt: 1 },
      { id: "NPQRSTUVWXYZ", token: TOKEN, savedAt: 2 },
    ]);
  });

  it("keeps the refund address the checkout passed when the swap page remembers the swap again", () => {
    rememberSwap("ABCDEFGHJKLM", TOKEN, { refundAddress: REFUND });
    rememberSwap("ABCDEFGHJKLM", TOKEN);
    expect(listMySwaps()).toEqual([
      expect.objectContaining({ id: "ABCDEFGHJKLM", refundAddress: REFUND, createdHere: true }),
    ]);
  });

  it("saves no refund address when none was typed, and that the swap was created here, so none means none", () => {
    rememberSwap("ABCDEFGHJKLM", TOKEN, { refundAddress: "" });
    expect(listMySwaps()[0]).not.toHaveProperty("refundAddress");
    expect(listMySwaps()[0]).toMatchObject({ createdHere: true });
  });

  it("does not take a swap opened from a link for one created here", () => {
    rememberSwap("NPQRSTUVWXYZ", TOKEN);
    expect(listMySwaps()[0]).not.toHaveProperty("createdHere");
    expect(listMySwaps()[0]).not.toHaveProperty("refundAddress");
  });

  it("remembers that a swap was underpaid through a new token and a reload, and marks no swap it does not keep", () => {
    rememberSwap("ABCDEFGHJKLM", TOKEN, { refundAddress: REFUND });
    markUnderpaid("ABCDEFGHJKLM");
    markUnderpaid("NPQRSTUVWXYZ");
    rememberSwap("ABCDEFGHJKLM", "tok_zyxwvutsrqponmlkjihgfedc");
    const [entry, ...rest] = listMySwaps();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ id: "ABCDEFGHJKLM", underpaid: true, refundAddress: REFUND });
    // A stored value that is not `true` is not taken for one.
    window.localStorage.setItem(
      KEY,
      JSON.stringify([{ id: "ABCDEFGHJKLM", token: TOKEN, savedAt: 1, underpaid: "yes" }]),
    );
    expect(listMySwaps()[0]).not.toHaveProperty("underpaid");
  });

  it("takes an entry saved before swaps were marked as made here for one opened from a link, unless it holds a refund address only the checkout saved", () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify([
        { id: "ABCDEFGHJKLM", token: TOKEN, savedAt: 2 },
        { id: "NPQRSTUVWXYZ", token: TOKEN, savedAt: 1, refundAddress: REFUND },
      ]),
    );
    const [old, withRefund] = listMySwaps();
    expect(old).not.toHaveProperty("createdHere");
    expect(withRefund).toMatchObject({ createdHere: true });
    // The swap page seeing it again does not make a link's swap one made here.
    rememberSwap("ABCDEFGHJKLM", TOKEN);
    expect(listMySwaps().find((s) => s.id === "ABCDEFGHJKLM")).not.toHaveProperty("createdHere");
  });
});

describe("'New quote, same details' from an expired swap", () => {
  const payout = {
    address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD",
    memo: null,
    network: "tron",
    token: "USDT",
    estimatedAmount: "1",
  };

  it("hands the payout address of a swap made on this device to the next checkout, once", () => {
    rememberSwap("ABCDEFGHJKLM", TOKEN, { refundAddress: "" });
    keepPrefillFrom({ id: "ABCDEFGHJKLM", payout });
    expect(takePrefill("USDT.tron")).toEqual({ address: payout.address, memo: "" });
    expect(takePrefill("USDT.tron")).toBeNull();
  });

  it("hands nothing over from a swap opened from a link, and drops what an earlier swap left", () => {
    rememberSwap("ABCDEFGHJKLM", TOKEN, { refundAddress: "" });
    rememberSwap("NPQRSTUVWXYZ", TOKEN);
    keepPrefillFrom({ id: "ABCDEFGHJKLM", payout });
    keepPrefillFrom({
      id: "NPQRSTUVWXYZ",
      payout: { ...payout, address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", memo: "1" },
    });
    expect(takePrefill("USDT.tron")).toBeNull();
  });

  it("hands nothing over from a swap this device does not hold", () => {
    keepPrefillFrom({ id: "ABCDEFGHJKLM", payout });
    expect(takePrefill("USDT.tron")).toBeNull();
  });
});
