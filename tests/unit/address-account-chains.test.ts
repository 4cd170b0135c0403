// checkAddress on the account networks (EVM, Tron, Solana, XRPL, Stellar, Cosmos, TON) with published vectors.
import { describe, it, expect } from "vitest";
import { bech32 } from "@scure/base";
import { hexToBytes } from "@noble/hashes/utils.js";
import { crc16Xmodem } from "@/lib/sandbox/address/bytes";
import { encodeBounceable } from "@/lib/sandbox/address/ton";
import {
  BASE58,
  BECH32,
  expectInvalid,
  expectValid,
  expectValidWithChecksum,
  substituteOneCharacter,
} from "./support/address-checks";

const XRP_BASE58 = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("EVM networks", () => {
  const evmNetworks = ["ethereum", "bsc", "arbitrum", "base", "polygon"] as const;
  // EIP-55 test vectors.
  const mixedCase = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];
  const allCaps = ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"];
  const allLower = ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"];

  function flipCaseOfLastLetter(address: string): string {
    const index = address.search(/[a-fA-F][0-9]*$/);
    const char = address.charAt(index);
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    return address.slice(0, index) + flipped + address.slice(index + 1);
  }

  it.each(evmNetworks)("accepts the EIP-55 vectors on %s", (network) => {
    for (const address of [...mixedCase, ...allCaps, ...allLower]) expectValid(network, address);
  });

  it.each(mixedCase)("rejects %s when the case of one letter is changed", (address) => {
    expectInvalid("ethereum", flipCaseOfLastLetter(address), /EIP-55 checksum/);
  });

  it("rejects a one-letter case change in the EIP-55 all-caps and all-lowercase vectors", () => {
    for (const address of [...allCaps, ...allLower]) {
      expectInvalid("ethereum", flipCaseOfLastLetter(address), /EIP-55 checksum/);
    }
  });

  it("accepts an address without a checksum and normalizes it to EIP-55", () => {
    for (const address of mixedCase) {
      expectValid("polygon", address.toLowerCase(), address);
      expectValid("bsc", `0x${address.slice(2).toUpperCase()}`, address);
    }
  });

  it("rejects wrong length, missing 0x prefix and non-hex characters", () => {
    expectInvalid("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe", /0x followed by 40 hexadecimal/);
    expectInvalid("ethereum", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", /0x followed by 40 hexadecimal/);
    expectInvalid("ethereum", "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", /0x followed by 40 hexadecimal/);
    expectInvalid("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg", /0x followed by 40 hexadecimal/);
  });
});

