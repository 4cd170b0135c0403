// The payment URI a wallet opens for a deposit: the sending network's standard where one exists,
// the bare address where none does. Amounts are exact decimal strings and stay strings: base units
// come from moving the decimal point, never from floating point.
import type { DepositAsset } from "@/lib/schema/bff";
import type { Swap } from "@/lib/schema/partner";

export type PaymentTarget = {
  network: string;
  /** The token's symbol, e.g. "USDT". */
  token: string;
  address: string;
  /** The exact amount to send, a decimal string such as "0.01". */
  amount: string;
  memo: string | null;
  decimals: number;
  /** The token's contract, mint, issuer or jetton master; null for the network's own coin. */
  contractAddress: string | null;
};

export type PaymentUri =
  | { kind: "uri"; uri: string; standard: PaymentStandard }
  | { kind: "address"; uri: string; reason: "no_standard" | "jetton" | "asset_unknown" };

type PaymentStandard = "BIP-21" | "EIP-681" | "Solana Pay" | "SEP-7" | "TON transfer";

export class PaymentUriError extends Error {
  override name = "PaymentUriError";
}

const bip21Schemes: Record<string, string> = { bitcoin: "bitcoin", litecoin: "litecoin", dogecoin: "dogecoin" };
const evmChainIds: Record<string, number> = { ethereum: 1, arbitrum: 42161, base: 8453, bsc: 56, polygon: 137 };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const UINT64_MAX = "18446744073709551615";

/** The amount with the redundant zeros gone ("001.500" → "1.5"); refuses digits below `decimals`. */
export function exactAmount(amount: string, decimals: number): string {
  const match = DECIMAL.exec(amount);
  if (!match) throw new PaymentUriError(`"${amount}" is not a decimal amount`);
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new PaymentUriError(`decimals must be a whole number, not ${decimals}`);
  const whole = (match[1] ?? "").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimals) {
    throw new PaymentUriError(`${amount} has more fraction digits than the asset's ${decimals} decimals`);
  }
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The amount in the asset's smallest unit, as a string of digits ("1.5", 18 → "1500000000000000000"). */
export function toBaseUnits(amount: string, decimals: number): string {
  const [whole = "0", fraction = ""] = exactAmount(amount, decimals).split(".");
  return `${whole}${fraction.padEnd(decimals, "0")}`.replace(/^0+(?=\d)/, "");
}

const q = encodeURIComponent;

/** The standard's URI for the deposit, or the bare address where wallets have no standard to read. */
export function paymentUri(target: PaymentTarget): PaymentUri {
  const { network, address, amount, memo, decimals, contractAddress } = target;
  const bip21 = bip21Schemes[network];
  if (bip21) {
    return { kind: "uri", standard: "BIP-21", uri: `${bip21}:${address}?amount=${exactAmount(amount, decimals)}` };
  }

  const chainId = evmChainIds[network];
  if (chainId !== undefined) {
    const units = toBaseUnits(amount, decimals);
    if (!contractAddress)
      return { kind: "uri", standard: "EIP-681", uri: `ethereum:${address}@${chainId}?value=${units}` };
    return {
      kind: "uri",
      standard: "EIP-681",
      uri: `ethereum:${contractAddress}@${chainId}/transfer?address=${address}&uint256=${units}`,
    };
  }

  if (network === "solana") {
    const params = [`amount=${exactAmount(amount, decimals)}`];
    if (contractAddress) params.push(`spl-token=${q(contractAddress)}`);
    if (memo) params.push(`memo=${q(memo)}`);
    return { kind: "uri", standard: "Solana Pay", uri: `solana:${address}?${params.join("&")}` };
  }

  if (network === "stellar") {
    const params = [`destination=${q(address)}`, `amount=${exactAmount(amount, decimals)}`];
    if (contractAddress) params.push(`asset_code=${q(target.token)}`, `asset_issuer=${q(contractAddress)}`);
    if (memo) params.push(`memo=${q(memo)}`, `memo_type=${isMemoId(memo) ? "MEMO_ID" : "MEMO_TEXT"}`);
    return { kind: "uri", standard: "SEP-7", uri: `web+stellar:pay?${params.join("&")}` };
  }

  if (network === "ton") {
    // A jetton transfer is a message to the sender's own jetton wallet, which a link cannot name.
    if (contractAddress) return { kind: "address", uri: address, reason: "jetton" };
    const params = [`amount=${toBaseUnits(amount, decimals)}`];
    if (memo) params.push(`text=${q(memo)}`);
    return { kind: "uri", standard: "TON transfer", uri: `ton://transfer/${address}?${params.join("&")}` };
  }

  // Tron, the XRP Ledger, Cosmos and anything new: no URI that wallets read reliably.
  return { kind: "address", uri: address, reason: "no_standard" };
}

/** A Stellar MEMO_ID is an unsigned 64-bit integer written in decimal without leading zeros. */
function isMemoId(memo: string): boolean {
  if (!/^(0|[1-9]\d*)$/.test(memo)) return false;
  return memo.length < UINT64_MAX.length || (memo.length === UINT64_MAX.length && memo <= UINT64_MAX);
}

/**
 * The deposit's URI for the QR and "Open in wallet"; the bare address when no standard fits, or
 * when the deposit asset is not known (`null`): an unknown asset is never taken for the network's
 * own coin, since a token's amount asked as the coin sends the wrong money (1,234.5 USDT on BSC
 * would ask for 1,234.5 BNB).
 */
export function depositUri(swap: Pick<Swap, "deposit" | "from">, asset: DepositAsset | null): PaymentUri {
  // Decimals that disagree with the swap's own would put base units off by powers of ten.
  if (!asset || asset.decimals !== swap.from.decimals)
    return { kind: "address", uri: swap.deposit.address, reason: "asset_unknown" };
  try {
    return paymentUri({
      network: swap.deposit.network,
      token: swap.deposit.token,
      address: swap.deposit.address,
      amount: swap.deposit.amount,
      memo: swap.deposit.memo,
      decimals: asset.decimals,
      contractAddress: asset.contractAddress,
    });
  } catch (error) {
    if (error instanceof PaymentUriError) return { kind: "address", uri: swap.deposit.address, reason: "no_standard" };
    throw error;
  }
}
