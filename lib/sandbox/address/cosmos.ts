import { bech32 } from "@scure/base";
import { decodeAnyBech32 } from "./bech32";
import { deriveBytes } from "./bytes";
import { accepted, notValid, rejected, type AddressFamily } from "./result";

// Cosmos Hub account address: bech32 (not bech32m) with HRP "cosmos" over a
// 20-byte (secp256k1 / legacy module) or 32-byte (ADR-028 derived) address.
const LABEL = "Cosmos Hub";
const HRP = "cosmos";

export const cosmos: AddressFamily = {
  label: LABEL,
  check(address) {
    const decoded = decodeAnyBech32(address);
    if (!decoded.ok) return notValid(LABEL, decoded.reason);
    if (decoded.prefix === "cosmosvaloper" || decoded.prefix === "cosmosvalcons") {
      return rejected(
        "This is a Cosmos Hub validator address, not an account address. Enter an address that starts with cosmos1.",
      );
    }
    if (decoded.prefix !== HRP) return notValid(LABEL, 'it must start with "cosmos1"');
    if (decoded.encoding !== "bech32") return notValid(LABEL, "the checksum does not match");
    const bytes = bech32.fromWordsUnsafe(decoded.words);
    if (!bytes || (bytes.length !== 20 && bytes.length !== 32)) {
      return notValid(LABEL, "it does not contain a 20-byte or 32-byte account address");
    }
    return accepted(address.toLowerCase());
  },
  generate: (seed) => bech32.encodeFromBytes(HRP, deriveBytes(seed, 20)),
};
