// The dashboard's sessions over HTTP: off without a password; cookies, logins and their limit, logout, methods.
import { hkdfSync } from "node:crypto";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { call, expectError, postJson } from "./requests";
import { APP_SECRET, NO_CLIENT_LIMITS } from "./fixtures";
import {
  NO_SANDBOX_LIMIT,
  PASSWORD,
  SOME_SWAP_ID,
  dataRoutes,
  login,
  nowSeconds,
  seededDashboard,
  sessionCookie,
  signedCookie,
} from "./partner-dashboard";

describe("without PARTNER_DASHBOARD_PASSWORD", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ ...NO_CLIENT_LIMITS, ...NO_SANDBOX_LIMIT });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 404 on the dashboard pages", async () => {
    for (const path of ["/partner", "/partner/login"]) {
      const res = await call(app.origin, path);
      expect(res.status, `${path}: ${res.raw.slice(0, 300)}`).toBe(404);
    }
  });

  it("answers 404 not_found on every /api/partner route, session or not", async () => {
    const forged = signedCookie(nowSeconds() + 3600);
    for (const [method, path] of dataRoutes) {
      expectError(await call(app.origin, path, { method }), 404, "not_found");
      expectError(await call(app.origin, path, { method, headers: { cookie: forged } }), 404, "not_found");
    }
    expectError(await postJson(app.origin, "/api/partner/session", { password: PASSWORD }), 404, "not_found");
    expectError(await postJson(app.origin, "/api/partner/session", { password: "" }), 404, "not_found");
    expectError(await call(app.origin, "/api/partner/session", { method: "DELETE" }), 404, "not_found");
    // Nor does a method a route does not serve tell that it exists (405 would).
    for (const [, path] of [...dataRoutes, ["GET", "/api/partner/session"]]) {
      for (const method of ["OPTIONS", "PATCH", "TRACE"])
        expectError(await call(app.origin, path!, { method }), 404, "not_found");
    }
  });
});

