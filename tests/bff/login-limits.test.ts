// The operator login's limits over real HTTP against the production build (lib/bff/dashboard/login-limit.ts):
// wrong passwords from any number of clients share caps, a refusal says nothing about the password,
// and the operator's own browser (its device cookie) is not locked out by strangers' guessing, even
// where every request looks like the same client.
import { randomBytes } from "node:crypto";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { expectError, postJson, type HttpResult } from "./requests";
import { APP_SECRET, instancesOnRedis } from "./fixtures";

const PASSWORD = "a long operator password for the limits";
/** FAILED_LOGINS_PER_MINUTE in lib/bff/dashboard/login-limit.ts. */
const FAILED_PER_MINUTE = 10;

type Client = { xff?: string; device?: string };

function login(origin: string, password: string, client: Client = {}): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (client.xff) headers["x-forwarded-for"] = client.xff;
  if (client.device) headers.cookie = `swap_dashboard_device=${client.device}`;
  return postJson(origin, "/api/partner/session", { password }, { headers });
}

const setCookies = (res: HttpResult): string[] => {
  const value = res.headers["set-cookie"];
  return Array.isArray(value) ? value : value ? [value] : [];
};

/** The device cookie's value a successful login set. */
function deviceOf(res: HttpResult): string {
  expect(res.status, res.raw).toBe(200);
  const cookie = setCookies(res).find((c) => c.startsWith("swap_dashboard_device="));
  expect(cookie, res.raw).toBeDefined();
  const attributes = cookie!.split(";").map((s) => s.trim());
  expect(attributes).toEqual(expect.arrayContaining(["Path=/api/partner/session", "HttpOnly", "SameSite=Strict"]));
  return attributes[0]!.slice("swap_dashboard_device=".length);
}

function expectLoginRefused(res: HttpResult) {
  const body = expectError(res, 429, "rate_limited");
  expect(body.error.details).toEqual({ limit: "login" });
  expect(res.header("retry-after"), res.raw).toMatch(/^\d+$/);
  expect(Number(res.header("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(res.header("set-cookie")).toBeUndefined();
  return body;
}

/** Clients as one trusted proxy reports them: IPv4 addresses and IPv6 /64s, none seen before. */
let next = 0;
const freshClient = (): Client => {
  next += 1;
  return { xff: next % 2 ? `198.51.100.${next}` : `2001:db8:${next.toString(16)}::1` };
};

describe("the login behind one trusted proxy (TRUST_PROXY_HOPS=1)", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, APP_SECRET, TRUST_PROXY_HOPS: "1" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  let operatorDevice: string;

  it("logs in with the right password after a few wrong ones, and right passwords spend no cap", async () => {
    const operator = freshClient();
    for (let i = 0; i < 3; i++) expectError(await login(app.origin, `wrong-${i}`, operator), 401, "unauthorized");
    operatorDevice = deviceOf(await login(app.origin, PASSWORD, operator));
    // More right passwords than the cap on wrong ones allows, each from its own client.
    for (let i = 0; i < FAILED_PER_MINUTE + 2; i++)
      expect((await login(app.origin, PASSWORD, freshClient())).status).toBe(200);
  });

  it("refuses everyone's guesses once the minute's wrong passwords are spent, however many clients they come from", async () => {
    // 3 wrong passwords were counted above; the rest of the minute's cap goes on clients never seen before.
    for (let i = 3; i < FAILED_PER_MINUTE; i++)
      expectError(await login(app.origin, `guess-${i}`, freshClient()), 401, "unauthorized");
    const wrong = expectLoginRefused(await login(app.origin, "guess-next", freshClient()));
    // The right password is refused the same way: a refusal says nothing about the password.
    const right = expectLoginRefused(await login(app.origin, PASSWORD, freshClient()));
    expect({ ...right, requestId: "" }).toEqual({ ...wrong, requestId: "" });
    expect(Number((await login(app.origin, PASSWORD, freshClient())).header("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("still lets the operator's browser in, by its device cookie, while strangers are refused", async () => {
    const res = await login(app.origin, PASSWORD, { ...freshClient(), device: operatorDevice });
    expect(res.status, res.raw).toBe(200);
    // The same device, its cookie renewed.
    expect(deviceOf(res).split(".")[0]).toBe(operatorDevice.split(".")[0]);

    const madeUp = `${randomBytes(16).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
    const tampered = `${randomBytes(16).toString("base64url")}.${operatorDevice.split(".")[1]}`;
    for (const device of [madeUp, tampered, "junk"])
      expectLoginRefused(await login(app.origin, PASSWORD, { ...freshClient(), device }));
  });
});

describe("the login when every request is one client (plain `next start`, TRUST_PROXY_HOPS=0)", () => {
  let app: RunningApp;
  /** Two browsers that have logged in before: 2 of the one client's 5 attempts this minute. */
  let operator: string;
  let other: string;
  beforeAll(async () => {
    app = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, APP_SECRET }, "next-start");
    operator = deviceOf(await login(app.origin, PASSWORD));
    other = deviceOf(await login(app.origin, PASSWORD));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("does not let a stranger's wrong passwords lock out a browser that has logged in before", async () => {
    // The stranger's forged addresses count for nothing: three tries spend the one client's five.
    for (let i = 0; i < 3; i++)
      expectError(await login(app.origin, `stranger-${i}`, freshClient()), 401, "unauthorized");
    expectLoginRefused(await login(app.origin, PASSWORD));
    expect((await login(app.origin, PASSWORD, { device: operator })).status).toBe(200);
  });

  it("counts a device past its 10 wrong passwords a day as a stranger again, and only that device", async () => {
    for (let i = 0; i < 10; i++)
      expectError(await login(app.origin, `stolen-${i}`, { device: other }), 401, "unauthorized");
    // Now it shares the strangers' limit, which they have spent.
    expectLoginRefused(await login(app.origin, PASSWORD, { device: other }));
    expect((await login(app.origin, PASSWORD, { device: operator })).status).toBe(200);
  });
});

describe("the login's caps across instances on one Redis", () => {
  const running = instancesOnRedis(
    { PARTNER_DASHBOARD_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: "1" },
    { PARTNER_DASHBOARD_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: "1" },
  );

  it("counts wrong passwords on every instance against one cap", async () => {
    const [a, b] = running.apps as [RunningApp, RunningApp];
    for (let i = 0; i < FAILED_PER_MINUTE; i++)
      expectError(await login((i % 2 ? a : b).origin, `guess-${i}`, freshClient()), 401, "unauthorized");
    for (const app of [a, b]) expectLoginRefused(await login(app.origin, PASSWORD, freshClient()));
  });
});
