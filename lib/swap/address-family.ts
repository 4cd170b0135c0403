// Which network an address is shaped for, by its look alone: enough to say "this looks like an
// Ethereum address" when one is pasted for a Tron payout, the mistake that loses funds. A hint
// beside the service's own check, never a check itself (shapes overlap; checksums are not read).

export type AddressFamily =
  "evm" | "bitcoin" | "litecoin" | "dogecoin" | "tron" | "xrpl" | "ton" | "stellar" | "cosmos";

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const shapes: ReadonlyArray<[AddressFamily, RegExp, readonly string[]]> = [
  ["evm", /^0x[0-9a-fA-F]{40}$/, ["ethereum", "bsc", "polygon", "arbitrum", "base"]],
  ["bitcoin", new RegExp(`^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`), ["bitcoin"]],
  ["litecoin", new RegExp(`^(ltc1[02-9ac-hj-np-z]{11,71}|[LM]${BASE58}{26,33})$`), ["litecoin"]],
  ["dogecoin", new RegExp(`^D${BASE58}{25,34}$`), ["dogecoin"]],
  ["tron", new RegExp(`^T${BASE58}{33}$`), ["tron"]],
  ["xrpl", new RegExp(`^r${BASE58}{24,34}$`), ["xrpl"]],
  ["ton", /^(EQ|UQ|Ef|Uf|kQ|0Q)[A-Za-z0-9_-]{46}$/, ["ton"]],
  ["stellar", /^G[A-Z2-7]{55}$/, ["stellar"]],
  ["cosmos", /^cosmos1[02-9ac-hj-np-z]{38}$/, ["cosmos"]],
];

/** The family an address looks like when it is not `network`'s; null when it fits or looks like none. */
export function foreignAddressFamily(address: string, network: string): AddressFamily | null {
  const match = shapes.find(([, shape]) => shape.test(address));
  return match && !match[2].includes(network) ? match[0] : null;
}
