import { base32nopad } from "@scure/base";
import { concatBytes } from "@noble/hashes/utils.js";
import { crc16Xmodem, deriveBytes } from "./bytes";
import { accepted, notValid, rejected, type AddressFamily } from "./result";

// SEP-23 strkey: base32 (RFC 4648, no padding) of
// version byte || 32-byte key || CRC16-XModem(version || key), little-endian.
const LABEL = "Stellar";
const ACCOUNT_ID_VERSION = 6 << 3; // "G"
const STRKEY = /^[A-Z2-7]{56}$/;
const SECRET_SEED = /^S[A-Z2-7]{55}$/;
const MUXED_ACCOUNT = /^M[A-Z2-7]{68}$/;

function checksumBytes(data: Uint8Array): Uint8Array {
  const crc = crc16Xmodem(data);
  return Uint8Array.of(crc & 0xff, crc >> 8);
}

function encodeAccountId(key: Uint8Array): string {
  const body = concatBytes(Uint8Array.of(ACCOUNT_ID_VERSION), key);
  return base32nopad.encode(concatBytes(body, checksumBytes(body)));
}

export const stellar: AddressFamily = {
  label: LABEL,
  check(address) {
    if (SECRET_SEED.test(address)) {
      return rejected(
        "This looks like a Stellar secret seed, not an account address. Never share it; enter the public address that starts with G.",
      );
    }
    if (MUXED_ACCOUNT.test(address)) {
      return rejected(
        "Muxed Stellar addresses (starting with M) are not supported. Enter the account address that starts with G and put the ID in the memo field.",
      );
    }
    if (!STRKEY.test(address)) {
      return notValid(LABEL, "it must be 56 characters long, using only capital letters A-Z and digits 2-7");
    }
    const raw = base32nopad.decode(address);
    const body = raw.subarray(0, 33);
    if (body[0] !== ACCOUNT_ID_VERSION) return notValid(LABEL, 'it is not an account address starting with "G"');
    const [low, high] = raw.subarray(33);
    const crc = crc16Xmodem(body);
    if (low !== (crc & 0xff) || high !== crc >> 8) return notValid(LABEL, "the checksum does not match");
    return accepted(address);
  },
  generate: (seed) => encodeAccountId(deriveBytes(seed, 32)),
};
