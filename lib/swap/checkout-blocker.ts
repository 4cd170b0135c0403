// What still keeps the checkout from its review, in the order the form asks for it: the main button
// says it, and pressing it takes the person to the field that fixes it (a button that only greys
// out says nothing to a keyboard or a screen reader: it is skipped by Tab).
import { foreignAddressFamily } from "./address-family";
import { memoKindOf, networkLabel } from "./asset-ref";

/** Each reason is a message under `checkout.missing` in the catalogues. */
export const checkoutBlockerReasons = [
  "unavailable",
  "asset",
  "amount",
  "fixAmount",
  "price",
  "noPrice",
  "address",
  "checking",
  "checkUnavailable",
  "fixMemo",
  "fixAddress",
  "memo",
  "refund",
  "email",
] as const;
type CheckoutBlockerReason = (typeof checkoutBlockerReasons)[number];

/** The field that fixes a reason: its element id in the form. */
type CheckoutField = "amount" | "address" | "memo" | "refund" | "email";

export type CheckoutBlocker = { reason: CheckoutBlockerReason; values?: Record<string, string>; field?: CheckoutField };

/** What the checkout knows at a render, as plain facts. */
export type CheckoutFacts = {
  /** Every check passed: nothing blocks the review. */
  ready: boolean;
  /** A signed widget fixed an asset to receive that the service does not offer right now. */
  lockedToMissing: boolean;
  /** The network of the asset to receive, or null until both assets are chosen. */
  toNetwork: string | null;
  amount: {
    /** What the field means, as a decimal string ("" when empty or unreadable). */
    value: string;
    unreadable: boolean;
    /** A positive decimal with no more places than the asset has. */
    quotable: boolean;
    tooManyDecimals: boolean;
    /** The service refused it (out of bounds). */
    refused: boolean;
  };
  quote: { loading: boolean; present: boolean };
  address: {
    value: string;
    check: "empty" | "checking" | "done" | "error";
    /** The check could not be made (the service busy or away): it says nothing against the address. */
    checkUnavailable: boolean;
    memoRejected: boolean;
    ok: boolean;
  };
  memoMissing: boolean;
  refundOk: boolean;
};

const zero = /^0*(\.0*)?$/;

/** The first thing the form still needs, or null when the review can open. */
export function checkoutBlocker(facts: CheckoutFacts): CheckoutBlocker | null {
  const { amount, quote, address, toNetwork } = facts;
  if (facts.ready) return null;
  if (facts.lockedToMissing) return { reason: "unavailable" };
  if (toNetwork === null) return { reason: "asset" };
  if (amount.unreadable || !amount.quotable || amount.tooManyDecimals || amount.refused) {
    return { reason: zero.test(amount.value) && !amount.unreadable ? "amount" : "fixAmount", field: "amount" };
  }
  if (quote.loading) return { reason: "price" };
  if (!quote.present) return { reason: "noPrice" };
  const network = { network: networkLabel(toNetwork) };
  const kind = { kind: memoKindOf(toNetwork) };
  if (address.value === "") return { reason: "address", values: network, field: "address" };
  if (address.check === "checking" || address.check === "empty") return { reason: "checking" };
  if (address.checkUnavailable) return { reason: "checkUnavailable" };
  // A memo refused for an address of another network's shape: the address is what is wrong.
  if (address.memoRejected && !foreignAddressFamily(address.value, toNetwork))
    return { reason: "fixMemo", values: kind, field: "memo" };
  if (!address.ok) return { reason: "fixAddress", values: network, field: "address" };
  if (facts.memoMissing) return { reason: "memo", values: kind, field: "memo" };
  if (!facts.refundOk) return { reason: "refund", field: "refund" };
  return { reason: "email", field: "email" };
}
