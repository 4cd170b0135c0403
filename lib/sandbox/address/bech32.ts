import { bech32, bech32m } from "@scure/base";

type Bech32Encoding = "bech32" | "bech32m";

export type Bech32Decoded =
  { ok: true; encoding: Bech32Encoding; prefix: string; words: number[] } | { ok: false; reason: string };

// BIP-173: at most 90 characters, lowercase or uppercase but never mixed.
const MAX_LENGTH = 90;
const DATA_PART = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/;

/** Decodes a string that may carry either a bech32 (BIP-173) or bech32m (BIP-350) checksum. */
export function decodeAnyBech32(text: string): Bech32Decoded {
  if (text.length > MAX_LENGTH) return { ok: false, reason: "it is too long" };
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) {
    return { ok: false, reason: "it mixes upper-case and lower-case letters" };
  }
  const separator = lower.lastIndexOf("1");
  if (separator < 1 || !DATA_PART.test(lower.slice(separator + 1))) {
    return { ok: false, reason: "it contains characters that are not used in this address format" };
  }
  const classic = bech32.decodeUnsafe(lower, MAX_LENGTH);
  if (classic) return { ok: true, encoding: "bech32", prefix: classic.prefix, words: classic.words };
  const modern = bech32m.decodeUnsafe(lower, MAX_LENGTH);
  if (modern) return { ok: true, encoding: "bech32m", prefix: modern.prefix, words: modern.words };
  return { ok: false, reason: "the checksum does not match" };
}
