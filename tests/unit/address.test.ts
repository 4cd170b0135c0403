import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { bech32 } from "@scure/base";
import { hexToBytes } from "@noble/hashes/utils.js";
import {
  addressNetworks,
  checkAddress,
  checkMemo,
  generateDepositAddress,
  generateDepositMemo,
  networkSupportsMemo,
} from "@/lib/sandbox/address";
import { crc16Xmodem } from "@/lib/sandbox/address/bytes";
import { encodeBounceable } from "@/lib/sandbox/address/ton";

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const XRP_BASE58 = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Replaces the character two thirds into the address with the next one in its alphabet. */
function substituteOneCharacter(address: string, alphabet: string): string {
  const index = Math.floor((address.length * 2) / 3);
  const position = alphabet.indexOf(address.charAt(index));
  if (position < 0) throw new Error(`"${address.charAt(index)}" is not in the alphabet`);
  const replacement = alphabet.charAt((position + 1) % alphabet.length);
  return address.slice(0, index) + replacement + address.slice(index + 1);
}

function bech32Alphabet(address: string): string {
  return address === address.toUpperCase() ? BECH32.toUpperCase() : BECH32;
}

function expectValid(network: string, address: string, normalized = address): void {
  expect(checkAddress(network, address)).toEqual({ valid: true, normalizedAddress: normalized, message: null });
}

/** Valid as given, and refused by its checksum once one character is substituted. */
function expectValidWithChecksum(network: string, address: string, alphabet: string): void {
  expectValid(network, address);
  expectInvalid(network, substituteOneCharacter(address, alphabet), /checksum does not match/);
}

function expectInvalid(network: string, address: string, message?: string | RegExp): void {
  const result = checkAddress(network, address);
  expect(result.valid).toBe(false);
  expect(result.normalizedAddress).toBeNull();
  expect(result.message).toEqual(expect.any(String));
  if (message !== undefined) expect(result.message).toMatch(message);
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
