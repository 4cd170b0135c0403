import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { deriveBytes } from "./bytes";
import { accepted, notValid, type AddressCheck, type AddressFamily } from "./result";

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * EIP-55: hex digit i is upper-cased when nibble i of keccak256(lower-case hex)
 * is 8 or more.
 */
function toChecksumAddress(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = keccak_256(utf8ToBytes(lower));
  let out = "0x";
  hash.subarray(0, 20).forEach((byte, i) => {
    out += caseFor(lower.charAt(2 * i), byte >> 4) + caseFor(lower.charAt(2 * i + 1), byte & 0x0f);
  });
  return out;
}

function caseFor(char: string, nibble: number): string {
  return nibble >= 8 ? char.toUpperCase() : char;
}

function checkEvm(label: string, address: string): AddressCheck {
  if (!HEX_ADDRESS.test(address)) {
    return notValid(label, "it must be 0x followed by 40 hexadecimal characters");
  }
  const body = address.slice(2);
  const checksummed = toChecksumAddress(body);
  // All-lower or all-upper hex carries no checksum; mixed case must match EIP-55 exactly.
  const hasChecksum = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (hasChecksum && address !== checksummed) {
    return notValid(label, "the mix of upper-case and lower-case letters does not match its EIP-55 checksum");
  }
  return accepted(checksummed);
}

function evmFamily(label: string): AddressFamily {
  return {
    label,
    check: (address) => checkEvm(label, address),
    generate: (seed) => toChecksumAddress(bytesToHex(deriveBytes(seed, 20))),
  };
}

export const ethereum = evmFamily("Ethereum");
export const bsc = evmFamily("BNB Smart Chain");
export const arbitrum = evmFamily("Arbitrum");
export const base = evmFamily("Base");
export const polygon = evmFamily("Polygon");
