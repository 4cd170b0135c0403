// Every row of the deposit URI table, with vectors: the exact amount in the standard's unit,
// 18-decimal tokens, amounts finer than the asset can carry refused, memos that need escaping.
import { describe, expect, it } from "vitest";
import { tokenStandard } from "@/lib/swap/asset-ref";
import {
  depositUri,
  exactAmount,
  paymentUri,
  PaymentUriError,
  toBaseUnits,
  type PaymentTarget,
} from "@/lib/swap/payment-uri";

const target = (over: Partial<PaymentTarget>): PaymentTarget => ({
  network: "bitcoin",
  token: "BTC",
  address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  amount: "0.01",
  memo: null,
  decimals: 8,
  contractAddress: null,
  ...over,
});

const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("base units without floating point", () => {
  it.each([
    ["1", 18, "1000000000000000000"],
    ["0.000000000000000001", 18, "1"],
    ["123456789.123456789123456789", 18, "123456789123456789123456789"],
    // 0.1 + 0.2 territory: floats would drift here, strings do not.
    ["0.3", 18, "300000000000000000"],
    ["1.10", 6, "1100000"],
    ["0", 6, "0"],
    ["7", 0, "7"],
  ] as const)("%s with %i decimals → %s", (amount, decimals, want) => {
    expect(toBaseUnits(amount, decimals)).toBe(want);
  });

  it("refuses digits finer than the asset's decimals, but not trailing zeros", () => {
    expect(() => toBaseUnits("0.0000000000000000001", 18)).toThrow(PaymentUriError);
    expect(() => toBaseUnits("0.123456789", 8)).toThrow(/more fraction digits/);
    expect(() => toBaseUnits("0.5", 0)).toThrow(PaymentUriError);
    expect(toBaseUnits("1.500000000000000000000", 18)).toBe("1500000000000000000");
    expect(exactAmount("0010.2500", 8)).toBe("10.25");
  });

  it("refuses what is not a plain decimal", () => {
    for (const bad of ["", "1e18", "-1", "1.", ".5", "1,5", "0x10", " 1"])
      expect(() => exactAmount(bad, 8), bad).toThrow(PaymentUriError);
  });
});

