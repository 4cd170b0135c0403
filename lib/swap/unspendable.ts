// Payout addresses that take a deposit and never give it back: a token's own contract (tokens sent
// to it are stuck there) and the well-known burn addresses. Each passes every address check (they
// are well-formed addresses), so the checkout and the BFF refuse them by name.

/** EVM's zero and "dead" addresses, and Tron's zero address (T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb). */
const BURN = new Set([
  "0x0000000000000000000000000000000000000000",
  "0x000000000000000000000000000000000000dead",
  "t9yd14nj9j7xab4dbgeix9h8unkkhxuwwb",
]);

/** EVM addresses are one address in any case; others (base58, …) are compared as typed. */
const same = (address: string) => (/^0x/i.test(address) ? address.toLowerCase() : address);

export type Unspendable = "token_contract" | "burn_address";

export function unspendablePayout(
  address: string,
  assets: ReadonlyArray<{ contractAddress: string | null }>,
): Unspendable | null {
  const typed = address.trim();
  if (typed === "") return null;
  if (BURN.has(typed.toLowerCase())) return "burn_address";
  const key = same(typed);
  // Any network's: a contract's address on one chain is a contract (or nobody's) on its twins too.
  return assets.some((a) => a.contractAddress !== null && same(a.contractAddress) === key) ? "token_contract" : null;
}
