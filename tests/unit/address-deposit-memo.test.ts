// Deposit addresses generated for every network, and memos: checkMemo's rules per network and generateDepositMemo.
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addressNetworks,
  checkAddress,
  checkMemo,
  generateDepositAddress,
  generateDepositMemo,
  networkSupportsMemo,
} from "@/lib/sandbox/address";

describe("generateDepositAddress", () => {
  const expectedShape: Record<string, RegExp> = {
    bitcoin: /^bc1q[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/,
    litecoin: /^ltc1q[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/,
    dogecoin: /^D[1-9A-HJ-NP-Za-km-z]{33}$/,
    ethereum: /^0x[0-9a-fA-F]{40}$/,
    bsc: /^0x[0-9a-fA-F]{40}$/,
    arbitrum: /^0x[0-9a-fA-F]{40}$/,
    base: /^0x[0-9a-fA-F]{40}$/,
    polygon: /^0x[0-9a-fA-F]{40}$/,
    tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    xrpl: /^r[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{24,34}$/,
    stellar: /^G[A-Z2-7]{55}$/,
    cosmos: /^cosmos1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/,
    ton: /^EQ[A-Za-z0-9_-]{46}$/,
  };

  it.each(addressNetworks)("generates addresses for %s that pass checkAddress unchanged", (network) => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (seed) => {
        const address = generateDepositAddress(network, seed);
        expect(address).toMatch(expectedShape[network] ?? /^$/);
        expect(checkAddress(network, address)).toEqual({ valid: true, normalizedAddress: address, message: null });
      }),
      { numRuns: 50 },
    );
  });

  it("is deterministic for a seed and differs between seeds", () => {
    const seedA = new TextEncoder().encode("order-1");
    const seedB = new TextEncoder().encode("order-2");
    for (const network of addressNetworks) {
      expect(generateDepositAddress(network, seedA)).toBe(generateDepositAddress(network, seedA));
      expect(generateDepositAddress(network, seedA)).not.toBe(generateDepositAddress(network, seedB));
    }
  });

  it("throws for an unknown network", () => {
    expect(() => generateDepositAddress("monero", new Uint8Array(1))).toThrow(/Unsupported network/);
  });
});

describe("memos", () => {
  it("reports memo support only for xrpl, stellar, cosmos and ton", () => {
    expect(addressNetworks.filter(networkSupportsMemo).sort()).toEqual(["cosmos", "stellar", "ton", "xrpl"]);
    expect(networkSupportsMemo("monero")).toBe(false);
  });

  it("rejects any memo on a network without memos", () => {
    expect(checkMemo("bitcoin", "123")).toEqual({ valid: false, message: "Bitcoin transfers do not use a memo." });
    expect(checkMemo("ethereum", "123").valid).toBe(false);
  });

  it("rejects a memo for an unknown network", () => {
    expect(checkMemo("monero", "123").valid).toBe(false);
  });

  it.each(["xrpl", "stellar", "cosmos", "ton"])("rejects an empty memo or control characters on %s", (network) => {
    expect(checkMemo(network, "")).toEqual({ valid: false, message: "The memo is empty." });
    expect(checkMemo(network, "12\n34").valid).toBe(false);
    expect(checkMemo(network, "12\t34").valid).toBe(false);
    expect(checkMemo(network, "12\u007f").valid).toBe(false);
    expect(checkMemo(network, "12\ud800").valid).toBe(false);
  });

  describe("xrpl destination tag", () => {
    it.each(["0", "1", "123456789", "4294967295"])("accepts %s", (tag) => {
      expect(checkMemo("xrpl", tag)).toEqual({ valid: true, message: null });
    });

    it.each(["4294967296", "99999999999", "007", "-1", "1.5", "1e3", " 12", "abc"])("rejects %s", (tag) => {
      expect(checkMemo("xrpl", tag).valid).toBe(false);
    });
  });

  describe("stellar memo", () => {
    it("accepts text up to 28 UTF-8 bytes and a uint64 MEMO_ID", () => {
      expect(checkMemo("stellar", "a".repeat(28)).valid).toBe(true);
      expect(checkMemo("stellar", "\u{1F600}".repeat(7)).valid).toBe(true);
      expect(checkMemo("stellar", "18446744073709551615").valid).toBe(true);
    });

    it("rejects text longer than 28 UTF-8 bytes, even when it is short in characters", () => {
      expect(checkMemo("stellar", "a".repeat(29)).valid).toBe(false);
      expect(checkMemo("stellar", "\u{1F600}".repeat(8)).valid).toBe(false);
      expect(checkMemo("stellar", "é".repeat(15)).valid).toBe(false);
    });
  });

  describe("cosmos memo", () => {
    it("accepts up to 256 characters and rejects more", () => {
      expect(checkMemo("cosmos", "x".repeat(256)).valid).toBe(true);
      expect(checkMemo("cosmos", "é".repeat(256)).valid).toBe(true);
      expect(checkMemo("cosmos", "x".repeat(257)).valid).toBe(false);
    });
  });

  describe("ton comment", () => {
    it("accepts up to 120 UTF-8 bytes and rejects more", () => {
      expect(checkMemo("ton", "x".repeat(120)).valid).toBe(true);
      expect(checkMemo("ton", "x".repeat(121)).valid).toBe(false);
      expect(checkMemo("ton", "é".repeat(61)).valid).toBe(false);
    });
  });

  describe("generateDepositMemo", () => {
    it.each(["xrpl", "stellar", "cosmos", "ton"])("generates a valid numeric memo for %s", (network) => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 64 }), (seed) => {
          const memo = generateDepositMemo(network, seed);
          expect(memo).toMatch(/^[1-9][0-9]{8}$/);
          expect(checkMemo(network, memo ?? "")).toEqual({ valid: true, message: null });
        }),
        { numRuns: 50 },
      );
    });

    it("is deterministic for a seed", () => {
      const seed = new TextEncoder().encode("order-1");
      expect(generateDepositMemo("xrpl", seed)).toBe(generateDepositMemo("xrpl", seed));
    });

    it("returns null for networks without memos", () => {
      for (const network of addressNetworks.filter((n) => !networkSupportsMemo(n))) {
        expect(generateDepositMemo(network, new Uint8Array(4))).toBeNull();
      }
    });
  });
});
