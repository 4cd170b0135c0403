// Signed values handed to the browser: swap access tokens and order references. Each purpose has
// its own HKDF-derived key (lib/config), and every comparison is constant-time.
import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "@/lib/timing";
import { config, type KeyPurpose } from "@/lib/config";

const mac = (purpose: KeyPurpose, value: string) => createHmac("sha256", config().keyFor(purpose)).update(value).digest("base64url");

/** The token that opens one swap's status: HMAC of its id. */
export const swapAccessToken = (swapId: string) => mac("swap-token", `swap:${swapId}`);
/** A fingerprint of the swap-token key, for instances to compare (lib/bff/boot/secret-check.ts). */
export const secretFingerprint = () => mac("swap-token", "fingerprint:app-secret").slice(0, 22);
export const isSwapAccessToken = (swapId: string, token: string | null): boolean => !!token && safeEqual(swapAccessToken(swapId), token);

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
