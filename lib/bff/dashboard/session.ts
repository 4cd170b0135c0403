// The operator dashboard's sessions: server-side records in the shared store, so logout and a
// changed password end them on every instance, and a copied cookie dies with its record. They are
// never kept in one instance's memory: while Redis does not answer (lib/store/strict.ts), a session
// is neither found absent nor opened or ended on this instance alone, but answered 503.
import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { safeEqual } from "@/lib/timing";
import { reachedOverHttps } from "@/lib/bff/http/client-id";
import { isStoreUnavailable, type StrictStore } from "@/lib/store/strict";
import { ApiError, isApiError, retryAfterHeader } from "@/lib/bff/http/errors";
import { strictStore } from "@/lib/bff/upstream/shared-store";
import { log } from "@/lib/observability/log";

export const SESSION_COOKIE = "swap_dashboard";
const SESSION_TTL_SECONDS = 12 * 60 * 60;

type SessionRecord = { passwordTag: string; createdAt: number };

/** The dashboard exists only when an operator password is configured. */
export const dashboardEnabled = () => !!config().PARTNER_DASHBOARD_PASSWORD;

export function assertDashboardEnabled(): void {
  if (!dashboardEnabled()) throw new ApiError("not_found");
}

/** Which password a session was opened with, without keeping the password: a new one ends it. */
const passwordTag = (password: string) =>
  createHmac("sha256", config().keyFor("dashboard-session")).update(`password:${password}`).digest("base64url");

// The store holds a hash of the cookie's value, so a copy of the store opens no session.
const sessionHash = (value: string) => createHash("sha256").update(value).digest("base64url");
const recordKey = (value: string) => `dashboard:session:${sessionHash(value)}`;
const sessionValue = /^[A-Za-z0-9_-]{43}$/;

/** The sessions' store, its StoreUnavailable turned into the API's 503 service_unavailable. */
async function sessions<T>(op: (store: StrictStore) => Promise<T>): Promise<T> {
  try {
    return await op(strictStore());
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    log().warn(`[store] dashboard sessions: ${error.message}`);
    throw new ApiError(
      "service_unavailable",
      "Sessions cannot be checked right now: the shared store is not answering. Try again in a moment.",
      {},
      retryAfterHeader(5),
    );
  }
}

/** Opens a session: a random value for the cookie, its record in the store for 12 hours. */
export async function openSession(now = Date.now()): Promise<{ value: string; expiresAt: Date }> {
  const value = randomBytes(32).toString("base64url");
  const record: SessionRecord = { passwordTag: passwordTag(config().PARTNER_DASHBOARD_PASSWORD ?? ""), createdAt: now };
  await sessions((store) => store.set(recordKey(value), JSON.stringify(record), SESSION_TTL_SECONDS * 1000));
  return { value, expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000) };
}

/** Throws 503 service_unavailable when the store does not answer: a session may well exist. */
async function isValidSession(value: string | null | undefined): Promise<boolean> {
  const password = config().PARTNER_DASHBOARD_PASSWORD;
  if (!value || !password || !sessionValue.test(value)) return false;
  const raw = await sessions((store) => store.get(recordKey(value)));
  if (!raw) return false;
  let record: Partial<SessionRecord>;
  try {
    record = JSON.parse(raw) as Partial<SessionRecord>;
  } catch {
    return false;
  }
  return safeEqual(passwordTag(password), String(record.passwordTag ?? ""));
}

/** For a page: whether the cookie holds a session, or the store did not answer (a page to retry, not the login). */
export async function sessionState(value: string | null | undefined): Promise<"valid" | "none" | "unavailable"> {
  try {
    return (await isValidSession(value)) ? "valid" : "none";
  } catch (error) {
    if (isApiError(error) && error.code === "service_unavailable") return "unavailable";
    throw error;
  }
}

/** Logout: the record goes, so every copy of the cookie stops working. */
export async function endSession(value: string | null): Promise<void> {
  if (value && sessionValue.test(value)) await sessions((store) => store.delete(recordKey(value)));
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

export const sessionCookieOf = (req: Request) => cookieOf(req, SESSION_COOKIE);

/** The request's session as per-session limits name it: its record's hash, never the cookie itself. */
export const sessionIdOf = (req: Request): string => sessionHash(sessionCookieOf(req) ?? "");

export async function requireSession(req: Request): Promise<void> {
  if (!(await isValidSession(sessionCookieOf(req)))) throw new ApiError("unauthorized");
}

function sessionCookie(req: Request, value: string, maxAge: number): string {
  const secure = reachedOverHttps(req) ? ["Secure"] : [];
  return [`${SESSION_COOKIE}=${value}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Strict", ...secure].join(
    "; ",
  );
}

export const openSessionCookie = (req: Request, value: string) => sessionCookie(req, value, SESSION_TTL_SECONDS);
export const closeSessionCookie = (req: Request) => sessionCookie(req, "", 0);

// ---- trusted devices ---------------------------------------------------------------------------
// A browser that has logged in gets a device cookie: a random id signed with the dashboard key and
// the current password's tag, so nobody can make one without the password, and a new password ends
// every one of them. It opens nothing by itself; it lets the login limits tell the operator's own
// browser from the crowd (lib/bff/dashboard/login-limit.ts). Sent only to the login route, and kept past
// logout: logging out does not make a browser a stranger.
const DEVICE_COOKIE = "swap_dashboard_device";
const DEVICE_TTL_SECONDS = 90 * 24 * 60 * 60;
const deviceValue = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const deviceSignature = (id: string) =>
  createHmac("sha256", config().keyFor("dashboard-session"))
    .update(`device:${id}:${passwordTag(config().PARTNER_DASHBOARD_PASSWORD ?? "")}`)
    .digest("base64url");

/** The id of the request's device cookie when we issued it under the current password; null otherwise. */
export function trustedDeviceOf(req: Request): string | null {
  const match = deviceValue.exec(cookieOf(req, DEVICE_COOKIE) ?? "");
  if (!match || !dashboardEnabled()) return null;
  return safeEqual(deviceSignature(match[1]!), match[2]!) ? match[1]! : null;
}

/** The device cookie for a browser that just logged in: the id it had, or a new one. */
export function deviceCookie(req: Request, id: string = randomBytes(16).toString("base64url")): string {
  const secure = reachedOverHttps(req) ? ["Secure"] : [];
  return [
    `${DEVICE_COOKIE}=${id}.${deviceSignature(id)}`,
    "Path=/api/partner/session",
    `Max-Age=${DEVICE_TTL_SECONDS}`,
    "HttpOnly",
    "SameSite=Strict",
    ...secure,
  ].join("; ");
}
