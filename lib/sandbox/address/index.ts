import { bitcoin, dogecoin, litecoin } from "./utxo";
import { arbitrum, base, bsc, ethereum, polygon } from "./evm";
import { tron } from "./tron";
import { solana } from "./solana";
import { xrpl } from "./xrpl";
import { stellar } from "./stellar";
import { cosmos } from "./cosmos";
import { ton } from "./ton";
import { checkMemoText, memoRules, numericMemo, type MemoCheck } from "./memo";
import { notValid, rejected, type AddressCheck, type AddressFamily } from "./result";

export type { AddressCheck } from "./result";

const families = new Map<string, AddressFamily>([
  ["bitcoin", bitcoin],
  ["litecoin", litecoin],
  ["dogecoin", dogecoin],
  ["ethereum", ethereum],
  ["bsc", bsc],
  ["arbitrum", arbitrum],
  ["base", base],
  ["polygon", polygon],
  ["tron", tron],
  ["solana", solana],
  ["xrpl", xrpl],
  ["stellar", stellar],
  ["cosmos", cosmos],
  ["ton", ton],
]);

export const addressNetworks: readonly string[] = Object.freeze([...families.keys()]);

// Longer than any address accepted here (bech32 tops out at 90); also keeps
// quadratic Base58 decoding away from huge inputs.
const MAX_ADDRESS_LENGTH = 128;

export function checkAddress(network: string, address: string): AddressCheck {
  const family = families.get(network);
  if (!family) return rejected(`"${network}" is not a supported network.`);
  if (address.length === 0) return rejected(`Enter a ${family.label} address.`);
  if (address !== address.trim()) {
    return rejected("The address starts or ends with a space or line break; remove it and try again.");
  }
  if (address.length > MAX_ADDRESS_LENGTH) return notValid(family.label, "it is too long");
  return family.check(address);
}

export function networkSupportsMemo(network: string): boolean {
  return families.has(network) && Object.hasOwn(memoRules, network);
}

export function checkMemo(network: string, memo: string): MemoCheck {
  const family = families.get(network);
  if (!family) return { valid: false, message: `"${network}" is not a supported network.` };
  const rule = Object.hasOwn(memoRules, network) ? memoRules[network] : undefined;
  if (!rule) return { valid: false, message: `${family.label} transfers do not use a memo.` };
  return checkMemoText(rule, memo);
}

export function generateDepositAddress(network: string, seed: Uint8Array): string {
  const family = families.get(network);
  if (!family) throw new Error(`Unsupported network: ${network}`);
  return family.generate(seed);
}

export function generateDepositMemo(network: string, seed: Uint8Array): string | null {
  if (!families.has(network)) throw new Error(`Unsupported network: ${network}`);
  return networkSupportsMemo(network) ? numericMemo(seed) : null;
}
