import type { BytesCoder } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { concatBytes } from "@noble/hashes/utils.js";
import { bytesEqual } from "./bytes";

// Base58Check as used by Bitcoin, Litecoin, Dogecoin, TRON and the XRP Ledger:
// payload || first 4 bytes of sha256(sha256(payload)). @scure/base's
// createBase58check is fixed to the Bitcoin alphabet, so this takes the
// alphabet codec (base58 or base58xrp) as a parameter.
const CHECKSUM_LENGTH = 4;

/** On failure, the reason in the words of a "This is not a valid … address: …" message (as bech32.ts). */
export type Base58CheckDecoded = { ok: true; payload: Uint8Array } | { ok: false; reason: string };

const notBase58 = { ok: false, reason: "it contains characters that are not used in this address format" } as const;
const badChecksum = { ok: false, reason: "the checksum does not match" } as const;

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, CHECKSUM_LENGTH);
}

export function decodeBase58Check(alphabet: BytesCoder, text: string): Base58CheckDecoded {
  let raw: Uint8Array;
  try {
    raw = alphabet.decode(text);
  } catch {
    return notBase58;
  }
  if (raw.length <= CHECKSUM_LENGTH) return badChecksum;
  const payload = raw.subarray(0, raw.length - CHECKSUM_LENGTH);
  const expected = raw.subarray(raw.length - CHECKSUM_LENGTH);
  if (!bytesEqual(checksum(payload), expected)) return badChecksum;
  return { ok: true, payload };
}

export function encodeBase58Check(alphabet: BytesCoder, payload: Uint8Array): string {
  return alphabet.encode(concatBytes(payload, checksum(payload)));
}
