import { utf8ToBytes } from "@noble/hashes/utils.js";
import { deriveBytes } from "./bytes";

export type MemoCheck = { valid: boolean; message: string | null };

/** Network-specific memo rule; returns an error message or null. */
export type MemoRule = (memo: string) => string | null;

const MAX_MEMO_CHARACTERS = 256;
const CONTROL_CHARACTER = /\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;
const DESTINATION_TAG = /^(0|[1-9][0-9]{0,9})$/;
const UINT32_MAX = 4_294_967_295;

function utf8Length(text: string): number {
  return utf8ToBytes(text).length;
}

export const memoRules: Readonly<Record<string, MemoRule>> = {
  // XRP Ledger destination tags are UInt32 fields.
  xrpl: (memo) =>
    DESTINATION_TAG.test(memo) && Number(memo) <= UINT32_MAX
      ? null
      : "The destination tag must be a whole number from 0 to 4294967295, without leading zeros.",
  // MEMO_TEXT holds at most 28 bytes; a MEMO_ID (uint64 in decimal) always fits in that too.
  stellar: (memo) => (utf8Length(memo) <= 28 ? null : "A Stellar memo can be at most 28 bytes long."),
  cosmos: () => null,
  // Text comments longer than this no longer fit in a single cell next to the comment header.
  ton: (memo) => (utf8Length(memo) <= 120 ? null : "A TON comment can be at most 120 bytes long."),
};

export function checkMemoText(rule: MemoRule, memo: string): MemoCheck {
  const message = commonProblem(memo) ?? rule(memo);
  return { valid: message === null, message };
}

function commonProblem(memo: string): string | null {
  if (memo.length === 0) return "The memo is empty.";
  if (CONTROL_CHARACTER.test(memo)) return "The memo contains control characters such as line breaks or tabs.";
  if (LONE_SURROGATE.test(memo)) return "The memo contains invalid characters.";
  if ([...memo].length > MAX_MEMO_CHARACTERS) return `The memo can be at most ${MAX_MEMO_CHARACTERS} characters long.`;
  return null;
}

/**
 * A nine-digit number: valid as an XRP destination tag, a Stellar MEMO_ID and
 * a Cosmos or TON memo. It uses bytes 32-35 of the derived stream so it does not
 * reuse the bytes that went into the deposit address.
 */
export function numericMemo(seed: Uint8Array): string {
  const bytes = deriveBytes(seed, 36).subarray(32);
  const value = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  return String(100_000_000 + (value % 900_000_000));
}
