import { base58 } from "@scure/base";
import { decodeBase58Check, encodeBase58Check } from "./base58check";
import { deriveBytes } from "./bytes";
import { accepted, notValid, type AddressFamily } from "./result";

// TRON addresses are Base58Check over 0x41 || 20-byte account id, so they start with "T".
const TRON_PREFIX = 0x41;
const LABEL = "TRON";

export const tron: AddressFamily = {
  label: LABEL,
  check(address) {
    const decoded = decodeBase58Check(base58, address);
    if (!decoded.ok) return notValid(LABEL, decoded.reason);
    if (decoded.payload.length !== 21) return notValid(LABEL, "it has the wrong length");
    if (decoded.payload[0] !== TRON_PREFIX) return notValid(LABEL, 'it must start with "T"');
    return accepted(address);
  },
  generate: (seed) => encodeBase58Check(base58, Uint8Array.of(TRON_PREFIX, ...deriveBytes(seed, 20))),
};