describe("BIP-21: bitcoin, litecoin, dogecoin", () => {
  it("bitcoin: the amount in BTC", () => {
    expect(paymentUri(target({}))).toEqual({
      kind: "uri",
      standard: "BIP-21",
      uri: "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.01",
    });
    expect(paymentUri(target({ amount: "0.00012345" })).uri).toBe(
      "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00012345",
    );
  });
  it("litecoin and dogecoin use their own schemes", () => {
    expect(
      paymentUri(
        target({
          network: "litecoin",
          token: "LTC",
          address: "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea",
          amount: "1.25",
        }),
      ).uri,
    ).toBe("litecoin:ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea?amount=1.25");
    expect(
      paymentUri(
        target({ network: "dogecoin", token: "DOGE", address: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", amount: "100" }),
      ).uri,
    ).toBe("dogecoin:DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L?amount=100");
  });
  it("refuses a satoshi fraction", () => {
    expect(() => paymentUri(target({ amount: "0.000000001" }))).toThrow(PaymentUriError);
  });
});

describe("EIP-681: ethereum, arbitrum, base, bsc, polygon", () => {
  it("native coins: value in wei, with the chain id", () => {
    expect(
      paymentUri(target({ network: "ethereum", token: "ETH", address: EVM, amount: "0.5", decimals: 18 })),
    ).toEqual({
      kind: "uri",
      standard: "EIP-681",
      uri: `ethereum:${EVM}@1?value=500000000000000000`,
    });
    expect(
      paymentUri(target({ network: "arbitrum", token: "ETH", address: EVM, amount: "0.006", decimals: 18 })).uri,
    ).toBe(`ethereum:${EVM}@42161?value=6000000000000000`);
    expect(paymentUri(target({ network: "base", token: "ETH", address: EVM, amount: "1", decimals: 18 })).uri).toBe(
      `ethereum:${EVM}@8453?value=1000000000000000000`,
    );
    expect(paymentUri(target({ network: "bsc", token: "BNB", address: EVM, amount: "0.031", decimals: 18 })).uri).toBe(
      `ethereum:${EVM}@56?value=31000000000000000`,
    );
    expect(
      paymentUri(
        target({ network: "polygon", token: "POL", address: EVM, amount: "42.000000000000000001", decimals: 18 }),
      ).uri,
    ).toBe(`ethereum:${EVM}@137?value=42000000000000000001`);
  });
  it("tokens: transfer on the contract, in the token's base units", () => {
    const usdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
    expect(
      paymentUri(
        target({
          network: "ethereum",
          token: "USDT",
          address: EVM,
          amount: "25.5",
          decimals: 6,
          contractAddress: usdt,
        }),
      ).uri,
    ).toBe(`ethereum:${usdt}@1/transfer?address=${EVM}&uint256=25500000`);
    // BSC's USDT has 18 decimals.
    const bscUsdt = "0x55d398326f99059fF775485246999027B3197955";
    expect(
      paymentUri(
        target({
          network: "bsc",
          token: "USDT",
          address: EVM,
          amount: "20.123456789012345678",
          decimals: 18,
          contractAddress: bscUsdt,
        }),
      ).uri,
    ).toBe(`ethereum:${bscUsdt}@56/transfer?address=${EVM}&uint256=20123456789012345678`);
  });
  it("refuses 19 fraction digits for an 18-decimal token", () => {
    expect(() =>
      paymentUri(
        target({
          network: "bsc",
          token: "USDT",
          address: EVM,
          amount: "20.1234567890123456789",
          decimals: 18,
          contractAddress: "0x55d398326f99059fF775485246999027B3197955",
        }),
      ),
    ).toThrow(PaymentUriError);
  });
});

describe("Solana Pay", () => {
  const address = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
  it("SOL: the amount in SOL", () => {
    expect(paymentUri(target({ network: "solana", token: "SOL", address, amount: "1.5", decimals: 9 }))).toEqual({
      kind: "uri",
      standard: "Solana Pay",
      uri: `solana:${address}?amount=1.5`,
    });
  });
  it("SPL tokens name their mint", () => {
    const mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    expect(
      paymentUri(
        target({ network: "solana", token: "USDC", address, amount: "20.000001", decimals: 6, contractAddress: mint }),
      ).uri,
    ).toBe(`solana:${address}?amount=20.000001&spl-token=${mint}`);
  });
  it("refuses lamport fractions", () => {
    expect(() =>
      paymentUri(target({ network: "solana", token: "SOL", address, amount: "0.0000000001", decimals: 9 })),
    ).toThrow(PaymentUriError);
  });
});

describe("SEP-7: stellar", () => {
  const address = "GAQAA5L65LSYH7CQ3VTJ7F3HHLGCL3DSLAR2Y47263D56MNNGHSQSTVY";
  it("XLM with a text memo that needs escaping", () => {
    expect(
      paymentUri(
        target({ network: "stellar", token: "XLM", address, amount: "48.5", decimals: 7, memo: "order #7 & co/é?" }),
      ).uri,
    ).toBe(
      `web+stellar:pay?destination=${address}&amount=48.5&memo=order%20%237%20%26%20co%2F%C3%A9%3F&memo_type=MEMO_TEXT`,
    );
  });
  it("a memo of digits is a MEMO_ID, up to 2^64 − 1", () => {
    expect(
      paymentUri(target({ network: "stellar", token: "XLM", address, amount: "50", decimals: 7, memo: "1234567890" }))
        .uri,
    ).toBe(`web+stellar:pay?destination=${address}&amount=50&memo=1234567890&memo_type=MEMO_ID`);
    expect(
      paymentUri(
        target({ network: "stellar", token: "XLM", address, amount: "50", decimals: 7, memo: "18446744073709551616" }),
      ).uri,
    ).toContain("memo_type=MEMO_TEXT");
    expect(
      paymentUri(target({ network: "stellar", token: "XLM", address, amount: "50", decimals: 7, memo: "007" })).uri,
    ).toContain("memo_type=MEMO_TEXT");
  });
  it("issued assets carry asset_code and asset_issuer; no memo, no memo fields", () => {
    const issuer = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN";
    expect(
      paymentUri(
        target({ network: "stellar", token: "USDC", address, amount: "20", decimals: 7, contractAddress: issuer }),
      ).uri,
    ).toBe(`web+stellar:pay?destination=${address}&amount=20&asset_code=USDC&asset_issuer=${issuer}`);
  });
  it("refuses an eighth decimal", () => {
    expect(() =>
      paymentUri(target({ network: "stellar", token: "XLM", address, amount: "1.00000001", decimals: 7 })),
    ).toThrow(PaymentUriError);
  });
});

describe("TON", () => {
  const address = "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2";
  it("native TON: nanotons, the memo as text, escaped", () => {
    expect(
      paymentUri(target({ network: "ton", token: "TON", address, amount: "3.6", decimals: 9, memo: "a b+c=d&e" })),
    ).toEqual({
      kind: "uri",
      standard: "TON transfer",
      uri: `ton://transfer/${address}?amount=3600000000&text=a%20b%2Bc%3Dd%26e`,
    });
  });
  it("jettons: the address alone", () => {
    expect(
      paymentUri(
        target({
          network: "ton",
          token: "USDT",
          address,
          amount: "20",
          decimals: 6,
          contractAddress: "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
        }),
      ),
    ).toEqual({
      kind: "address",
      uri: address,
      reason: "jetton",
    });
  });
});

describe("tron, xrpl, cosmos: the bare address", () => {
  it.each([
    ["tron", "USDT", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
    ["xrpl", "XRP", "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", null],
    ["cosmos", "ATOM", "cosmos1vqpjljwsynsn58dugz0w8ut7kun7t8ls2qkmsq", null],
  ] as const)("%s", (network, token, address, contractAddress) => {
    expect(
      paymentUri(target({ network, token, address, amount: "10", decimals: 6, memo: "123", contractAddress })),
    ).toEqual({
      kind: "address",
      uri: address,
      reason: "no_standard",
    });
  });
});

describe("token standards", () => {
  it("names the standard of tokens, not of native coins", () => {
    expect(tokenStandard("tron", "T…")).toBe("TRC-20");
    expect(tokenStandard("ethereum", "0x…")).toBe("ERC-20");
    expect(tokenStandard("bsc", "0x…")).toBe("BEP-20");
    expect(tokenStandard("solana", "E…")).toBe("SPL");
    expect(tokenStandard("ton", "EQ…")).toBe("Jetton");
    expect(tokenStandard("ethereum", null)).toBeNull();
  });
});

describe("the deposit URI when the deposit asset is not known", () => {
  // One deposit per row of the table, token and native alike: with the asset unknown (the asset
  // list refused, empty on a new instance, or no longer carrying it) nothing is guessed.
  const rows = [
    ["bitcoin", "BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "0.01", 8, null],
    ["litecoin", "LTC", "ltc1qg82tjmyvyuwx6xg0xu6vmu3dy4wt0hcxpd8mq7", "1.5", 8, null],
    ["dogecoin", "DOGE", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", "100", 8, null],
    ["ethereum", "USDT", EVM, "250.5", 6, null],
    ["ethereum", "ETH", EVM, "0.5", 18, null],
    ["arbitrum", "USDC", EVM, "10", 6, null],
    ["base", "USDC", EVM, "10", 6, null],
    ["bsc", "USDT", EVM, "1234.5", 18, null],
    ["polygon", "USDT", EVM, "12", 6, null],
    ["solana", "USDC", "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU", "42.5", 6, null],
    ["stellar", "USDC", "GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7", "42.5", 7, "123"],
    ["ton", "TON", "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2", "3", 9, "hi"],
    ["tron", "USDT", "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf", "5", 6, null],
    ["xrpl", "XRP", "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", "5", 6, "42"],
    ["cosmos", "ATOM", "cosmos1zyx9fu9vsurw7v7h2pchxzhmrj8vjfahph8gyy", "5", 6, "memo"],
  ] as const;

  it.each(rows)("%s %s: the bare address, no amount, no scheme", (network, token, address, amount, decimals, memo) => {
    const swap = {
      deposit: { network, token, address, amount, memo, deadline: "" },
      from: { network, token, amount, decimals },
    };
    const uri = depositUri(swap, null);
    expect(uri).toEqual({ kind: "address", uri: address, reason: "asset_unknown" });
  });

  it("1,234.5 USDT on BSC never asks for 1,234.5 BNB", () => {
    const swap = {
      deposit: { network: "bsc", token: "USDT", address: EVM, amount: "1234.5", memo: null, deadline: "" },
      from: { network: "bsc", token: "USDT", amount: "1234.5", decimals: 18 },
    };
    expect(depositUri(swap, null).uri).not.toMatch(/value=/);
    const contract = "0x55d398326f99059fF775485246999027B3197955";
    expect(depositUri(swap, { contractAddress: contract, decimals: 18 }).uri).toBe(
      `ethereum:${contract}@56/transfer?address=${EVM}&uint256=1234500000000000000000`,
    );
    // A native coin is a native coin only when something says so.
    const bnb = { ...swap, deposit: { ...swap.deposit, token: "BNB" }, from: { ...swap.from, token: "BNB" } };
    expect(depositUri(bnb, { contractAddress: null, decimals: 18 }).uri).toBe(
      `ethereum:${EVM}@56?value=1234500000000000000000`,
    );
  });

  it("decimals that disagree with the swap's own are not trusted", () => {
    const swap = {
      deposit: { network: "ethereum", token: "USDT", address: EVM, amount: "250.5", memo: null, deadline: "" },
      from: { network: "ethereum", token: "USDT", amount: "250.5", decimals: 6 },
    };
    expect(depositUri(swap, { contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 18 }).kind).toBe(
      "address",
    );
    expect(
      depositUri(swap, { contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 }).uri,
    ).toMatch(/uint256=250500000$/);
  });
});
