import { sha256 } from "@noble/hashes/sha2.js";

/**
 * Deterministic bytes from a seed: sha256(seed), then sha256 of the previous
 * block for every further 32 bytes.
 */
export function deriveBytes(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let block = sha256(seed);
  for (let offset = 0; offset < length; offset += block.length) {
    if (offset > 0) block = sha256(block);
    out.set(block.subarray(0, length - offset), offset);
  }
  return out;
}

/** CRC-16/XMODEM (poly 0x1021, init 0, no reflection), used by Stellar strkeys and TON addresses. */
export function crc16Xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
    }
    crc &= 0xffff;
  }
  return crc;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