describe("with PARTNER_DASHBOARD_PASSWORD, on the embedded sandbox", () => {
  let origin: string;
  let cookie: string;
  seededDashboard((seeded) => ({ origin, cookie } = seeded));

  describe("sessions", () => {
    it("refuses every data route with 401 unauthorized without a session cookie", async () => {
      for (const [method, path] of dataRoutes) expectError(await call(origin, path, { method }), 401, "unauthorized");
    });

    it("refuses made-up, tampered and self-signed cookies with 401: only a session the server recorded opens it", async () => {
      const valid = cookie.split("=")[1]!;
      const flipped = valid.slice(0, -1) + (valid.endsWith("A") ? "B" : "A");
      const otherPurposeKey = Buffer.from(hkdfSync("sha256", APP_SECRET, "swap-checkout", "swap-token", 32));
      const bad = [
        "swap_dashboard=",
        "swap_dashboard=garbage",
        `swap_dashboard=${"A".repeat(43)}`,
        `swap_dashboard=${flipped}`,
        `swap_dashboard=${valid}.extra`,
        // Signed with the dashboard key, as sessions once were: signing no longer makes a session.
        signedCookie(nowSeconds() + 3600),
        signedCookie(nowSeconds() + 3600, otherPurposeKey),
        `other_cookie=${valid}`,
      ];
      for (const value of bad) {
        for (const [method, path] of dataRoutes)
          expectError(await call(origin, path, { method, headers: { cookie: value } }), 401, "unauthorized");
      }
      // The recorded session opens it (the forgeries above fail for their own reason).
      expect((await call(origin, "/api/partner/swaps", { headers: { cookie } })).status).toBe(200);
    });

    it("checks the session before the query, so a stranger learns nothing from validation", async () => {
      expectError(await call(origin, "/api/partner/swaps?limit=banana"), 401, "unauthorized");
      expectError(await call(origin, "/api/partner/swaps/not-an-id"), 401, "unauthorized");
    });

    it("sends /partner to the login page without a valid session, and shows it with one", async () => {
      // No cookie: a visitor. A cookie that does not hold: a session that ended, which the login page says.
      for (const [headers, location] of [
        [{}, /\/partner\/login$/],
        [{ cookie: "swap_dashboard=garbage" }, /\/partner\/login\?ended=1$/],
        [{ cookie: signedCookie(nowSeconds() - 5) }, /\/partner\/login\?ended=1$/],
      ] as Array<[Record<string, string>, RegExp]>) {
        const res = await call(origin, "/partner", { headers });
        expect(res.status, res.raw.slice(0, 300)).toBe(307);
        expect(res.header("location")).toMatch(location);
      }
      // The view asked for is kept to return to, as a query only: never a way to another address.
      const filtered = await call(origin, "/partner?status=completed&q=%2F%2Fevil.example");
      expect(filtered.header("location")).toBe("/partner/login?back=status%3Dcompleted%26q%3D%252F%252Fevil.example");
      const signedIn = await call(origin, "/partner/login?back=status%3Dcompleted", { headers: { cookie } });
      expect(signedIn.header("location")).toBe("/partner?status=completed");
      for (const back of ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "x%23y"]) {
        const res = await call(origin, `/partner/login?back=${back}`, { headers: { cookie } });
        expect(res.header("location"), back).toBe("/partner");
      }
      const page = await call(origin, "/partner", { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.text).toContain("Swap history");
      const loginPage = await call(origin, "/partner/login");
      expect(loginPage.status).toBe(200);
      expect(loginPage.text).toContain("Password");
    });

    it("sets an httpOnly, SameSite=Strict, 12-hour cookie, not Secure over plain http (even if the client claims https)", async () => {
      const plain = await login(origin, "127.0.0.2");
      expect(plain.status, plain.raw).toBe(200);
      const attributes = plain
        .header("set-cookie")!
        .split(";")
        .map((s) => s.trim());
      expect(attributes).toEqual(expect.arrayContaining(["Path=/", "Max-Age=43200", "HttpOnly", "SameSite=Strict"]));
      expect(attributes).not.toContain("Secure");
      const expiresAt = Date.parse((plain.json as { expiresAt: string }).expiresAt);
      expect(Math.abs(expiresAt / 1000 - (nowSeconds() + 43_200))).toBeLessThanOrEqual(5);

      // Secure over https as a trusted proxy saw it: tests/bff/security-config.test.ts.
      const claimed = await postJson(
        origin,
        "/api/partner/session",
        { password: PASSWORD },
        { localAddress: "127.0.0.2", headers: { "x-forwarded-proto": "https" } },
      );
      expect(
        claimed
          .header("set-cookie")!
          .split(";")
          .map((s) => s.trim()),
      ).not.toContain("Secure");
    });

    it("refuses a wrong password with 401 unauthorized and sets no cookie", async () => {
      for (const password of ["wrong", PASSWORD + " ", PASSWORD.toUpperCase()]) {
        const res = await login(origin, "127.0.0.3", password);
        expectError(res, 401, "unauthorized");
        expect(res.header("set-cookie")).toBeUndefined();
      }
      expectError(
        await postJson(origin, "/api/partner/session", { password: "" }, { localAddress: "127.0.0.3" }),
        400,
        "validation_error",
      );
      expectError(
        await postJson(origin, "/api/partner/session", { password: PASSWORD, extra: 1 }, { localAddress: "127.0.0.3" }),
        400,
        "validation_error",
      );
    });

    it("limits logins to 5 a minute per client, counting before the password, with Retry-After", async () => {
      for (let i = 0; i < 5; i++) expectError(await login(origin, "127.0.0.4", `wrong-${i}`), 401, "unauthorized");
      for (const password of ["wrong-again", PASSWORD]) {
        const res = await login(origin, "127.0.0.4", password);
        expectError(res, 429, "rate_limited");
        expect(res.header("retry-after")).toMatch(/^\d+$/);
        expect(Number(res.header("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(Number(res.header("retry-after"))).toBeLessThanOrEqual(60);
        expect(res.header("set-cookie")).toBeUndefined();
      }
      // Another client is not affected.
      expect((await login(origin, "127.0.0.5")).status).toBe(200);
    });

    it("logs out by ending the session and expiring the cookie", async () => {
      // A session of its own: logging out the shared one would end it for the tests after this one.
      const own = await sessionCookie(origin, "127.0.0.6");
      expect((await call(origin, "/api/partner/swaps?limit=1", { headers: { cookie: own } })).status).toBe(200);
      const res = await call(origin, "/api/partner/session", { method: "DELETE", headers: { cookie: own } });
      expect(res.status, res.raw).toBe(204);
      const attributes = res
        .header("set-cookie")!
        .split(";")
        .map((s) => s.trim());
      expect(attributes).toEqual(
        expect.arrayContaining(["swap_dashboard=", "Max-Age=0", "Path=/", "HttpOnly", "SameSite=Strict"]),
      );
      expectError(await call(origin, "/api/partner/swaps?limit=1", { headers: { cookie: own } }), 401, "unauthorized");
    });

    it("refuses a login posted from another site", async () => {
      expectError(
        await postJson(
          origin,
          "/api/partner/session",
          { password: PASSWORD },
          { localAddress: "127.0.0.6", headers: { origin: "https://evil.example" } },
        ),
        403,
        "forbidden_origin",
      );
    });

    it("answers 405 to other methods on each route", async () => {
      expectError(await call(origin, "/api/partner/session", { method: "GET" }), 405, "method_not_allowed");
      for (const path of [
        "/api/partner/swaps",
        "/api/partner/swaps.csv",
        `/api/partner/swaps/${SOME_SWAP_ID}`,
        "/api/partner/summary",
        "/api/partner/webhooks",
      ]) {
        expectError(await call(origin, path, { method: "POST", headers: { cookie } }), 405, "method_not_allowed");
        expectError(await call(origin, path, { method: "DELETE", headers: { cookie } }), 405, "method_not_allowed");
      }
      expectError(
        await call(origin, `/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`, { headers: { cookie } }),
        405,
        "method_not_allowed",
      );
    });

    it("answers OPTIONS on each route with 405 and the methods it does serve, session or not", async () => {
      const routes: Array<[string, string]> = [
        ["/api/partner/session", "POST, DELETE"],
        ["/api/partner/swaps", "GET, HEAD"],
        ["/api/partner/swaps.csv", "GET, HEAD"],
        [`/api/partner/swaps/${SOME_SWAP_ID}`, "GET, HEAD"],
        ["/api/partner/summary", "GET, HEAD"],
        ["/api/partner/webhooks", "GET, HEAD"],
        [`/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`, "POST"],
      ];
      for (const [path, allowed] of routes) {
        const res = await call(origin, path, { method: "OPTIONS" });
        expectError(res, 405, "method_not_allowed");
        expect(res.header("allow"), path).toBe(allowed);
      }
    });
  });
});
