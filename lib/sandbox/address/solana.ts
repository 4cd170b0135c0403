import { base58 } from "@scure/base";
import { deriveBytes } from "./bytes";
import { accepted, notValid, type AddressFamily } from "./result";

// A Solana address is a bare 32-byte public key in Base58; there is no checksum,
// so only the alphabet and the decoded length can be checked.
const LABEL = "Solana";
const KEY_LENGTH = 32;

function decode(address: string): Uint8Array | null {
  try {
    return base58.decode(address);
  } catch {
    return null;
  }
}

export const solana: AddressFamily = {
  label: LABEL,
  check(address) {
    const key = decode(address);
    if (!key) return notValid(LABEL, "it contains characters that are not used in this address format");
    if (key.length !== KEY_LENGTH) return notValid(LABEL, "it does not decode to a 32-byte public key");
    return accepted(address);
  },
  generate: (seed) => base58.encode(deriveBytes(seed, KEY_LENGTH)),
};
