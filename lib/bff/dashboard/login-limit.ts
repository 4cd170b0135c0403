// How many passwords can be tried at the operator login, and by whom.
//
// Two attacks shape it. Guessing from many addresses: a limit per client alone lets anyone with
// many IPv4 addresses or IPv6 /64s guess without end. Locking the operator out: without a trusted
// front or TRUST_PROXY_HOPS every request is one client, so a stranger's five tries a minute would
// keep the operator out too, and any cap on all clients together hands a stranger the same power.
// Only something the operator's browser holds and a stranger's does not can tell them apart: the
// device cookie a successful login leaves (lib/bff/dashboard/session.ts). So:
//
// - A trusted device (a valid device cookie) counts only against its own cap: 10 wrong passwords a
//   day. Past it, it is a stranger again. Strangers' guessing cannot lock it out.
// - Everyone else counts against their client's limit, 5 attempts a minute, right or wrong (the
//   dashboard's contract; it also bounds the sessions even the right password can open), and
//   against caps on wrong passwords from all strangers together: 10 a minute and 100 a day.
//   Guessing from any number of addresses is then at most 100 passwords a day.
//
// The trade-off, taken on purpose: while strangers spend the shared caps, a browser that has never
// logged in (or whose cookie was cleared, or whose password changed) waits as they do, up to a day.
// The operator's usual browser does not. Raising the caps buys new browsers less waiting at the
// price of more guesses; a long password is what makes 100 guesses a day harmless.
//
// Every count is taken before the password is looked at, so a refused attempt is refused whether or
// not its password was right and says nothing about it, and parallel guesses cannot slip past a
// cap. A right password then gives its point back: the caps count wrong passwords only.
import "server-only";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { processSingleton } from "@/lib/process-singleton";
import { trustedDeviceOf } from "./session";
import { consumeOrRefuse, sharedLimiter } from "@/lib/bff/http/rate-limit";
import { storeReady } from "@/lib/bff/upstream/shared-store";

/** Attempts per client a minute, right or wrong. */
const LOGINS_PER_CLIENT_PER_MINUTE = 5;
/** Wrong passwords from all untrusted browsers together. */
export const FAILED_LOGINS_PER_MINUTE = 10;
export const FAILED_LOGINS_PER_DAY = 100;
/** Wrong passwords from one trusted device before it counts as a stranger again. */
export const FAILED_LOGINS_PER_DEVICE_PER_DAY = 10;

const DAY_SECONDS = 24 * 60 * 60;
/** The one key of the caps on all strangers together. */
const EVERYONE = "all";

type LoginLimiters = {
  perClient: RateLimiterAbstract;
  failedPerMinute: RateLimiterAbstract;
  failedPerDay: RateLimiterAbstract;
  failedPerDevice: RateLimiterAbstract;
};

function limiters(): LoginLimiters {
  return processSingleton("login-limiters", () => ({
    // "l": the same keys as before the caps existed, so a rolling deploy keeps counting.
    perClient: sharedLimiter("l", LOGINS_PER_CLIENT_PER_MINUTE, 60),
    failedPerMinute: sharedLimiter("login-failed-m", FAILED_LOGINS_PER_MINUTE, 60),
    failedPerDay: sharedLimiter("login-failed-d", FAILED_LOGINS_PER_DAY, DAY_SECONDS),
    failedPerDevice: sharedLimiter("login-failed-device", FAILED_LOGINS_PER_DEVICE_PER_DAY, DAY_SECONDS),
  }));
}

export type LoginAttempt = {
  /** The trusted device the attempt came from, if any (its cookie is renewed on success). */
  device: string | null;
  /** Call once the password was right: gives back what the caps on wrong passwords took. */
  succeeded: () => Promise<void>;
};

/** Gives back a point taken in advance; a failure here only means one wrong password too many was counted. */
async function giveBack(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.reward(key, 1).catch(() => undefined);
}

/** Whether `key` still had a point, which it now spent. */
async function tookPoint(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}

/**
 * Admits one login attempt before its password is looked at, or refuses it with 429 `rate_limited`
 * and Retry-After. Every refusal looks the same, whichever limit refused it.
 */
export async function admitLogin(req: Request, clientId: string): Promise<LoginAttempt> {
  await storeReady();
  const l = limiters();
  const device = trustedDeviceOf(req);
  if (device && (await tookPoint(l.failedPerDevice, device)))
    return { device, succeeded: () => giveBack(l.failedPerDevice, device) };
  await consumeOrRefuse(l.perClient, clientId, "login");
  await consumeOrRefuse(l.failedPerMinute, EVERYONE, "login");
  // Refused by the day's cap, the attempt tests no password: the minute's point goes back.
  await consumeOrRefuse(l.failedPerDay, EVERYONE, "login").catch(async (refusal: unknown) => {
    await giveBack(l.failedPerMinute, EVERYONE);
    throw refusal;
  });
  return {
    device: null,
    succeeded: async () => {
      await Promise.all([giveBack(l.failedPerMinute, EVERYONE), giveBack(l.failedPerDay, EVERYONE)]);
    },
  };
}
