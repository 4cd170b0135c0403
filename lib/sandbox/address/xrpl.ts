import { base58xrp } from "@scure/base";
import { decodeBase58Check, encodeBase58Check } from "./base58check";
import { deriveBytes } from "./bytes";
import { accepted, notValid, rejected, type AddressFamily } from "./result";

// Classic XRP Ledger address: Base58Check in the XRP alphabet over
// 0x00 || 20-byte account id, which makes it start with "r".
const LABEL = "XRP Ledger";
const ACCOUNT_ID_PREFIX = 0x00;

// XLS-5d X-addresses pack the account id and destination tag together:
// 0x05 0x44 (mainnet) or 0x04 0x93 (testnet), 20-byte id, flags, 8-byte tag.
const X_ADDRESS_PAYLOAD_LENGTH = 31;

export const xrpl: AddressFamily = {
  label: LABEL,
  check(address) {
    const decoded = decodeBase58Check(base58xrp, address);
    if (!decoded.ok) return notValid(LABEL, decoded.reason);
    const { payload } = decoded;
    if (payload.length === X_ADDRESS_PAYLOAD_LENGTH && (address.startsWith("X") || address.startsWith("T"))) {
      return rejected(
        "This is an XRP Ledger X-address. Enter the classic address (starting with r) and put the destination tag in the memo field.",
      );
    }
    if (payload.length !== 21) return notValid(LABEL, "it has the wrong length");
    if (payload[0] !== ACCOUNT_ID_PREFIX) return notValid(LABEL, 'it must start with "r"');
    return accepted(address);
  },
  generate: (seed) => encodeBase58Check(base58xrp, Uint8Array.of(ACCOUNT_ID_PREFIX, ...deriveBytes(seed, 20))),
};
