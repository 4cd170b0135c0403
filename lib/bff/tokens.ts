// Signed values handed to the browser: swap access tokens and order references. Each purpose has
// its own HKDF-derived key (lib/config), and every comparison is constant-time.
import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "@/lib/timing";
import { config, type KeyPurpose } from "@/lib/config";
import { isTerminalStatus, type Swap } from "@/lib/schema/partner";

const mac = (purpose: KeyPurpose, value: string) =>
  createHmac("sha256", config().keyFor(purpose)).update(value).digest("base64url");

/** The token that opens one swap's status: HMAC of its id. */
export const swapAccessToken = (swapId: string) => mac("swap-token", `swap:${swapId}`);

/**
 * How long a swap's token opens it once the swap has ended: 30 days after it reached its terminal
 * status (its updatedAt from then on). Until it ends, always. Tokens carry no date (they live in
 * people's bookmarks as they were minted), so the swap's own dates decide; afterwards a read is
 * 404 swap_not_found, exactly as with a wrong token.
 */
const SWAP_TOKEN_DAYS_AFTER_END = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a swap's (valid) token still opens it at `now`. */
export function swapTokenOpens(swap: Pick<Swap, "status" | "updatedAt">, now: number = Date.now()): boolean {
  if (!isTerminalStatus(swap.status)) return true;
  return now - Date.parse(swap.updatedAt) <= SWAP_TOKEN_DAYS_AFTER_END * DAY_MS;
}

/** A fingerprint of the swap-token key, for instances to compare (lib/bff/boot/secret-check.ts). */
export const secretFingerprint = () => mac("swap-token", "fingerprint:app-secret").slice(0, 22);
export const isSwapAccessToken = (swapId: string, token: string | null): boolean =>
  !!token && safeEqual(swapAccessToken(swapId), token);

const externalIdPattern = /^ord_[a-z0-9]{20}$/;

/** A new order reference: one per checkout, kept across re-quotes. */
export function mintExternalId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return "ord_" + Array.from(randomBytes(20), (b) => alphabet[b % 36]).join("");
}

export const orderTokenFor = (externalId: string) => `${externalId}.${mac("order-token", `order:${externalId}`)}`;

/** The order reference inside a token the BFF signed, or null for anything else. */
export function externalIdFromOrderToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const [externalId, signature, extra] = token.split(".");
  if (!externalId || !signature || extra !== undefined || !externalIdPattern.test(externalId)) return null;
  return safeEqual(orderTokenFor(externalId), token) ? externalId : null;
}
