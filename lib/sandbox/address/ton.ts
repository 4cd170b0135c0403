import { base64, base64url } from "@scure/base";
import { concatBytes } from "@noble/hashes/utils.js";
import { crc16Xmodem, deriveBytes } from "./bytes";
import { accepted, notValid, rejected, type AddressCheck, type AddressFamily } from "./result";

// TON user-friendly address (TON docs, "Smart contract addresses"): 36 bytes =
// flag || workchain || 32-byte account id || CRC16-XModem (big-endian) of the
// first 34 bytes, written as 48 characters of base64 or base64url.
const LABEL = "TON";
const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TESTNET_ONLY = 0x80;
const BASECHAIN = 0x00;
const MASTERCHAIN = 0xff;

const RAW = /^(0|-1):[0-9a-fA-F]{64}$/;
const FRIENDLY_URL = /^[A-Za-z0-9_-]{48}$/;
const FRIENDLY_STANDARD = /^[A-Za-z0-9+/]{48}$/;

function decodeFriendly(address: string): Uint8Array | null {
  const coder = FRIENDLY_URL.test(address) ? base64url : FRIENDLY_STANDARD.test(address) ? base64 : null;
  if (!coder) return null;
  try {
    return coder.decode(address);
  } catch {
    return null;
  }
}

function checkFriendly(address: string): AddressCheck {
  const bytes = decodeFriendly(address);
  if (!bytes || bytes.length !== 36) {
    return notValid(LABEL, "it must be 48 characters of base64, or the raw form workchain:64 hex characters");
  }
  const [flag = 0, workchain] = bytes;
  const crc = crc16Xmodem(bytes.subarray(0, 34));
  if (bytes[34] !== crc >> 8 || bytes[35] !== (crc & 0xff)) return notValid(LABEL, "the checksum does not match");
  if (flag & TESTNET_ONLY) return rejected("This is a TON testnet address; a mainnet address is required.");
  if (flag !== BOUNCEABLE && flag !== NON_BOUNCEABLE) return notValid(LABEL, "it has an unknown address flag");
  if (workchain !== BASECHAIN && workchain !== MASTERCHAIN) {
    return notValid(LABEL, "its workchain must be 0 or -1");
  }
  return accepted(base64url.encode(bytes));
}

export function encodeBounceable(workchain: number, accountId: Uint8Array): string {
  const body = concatBytes(Uint8Array.of(BOUNCEABLE, workchain & 0xff), accountId);
  const crc = crc16Xmodem(body);
  return base64url.encode(concatBytes(body, Uint8Array.of(crc >> 8, crc & 0xff)));
}

export const ton: AddressFamily = {
  label: LABEL,
  check: (address) => (RAW.test(address) ? accepted(address.toLowerCase()) : checkFriendly(address)),
  generate: (seed) => encodeBounceable(0, deriveBytes(seed, 32)),
};
