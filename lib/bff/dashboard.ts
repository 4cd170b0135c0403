// The operator dashboard's server side: the session cookie and the password check. The swap
// history is in dashboard-history.ts, the CSV export in dashboard-csv.ts, both on the ledger.
import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { ApiError } from "./errors";

export const SESSION_COOKIE = "swap_dashboard";
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** The dashboard exists only when an operator password is configured. */
export const dashboardEnabled = () => !!config().PARTNER_DASHBOARD_PASSWORD;

export function assertDashboardEnabled(): void {
  if (!dashboardEnabled()) throw new ApiError("not_found");
}

// ---- session ------------------------------------------------------------------------------------

const sessionMac = (exp: number) => createHmac("sha256", config().keyFor("dashboard-session")).update(`dashboard:${exp}`).digest("base64url");

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `${exp}.${HMAC}`: exp in Unix seconds, 12 hours from now. */
export function signSession(now = Date.now()): { value: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + SESSION_TTL_SECONDS;
  return { value: `${exp}.${sessionMac(exp)}`, expiresAt: new Date(exp * 1000) };
}

export function isValidSession(value: string | null | undefined, now = Date.now()): boolean {
  if (!value || !dashboardEnabled()) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const exp = Number(match[1]);
  const nowSeconds = Math.floor(now / 1000);
  // Expired, or further out than we ever sign (a forged far-future exp still needs the key anyway).
  if (exp <= nowSeconds || exp > nowSeconds + SESSION_TTL_SECONDS + 60) return false;
  return safeEqual(sessionMac(exp), match[2]!);
}

/** Both sides hashed first, so the comparison takes the same time whatever the lengths. */
export function isDashboardPassword(given: string): boolean {
  const expected = config().PARTNER_DASHBOARD_PASSWORD;
  if (!expected) return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

export function requireSession(req: Request): void {
  if (!isValidSession(cookieOf(req, SESSION_COOKIE))) throw new ApiError("unauthorized");
}

function isHttps(req: Request): boolean {
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https" || new URL(req.url).protocol === "https:";
}

function sessionCookie(req: Request, value: string, maxAge: number): string {
  return [`${SESSION_COOKIE}=${value}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Strict", ...(isHttps(req) ? ["Secure"] : [])].join("; ");
}

export const openSessionCookie = (req: Request, value: string) => sessionCookie(req, value, SESSION_TTL_SECONDS);
export const closeSessionCookie = (req: Request) => sessionCookie(req, "", 0);
