// What the checkout's main button says is still missing (lib/swap/checkout-blocker.ts): one case
// per reason, in the order the form asks, and the field each one sends the person to.
import { describe, expect, it } from "vitest";
import { checkoutBlocker, checkoutBlockerReasons, type CheckoutFacts } from "@/lib/swap/checkout-blocker";

/** A form filled in all the way: a quote, a checked Tron address, nothing else asked. */
const filled: CheckoutFacts = {
  ready: false,
  lockedToMissing: false,
  toNetwork: "tron",
  amount: { value: "0.01", unreadable: false, quotable: true, tooManyDecimals: false, refused: false },
  quote: { loading: false, present: true },
  address: {
    value: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r",
    check: "done",
    checkUnavailable: false,
    memoRejected: false,
    ok: true,
  },
  memoMissing: false,
  refundOk: true,
};

type Change = {
  [K in keyof CheckoutFacts]?: CheckoutFacts[K] extends object ? Partial<CheckoutFacts[K]> : CheckoutFacts[K];
};
const facts = (change: Change): CheckoutFacts => ({
  ...filled,
  ...change,
  amount: { ...filled.amount, ...change.amount },
  quote: { ...filled.quote, ...change.quote },
  address: { ...filled.address, ...change.address },
});

describe("what the checkout still needs", () => {
  it("is nothing once every check passed", () => {
    expect(checkoutBlocker({ ...filled, ready: true })).toBeNull();
  });

  it("says an asset a signed widget fixed is not available now, before anything else", () => {
    expect(checkoutBlocker(facts({ lockedToMissing: true, toNetwork: null }))).toEqual({ reason: "unavailable" });
  });

  it("asks for the assets until both are chosen", () => {
    expect(checkoutBlocker(facts({ toNetwork: null, amount: { value: "", quotable: false } }))).toEqual({
      reason: "asset",
    });
  });

  it("asks for an amount when there is none or it is zero, and takes the person to the field", () => {
    expect(checkoutBlocker(facts({ amount: { value: "", quotable: false } }))).toEqual({
      reason: "amount",
      field: "amount",
    });
    expect(checkoutBlocker(facts({ amount: { value: "0.000", quotable: false } }))).toEqual({
      reason: "amount",
      field: "amount",
    });
  });

  it("asks to fix an amount that cannot be read, has too many decimals, or that the service refused", () => {
    const fix = { reason: "fixAmount", field: "amount" };
    expect(checkoutBlocker(facts({ amount: { value: "", unreadable: true, quotable: false } }))).toEqual(fix);
    expect(
      checkoutBlocker(facts({ amount: { value: "0.000000001", quotable: false, tooManyDecimals: true } })),
    ).toEqual(fix);
    expect(checkoutBlocker(facts({ amount: { refused: true } }))).toEqual(fix);
  });

  it("waits for the price, then says there is none", () => {
    expect(checkoutBlocker(facts({ quote: { loading: true, present: false } }))).toEqual({ reason: "price" });
    expect(checkoutBlocker(facts({ quote: { present: false } }))).toEqual({ reason: "noPrice" });
  });

  it("asks for the payout address on the receiving network, by its name", () => {
    expect(checkoutBlocker(facts({ address: { value: "", check: "empty" } }))).toEqual({
      reason: "address",
      values: { network: "Tron" },
      field: "address",
    });
  });

  it("waits while the address is checked, and while the check cannot be made", () => {
    expect(checkoutBlocker(facts({ address: { check: "checking", ok: false } }))).toEqual({ reason: "checking" });
    expect(checkoutBlocker(facts({ address: { check: "error", checkUnavailable: true, ok: false } }))).toEqual({
      reason: "checkUnavailable",
    });
  });

  it("asks to fix a refused memo, called a destination tag on the XRP Ledger", () => {
    const rejected = {
      value: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
      check: "error",
      memoRejected: true,
      ok: false,
    } as const;
    expect(checkoutBlocker(facts({ toNetwork: "xrpl", address: rejected }))).toEqual({
      reason: "fixMemo",
      values: { kind: "tag" },
      field: "memo",
    });
    expect(
      checkoutBlocker(
        facts({
          toNetwork: "stellar",
          address: { ...rejected, value: "GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H" },
        }),
      ),
    ).toEqual({
      reason: "fixMemo",
      values: { kind: "memo" },
      field: "memo",
    });
  });

  it("asks to fix the address instead when the memo was refused for an address of another network's shape", () => {
    const evm = {
      value: "0x52908400098527886E0F7030069857D2E4169EE7",
      check: "error",
      memoRejected: true,
      ok: false,
    } as const;
    expect(checkoutBlocker(facts({ toNetwork: "xrpl", address: evm }))).toEqual({
      reason: "fixAddress",
      values: { network: "XRP Ledger" },
      field: "address",
    });
  });

  it("asks to check an address the check refused", () => {
    expect(checkoutBlocker(facts({ address: { ok: false } }))).toEqual({
      reason: "fixAddress",
      values: { network: "Tron" },
      field: "address",
    });
  });

  it("asks for a memo the receiving network requires", () => {
    expect(checkoutBlocker(facts({ toNetwork: "xrpl", memoMissing: true }))).toEqual({
      reason: "memo",
      values: { kind: "tag" },
      field: "memo",
    });
  });

  it("asks to check the refund address, then the e-mail", () => {
    expect(checkoutBlocker(facts({ refundOk: false }))).toEqual({ reason: "refund", field: "refund" });
    expect(checkoutBlocker(filled)).toEqual({ reason: "email", field: "email" });
  });

  it("names only reasons the catalogue lists", () => {
    const seen = new Set<string>();
    const cases: Change[] = [
      { lockedToMissing: true },
      { toNetwork: null },
      { amount: { value: "", quotable: false } },
      { amount: { refused: true } },
      { quote: { loading: true } },
      { quote: { present: false } },
      { address: { value: "" } },
      { address: { check: "checking" } },
      { address: { checkUnavailable: true } },
      { address: { memoRejected: true, value: "r1" }, toNetwork: "xrpl" },
      { address: { ok: false } },
      { memoMissing: true },
      { refundOk: false },
      {},
    ];
    for (const change of cases) seen.add(checkoutBlocker(facts(change))!.reason);
    expect([...seen].sort()).toEqual([...checkoutBlockerReasons].sort());
  });
});
