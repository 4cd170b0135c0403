import { bech32 } from "@scure/base";
import { decodeAnyBech32 } from "./bech32";

export type SegwitDecoded = { ok: true; normalized: string } | { ok: false; reason: string };

/**
 * Native segwit address rules: BIP-173 (format, v0 program sizes from BIP-141)
 * and BIP-350 (bech32m for witness versions 1 to 16).
 */
export function decodeSegwit(text: string, hrp: string): SegwitDecoded {
  const decoded = decodeAnyBech32(text);
  if (!decoded.ok) return decoded;
  if (decoded.prefix !== hrp) return { ok: false, reason: `it must start with "${hrp}1"` };

  const [version, ...programWords] = decoded.words;
  if (version === undefined) return { ok: false, reason: "it has no witness program" };
  if (version > 16) return { ok: false, reason: "its witness version is not between 0 and 16" };

  const expected = version === 0 ? "bech32" : "bech32m";
  if (decoded.encoding !== expected) {
    return {
      ok: false,
      reason:
        version === 0
          ? "a version 0 address must use a bech32 checksum, not bech32m (BIP-350)"
          : `a version ${version} address must use a bech32m checksum, not bech32 (BIP-350)`,
    };
  }

  const program = bech32.fromWordsUnsafe(programWords);
  if (!program) return { ok: false, reason: "its witness program has invalid padding" };
  if (program.length < 2 || program.length > 40) {
    return { ok: false, reason: "its witness program must be between 2 and 40 bytes" };
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return { ok: false, reason: "a version 0 witness program must be 20 or 32 bytes" };
  }
  return { ok: true, normalized: text.toLowerCase() };
}

/** A P2WPKH-shaped address: witness version 0 with a 20-byte program. */
export function encodeSegwitV0(hrp: string, program: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}