describe("tron", () => {
  // USDT (TRC-20) contract, another mainnet contract, and the zero-account "black hole" address.
  it.each([
    ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
    ["TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"],
    ["T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"],
  ])("accepts %s", (address) => {
    expectValidWithChecksum("tron", address, BASE58);
  });

  it("rejects a Bitcoin address, whose version byte is not 0x41", () => {
    expectInvalid("tron", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /must start with "T"/);
  });

  it("rejects an EVM-style hex address", () => {
    expectInvalid("tron", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  });
});

describe("solana", () => {
  // System program, SPL Token program and the USDC mint.
  const addresses = [
    "11111111111111111111111111111111",
    "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
    "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  ];

  it.each(addresses)("accepts %s", (address) => {
    expectValid("solana", address);
  });

  it.each(addresses)("rejects %s with a character outside the Base58 alphabet", (address) => {
    expectInvalid("solana", `${address.slice(0, 10)}0${address.slice(11)}`, /characters that are not used/);
    expectInvalid("solana", `${address.slice(0, 10)}l${address.slice(11)}`, /characters that are not used/);
  });

  it("rejects input that does not decode to 32 bytes", () => {
    expectInvalid("solana", "1111111111111111111111111111111", /32-byte/);
    expectInvalid("solana", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAA", /32-byte/);
    expectInvalid("solana", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /32-byte/);
  });

  it("accepts a substituted character because Solana addresses carry no checksum", () => {
    expectValid("solana", substituteOneCharacter("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", BASE58));
  });
});

describe("xrpl", () => {
  // Genesis account, ACCOUNT_ZERO, ACCOUNT_ONE and the name-reservation black hole (XRPL docs).
  it.each([
    ["rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh"],
    ["rrrrrrrrrrrrrrrrrrrrrhoLvTp"],
    ["rrrrrrrrrrrrrrrrrrrrBZbvji"],
    ["rrrrrrrrrrrrrrrrrNAMEtxvNvQ"],
  ])("accepts the classic address %s", (address) => {
    expectValidWithChecksum("xrpl", address, XRP_BASE58);
  });

  it("rejects an X-address and asks for the classic address and a destination tag", () => {
    expectInvalid(
      "xrpl",
      "X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ",
      /X-address.*classic address.*destination tag/,
    );
  });

  it("rejects a Bitcoin address because the XRP alphabet orders characters differently", () => {
    expectInvalid("xrpl", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
  });
});

describe("stellar", () => {
  it.each([
    ["GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ"],
    ["GCZHXL5HXQX5ABDM26LHYRCQZ5OJFHLOPLZX47WEBP3V2PF5AVFK2A5D"],
    ["GDWIZBODB4V7Q4V5TS4OMPUMDDTDNXMFQOSLVE6JG7PL4MHPTG6XO43Q"],
  ])("accepts the account id %s", (address) => {
    expectValidWithChecksum("stellar", address, BASE32);
  });

  it.each([
    ["GAAAAAAAACGC6", "a 5-byte key"],
    ["GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZA", "a length congruent to 1 mod 8"],
    ["GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUACUSI", "36 decoded bytes instead of 35"],
    ["G47QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVP2I", "algorithm bits set to 7 in the version byte"],
  ])("rejects the SEP-23 invalid strkey %s (%s)", (address) => {
    expectInvalid("stellar", address);
  });

  it("rejects a lowercase strkey", () => {
    expectInvalid("stellar", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ".toLowerCase());
  });

  it("rejects a secret seed with a warning not to share it", () => {
    expectInvalid("stellar", "SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR", /secret seed.*Never share it/);
  });

  it("rejects a muxed account and points to the G address plus memo", () => {
    expectInvalid("stellar", "MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVAAAAAAAAAAAAAJLK", /Muxed.*memo/);
  });
});

describe("cosmos", () => {
  // Cosmos Hub module accounts (sha256(module name)[:20]) and the SDK's 0x01..0x14 test address.
  const addresses = [
    "cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta",
    "cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl",
    "cosmos1fl48vsnmsdzcv85q5d2q4z5ajdha8yu34mf0eh",
    "cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn",
    "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu",
  ];

  it.each(addresses)("accepts %s", (address) => {
    expectValidWithChecksum("cosmos", address, BECH32);
  });

  it("accepts the all-uppercase form and lowercases it", () => {
    expectValid(
      "cosmos",
      "COSMOS17XPFVAKM2AMG962YLS6F84Z3KELL8C5LSERQTA",
      "cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta",
    );
  });

  it("rejects mixed case", () => {
    expectInvalid("cosmos", "cosmos17xpfvakm2amg962yls6f84z3kell8c5lSERQTA", /mixes upper-case and lower-case/);
  });

  it("rejects other bech32 prefixes", () => {
    expectInvalid("cosmos", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", /must start with "cosmos1"/);
  });

  it("rejects a bech32 string whose payload is not 20 or 32 bytes", () => {
    expectInvalid("cosmos", bech32.encodeFromBytes("cosmos", new Uint8Array(16)), /20-byte or 32-byte/);
  });
});

describe("ton", () => {
  // TON docs "Smart contract addresses": one account in bounceable, non-bounceable,
  // testnet and raw form, plus the elector and config system contracts (workchain -1).
  const docsRaw = "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e";
  const friendly = [
    "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF",
    "UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA",
    "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
    "Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF",
    "Ef9VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVbxn",
  ];

  it.each(friendly)("accepts the user-friendly address %s", (address) => {
    expectValidWithChecksum("ton", address, BASE64URL);
  });

  it("accepts the standard base64 alphabet and normalizes to base64url", () => {
    expectValid(
      "ton",
      "EQDtFpEwcFAEcRe5mLVh2N6C0x+/hJEM7W61/JLnSF74p4q2",
      "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
    );
  });

  it("rejects a mix of the base64 and base64url alphabets", () => {
    expectInvalid("ton", "EQDtFpEwcFAEcRe5mLVh2N6C0x+_hJEM7W61_JLnSF74p4q2");
  });

  it("rejects testnet-only addresses", () => {
    for (const address of [
      "kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP",
      "0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK",
    ]) {
      expectInvalid("ton", address, "This is a TON testnet address; a mainnet address is required.");
    }
  });

  it("rejects a bounceable address whose flag was changed without recomputing the CRC", () => {
    expectInvalid("ton", "UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2", /checksum does not match/);
  });

  it("accepts the raw form and lowercases it", () => {
    expectValid("ton", docsRaw);
    expectValid("ton", docsRaw.toUpperCase(), docsRaw);
    expectValid("ton", `-1:${"33".repeat(32)}`);
  });

  it("rejects a raw address on another workchain or with the wrong length", () => {
    expectInvalid("ton", docsRaw.replace(/^0:/, "1:"));
    expectInvalid("ton", docsRaw.slice(0, -1));
  });

  it("rejects a user-friendly address on a workchain other than 0 or -1", () => {
    expectInvalid("ton", encodeBounceable(1, new Uint8Array(32)), /workchain must be 0 or -1/);
  });

  it("encodes account ids exactly like the published examples", () => {
    expect(encodeBounceable(0, hexToBytes(docsRaw.slice(2)))).toBe("EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF");
    expect(encodeBounceable(-1, new Uint8Array(32).fill(0x33))).toBe(
      "Ef8zMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzM0vF",
    );
  });
});

describe("crc16Xmodem", () => {
  it("matches the CRC-16/XMODEM check value for '123456789'", () => {
    expect(crc16Xmodem(new TextEncoder().encode("123456789"))).toBe(0x31c3);
  });
});
