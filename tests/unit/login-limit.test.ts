// The operator login's caps on a manual clock (lib/bff/dashboard/login-limit.ts): wrong passwords from all
// strangers together are at most 10 a minute and 100 a day, right ones cost nothing, and a trusted
// device has a cap of its own. Over HTTP: tests/bff/login-limits.test.ts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deviceCookie } from "@/lib/bff/dashboard/session";
import { isApiError } from "@/lib/bff/http/errors";
import {
  FAILED_LOGINS_PER_DAY,
  FAILED_LOGINS_PER_DEVICE_PER_DAY,
  FAILED_LOGINS_PER_MINUTE,
  admitLogin,
} from "@/lib/bff/dashboard/login-limit";
import { resetProcessSingleton } from "@/lib/process-singleton";
import { setUpBff, tearDownBff, type Harness } from "./bff-harness";

const login = (cookie?: string) =>
  new Request("http://localhost/api/partner/session", { method: "POST", headers: cookie ? { cookie } : {} });

/** The Retry-After of a refused attempt, or null when it was admitted (its password left wrong). */
async function attempt(clientId: string, cookie?: string): Promise<number | null> {
  try {
    await admitLogin(login(cookie), clientId);
    return null;
  } catch (error) {
    if (!isApiError(error) || error.code !== "rate_limited") throw error;
    expect(error.details).toEqual({ limit: "login" });
    return Number(error.headers["retry-after"]);
  }
}

let clients = 0;
const freshClient = () => `198.51.100.${++clients}`;

let bff: Harness;
beforeEach(() => {
  bff = setUpBff({ PARTNER_DASHBOARD_PASSWORD: "the operator's long password" });
  resetProcessSingleton("login-limiters");
});
afterEach(() => {
  resetProcessSingleton("login-limiters");
  tearDownBff();
});

describe("the caps on wrong passwords from all strangers", () => {
  it("admits 10 a minute, and 100 a day, from clients never seen before; then the next day again", async () => {
    for (let minute = 0; minute < FAILED_LOGINS_PER_DAY / FAILED_LOGINS_PER_MINUTE; minute++) {
      for (let i = 0; i < FAILED_LOGINS_PER_MINUTE; i++) expect(await attempt(freshClient())).toBeNull();
      const retryAfter = await attempt(freshClient());
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      bff.advance(60_000);
    }
    // The day's 100 are spent: refused until the day is over, whatever the minute.
    const retryAfter = await attempt(freshClient());
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    bff.advance(retryAfter! * 1000);
    expect(await attempt(freshClient())).toBeNull();
  });

  it("gives back what a right password took", async () => {
    for (let i = 0; i < 3 * FAILED_LOGINS_PER_MINUTE; i++) {
      const admitted = await admitLogin(login(), freshClient());
      await admitted.succeeded();
    }
    expect(await attempt(freshClient())).toBeNull();
  });
});

describe("a trusted device", () => {
  it("is not held to the strangers' caps, until its own 10 wrong passwords a day are spent", async () => {
    const cookie = deviceCookie(login()).split(";")[0]!;
    for (let i = 0; i < FAILED_LOGINS_PER_MINUTE; i++) expect(await attempt(freshClient())).toBeNull();
    expect(await attempt(freshClient())).not.toBeNull();

    const client = freshClient();
    for (let i = 0; i < FAILED_LOGINS_PER_DEVICE_PER_DAY; i++) expect(await attempt(client, cookie)).toBeNull();
    // A stranger again, and the strangers' minute is spent.
    expect(await attempt(client, cookie)).not.toBeNull();
  });

  it("is not one made with another password", async () => {
    const cookie = deviceCookie(login()).split(";")[0]!;
    setUpBff({ PARTNER_DASHBOARD_PASSWORD: "a new password after a leak" });
    resetProcessSingleton("login-limiters");
    for (let i = 0; i < FAILED_LOGINS_PER_MINUTE; i++) expect(await attempt(freshClient())).toBeNull();
    expect(await attempt(freshClient(), cookie)).not.toBeNull();
  });
});
