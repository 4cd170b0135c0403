// checkAddress: the rules common to every network, then Bitcoin, Litecoin and Dogecoin with published vectors.
import { describe, it, expect } from "vitest";
import { addressNetworks } from "@/lib/sandbox/address";
import {
  BASE58,
  BECH32,
  expectInvalid,
  expectValid,
  expectValidWithChecksum,
  substituteOneCharacter,
} from "./support/address-checks";

function bech32Alphabet(address: string): string {
  return address === address.toUpperCase() ? BECH32.toUpperCase() : BECH32;
}

describe("checkAddress: common rules", () => {
  it("lists every supported network under its canonical name", () => {
    expect([...addressNetworks].sort()).toEqual(
      [
        "arbitrum",
        "base",
        "bitcoin",
        "bsc",
        "cosmos",
        "dogecoin",
        "ethereum",
        "litecoin",
        "polygon",
        "solana",
        "stellar",
        "ton",
        "tron",
        "xrpl",
      ].sort(),
    );
  });

  it("rejects an unknown network, including names inherited from Object.prototype", () => {
    expectInvalid("monero", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /not a supported network/);
    expectInvalid("__proto__", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /not a supported network/);
    expectInvalid("Bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /not a supported network/);
  });

  it("rejects leading or trailing whitespace instead of trimming it", () => {
    expectInvalid("bitcoin", " 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /space or line break/);
    expectInvalid("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\n", /space or line break/);
    expectInvalid("ethereum", "\t0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", /space or line break/);
  });

  it("rejects an empty address", () => {
    expectInvalid("bitcoin", "", "Enter a Bitcoin address.");
  });

  it("rejects very long input before decoding it", () => {
    expectInvalid("solana", "1".repeat(5000), /too long/);
  });
});

describe("bitcoin", () => {
  // BIP-173 and BIP-350 valid mainnet vectors.
  const segwit = [
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"],
    ["bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", null],
    ["BC1SW50QGDZ25J", "bc1sw50qgdz25j"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", null],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", null],
    // BIP-341 taproot test vector.
    ["bc1p2wsldez5mud2yam29q22wgfh9439spgduvct83k3pm50fcxa5dps59h4z5", null],
  ] as const;

  it.each(segwit)("accepts the BIP-173/BIP-350 segwit address %s and lowercases it", (address, normalized) => {
    expectValid("bitcoin", address, normalized ?? address);
    expectInvalid("bitcoin", substituteOneCharacter(address, bech32Alphabet(address)), /checksum/);
  });

  it("accepts both the all-uppercase and all-lowercase form of a segwit address", () => {
    expectValid("bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    expectValid("bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
  });

  it("rejects a segwit address that mixes upper and lower case", () => {
    expectInvalid("bitcoin", "bc1qw508d6qejxtdg4Y5R3ZARVARY0C5XW7KV8F3T4", /mixes upper-case and lower-case/);
    expectInvalid(
      "bitcoin",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72Q4k9hcz7vqzk5jj0",
      /mixes upper-case and lower-case/,
    );
  });

  it("accepts the genesis block coinbase address and a P2SH address unchanged", () => {
    for (const address of ["1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX"]) {
      expectValidWithChecksum("bitcoin", address, BASE58);
    }
  });

  it("rejects a Base58 address with a wrong checksum", () => {
    expectInvalid(
      "bitcoin",
      "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb",
      "This is not a valid Bitcoin address: the checksum does not match.",
    );
  });

  it("rejects characters outside the Base58 alphabet", () => {
    expectInvalid("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0", /characters that are not used/);
  });

  it("rejects testnet addresses with a testnet message", () => {
    for (const address of [
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
      "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
      "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn",
      "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc",
    ]) {
      expectInvalid("bitcoin", address, "This is a Bitcoin testnet address; a mainnet address is required.");
    }
  });

  it("rejects a Litecoin or Dogecoin address", () => {
    expectInvalid("bitcoin", "LKKHMBjCU89fyFNgSRprDoD8Jb25N8uWvd", /different network/);
    expectInvalid("bitcoin", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", /different network/);
    expectInvalid("bitcoin", "ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9");
  });

  it("rejects a segwit address with a wrong bech32 checksum (BIP-173)", () => {
    expectInvalid("bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", /checksum does not match/);
  });

  it("rejects a bech32m checksum on a segwit v0 address (BIP-350)", () => {
    expectInvalid(
      "bitcoin",
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
      /version 0 address must use a bech32 checksum/,
    );
  });

  it("rejects a bech32 checksum on a v1+ address (BIP-350)", () => {
    for (const address of [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
      "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",
    ]) {
      expectInvalid("bitcoin", address, /must use a bech32m checksum/);
    }
  });

  it("rejects the BIP-173 v1+ vectors that BIP-350 re-specified with bech32m", () => {
    for (const address of [
      "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx",
      "BC1SW50QA3JX3S",
      "bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj",
    ]) {
      expectInvalid("bitcoin", address, /must use a bech32m checksum/);
    }
  });

  it("rejects a witness version above 16", () => {
    expectInvalid("bitcoin", "BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", /witness version/);
    expectInvalid("bitcoin", "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", /witness version/);
  });

  it("rejects a witness program shorter than 2 or longer than 40 bytes", () => {
    expectInvalid("bitcoin", "bc1pw5dgrnzv", /between 2 and 40 bytes/);
    expectInvalid(
      "bitcoin",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
      /between 2 and 40 bytes/,
    );
  });

  it("rejects a v0 witness program that is neither 20 nor 32 bytes (BIP-141)", () => {
    expectInvalid("bitcoin", "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", /20 or 32 bytes/);
  });

  it("rejects more than 4 bits of zero padding", () => {
    expectInvalid("bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", /padding/);
  });

  it("rejects remaining BIP-173/BIP-350 invalid vectors", () => {
    for (const address of [
      "bc1rw5uspcuh",
      "bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90",
      "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du",
      "bc1gmk9yu",
      "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
      "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",
    ]) {
      expectInvalid("bitcoin", address);
    }
  });
});

describe("litecoin", () => {
  it.each([
    ["LKKHMBjCU89fyFNgSRprDoD8Jb25N8uWvd"],
    ["M7zVKQKmtV5Rc7erVGVVC3khZbXxsS5HEX"],
    ["3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX"],
  ])("accepts the Base58 address %s", (address) => {
    expectValidWithChecksum("litecoin", address, BASE58);
  });

  it.each([["ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9"], ["ltc1q8efhd0pekgttgw23xuracy68fj4vw6snjxk9l9"]])(
    "accepts the native segwit address %s",
    (address) => {
      expectValidWithChecksum("litecoin", address, BECH32);
    },
  );

  it("rejects a Bitcoin segwit address", () => {
    expectInvalid("litecoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
  });

  it("rejects a Bitcoin P2PKH address", () => {
    expectInvalid("litecoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /different network/);
  });
});

describe("dogecoin", () => {
  it.each([
    ["DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"],
    ["D5ERdEN1gsouFSs7zsq7VYJxyWP6dP28H1"],
    ["9rXbkMyi1S6thykRoXAZcY8fwUKYsy6cXE"],
  ])("accepts the address %s", (address) => {
    expectValidWithChecksum("dogecoin", address, BASE58);
  });

  it("rejects a Bitcoin address", () => {
    expectInvalid("dogecoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", /different network/);
  });

  it("does not accept bech32 addresses, which Dogecoin does not have", () => {
    expectInvalid("dogecoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
  });
});
