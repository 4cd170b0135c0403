// The operator dashboard over real HTTP against the production build (DESIGN "The dashboard's
// contract"): off without a password, closed without a session, login limits, and the ledger's
// answers: paging, filters, search, exact totals, the daily summary, a swap's history, the CSV, and
// the webhook log; none of them costs an upstream call.
import { createHmac, hkdfSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { Webhook } from "standardwebhooks";
import Big from "big.js";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import {
  dashboardCsvColumns,
  dashboardSummarySchema,
  dashboardSwapDetailSchema,
  dashboardSwapListSchema,
  webhookLogSchema,
  type DashboardSwapList,
} from "@/lib/schema/dashboard";
import type { SwapListItem } from "@/lib/schema/partner";
import { call, expectError, postJson, type HttpResult } from "./requests";
import { TRON_ADDRESS, createSwap, quote, swapBody } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET, NO_CLIENT_LIMITS } from "./fixtures";
import { sleep } from "@/lib/timing";

const PASSWORD = "correct horse battery staple";
/** Every field quoted, the header's too. */
const CSV_HEADER =
  '"id","createdAt","status","fromAmount","fromToken","fromNetwork","toEstimatedAmount","toToken","toNetwork","externalId","customerId","bps","rewardAmountUsdc","rewardStatus"';
const NO_SANDBOX_LIMIT = { SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" };
/** The key's upstream budget out of the way (the dashboard may use a fifth of it), except where tested. */
const BIG_BUDGET = { PARTNER_RATE_LIMIT_PER_MINUTE: "1000000" };
const SOME_SWAP_ID = "ABCDEFGHJK12";

/** Every /api/partner route that needs a session, as [method, path]. */
const dataRoutes: Array<[string, string]> = [
  ["GET", "/api/partner/swaps"],
  ["GET", "/api/partner/swaps?status=completed&limit=10"],
  ["GET", "/api/partner/swaps.csv"],
  ["GET", `/api/partner/swaps/${SOME_SWAP_ID}`],
  ["GET", "/api/partner/summary"],
  ["GET", "/api/partner/webhooks"],
  ["POST", `/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`],
];
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

// The session cookie as the server signs it (DESIGN: HKDF label `dashboard-session`).
const sessionKey = Buffer.from(hkdfSync("sha256", APP_SECRET, "swap-checkout", "dashboard-session", 32));
const signedCookie = (exp: number, key: Buffer = sessionKey) =>
  `swap_dashboard=${exp}.${createHmac("sha256", key).update(`dashboard:${exp}`).digest("base64url")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function login(origin: string, localAddress: string, password = PASSWORD): Promise<HttpResult> {
  return postJson(origin, "/api/partner/session", { password }, { localAddress });
}

async function sessionCookie(origin: string, localAddress = "127.0.0.1"): Promise<string> {
  const res = await login(origin, localAddress);
  expect(res.status, res.raw).toBe(200);
  const setCookie = res.header("set-cookie") ?? "";
  const pair = setCookie.split(";")[0]!;
  // A random value: the session itself is a record on the server.
  expect(pair).toMatch(/^swap_dashboard=[A-Za-z0-9_-]{43}$/);
  return pair;
}

async function list(origin: string, cookie: string, query = ""): Promise<DashboardSwapList> {
  const res = await call(origin, `/api/partner/swaps${query}`, { headers: { cookie } });
  expect(res.status, res.raw).toBe(200);
  return dashboardSwapListSchema.parse(res.json);
}

/** Waits until the ledger's backfill has brought in `count` swaps. */
async function ledgerHolds(origin: string, cookie: string, count: number, withinMs = 60_000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    const res = await call(origin, "/api/partner/swaps?limit=1", { headers: { cookie } });
    if (res.status === 200 && (res.json as DashboardSwapList).total >= count) return;
    if (Date.now() > until)
      throw new Error(`the ledger did not reach ${count} swaps in ${withinMs} ms: ${res.raw.slice(0, 300)}`);
    await sleep(200);
  }
}

/** Every row for a filter, read the way a client would: pages of 100. */
async function allRows(origin: string, cookie: string, filter = ""): Promise<SwapListItem[]> {
  const rows: SwapListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await list(origin, cookie, `?${filter}${filter ? "&" : ""}limit=100&offset=${offset}`);
    rows.push(...page.swaps);
    if (offset + 100 >= page.total) return rows;
  }
}

function rewardSums(rows: readonly SwapListItem[]) {
  const sums = { available: new Big(0), claiming: new Big(0), claimed: new Big(0) };
  for (const { commission } of rows) {
    if (commission.rewardAmountUsdc !== null && commission.rewardStatus !== null)
      sums[commission.rewardStatus] = sums[commission.rewardStatus].plus(commission.rewardAmountUsdc);
  }
  return sums;
}

/** RFC 4180: quoted fields may hold commas, CRLF and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function csv(origin: string, cookie: string, query = "") {
  const res = await call(origin, `/api/partner/swaps.csv${query}`, { headers: { cookie } });
  expect(res.status, res.raw.slice(0, 1000)).toBe(200);
  expect(res.header("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.header("content-disposition")).toMatch(/^attachment; filename="swaps-\d{4}-\d{2}-\d{2}\.csv"$/);
  return { res, rows: parseCsv(res.text) };
}

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
  let app: RunningApp;
  let origin: string;
  let cookie: string;
  let all: SwapListItem[];

  beforeAll(async () => {
    app = await startApp({
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      APP_SECRET,
      ...NO_CLIENT_LIMITS,
      ...NO_SANDBOX_LIMIT,
      ...BIG_BUDGET,
    });
    origin = app.origin;
    const seeded = await postJson(origin, "/api/sandbox/seed", { count: 160 });
    expect(seeded.status, seeded.raw).toBe(200);
    cookie = await sessionCookie(origin);
    await ledgerHolds(origin, cookie, 160);
    all = await allRows(origin, cookie);
  });
  afterAll(async () => {
    await app?.stop();
  });

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

      // Secure over https as a trusted proxy saw it: tests/bff/security.test.ts.
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

  describe("the list", () => {
    it("pages through all 160 seeded swaps with no overlap, newest first, total 160", async () => {
      expect(all).toHaveLength(160);
      const seen = new Set<string>();
      for (let offset = 0; offset < 160; offset += 25) {
        const page = await list(origin, cookie, offset ? `?offset=${offset}` : "");
        expect(page.total).toBe(160);
        expect(page.limit).toBe(25);
        expect(page.offset).toBe(offset);
        expect(page.swaps).toHaveLength(Math.min(25, 160 - offset));
        for (const swap of page.swaps) {
          expect(seen.has(swap.id), `${swap.id} on two pages`).toBe(false);
          seen.add(swap.id);
        }
      }
      expect(seen.size).toBe(160);
      const times = all.map((s) => Date.parse(s.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("says how current the ledger is in x-ledger-as-of", async () => {
      const res = await call(origin, "/api/partner/swaps?limit=1", { headers: { cookie } });
      const asOf = Date.parse(res.header("x-ledger-as-of") ?? "");
      expect(asOf).toBeGreaterThan(Date.now() - 5 * 60_000);
      expect(asOf).toBeLessThanOrEqual(Date.now());
      // The whole history is in: nothing says it is still loading.
      expect(res.header("x-ledger-loading")).toBeUndefined();
    });

    it("filters by two statuses at once", async () => {
      const page = await list(origin, cookie, "?status=completed,failed&limit=100");
      const expected = all.filter((s) => s.status === "completed" || s.status === "failed");
      expect(expected.length).toBeGreaterThan(10);
      expect(page.total).toBe(expected.length);
      expect(page.totals.count).toBe(expected.length);
      expect(new Set(page.swaps.map((s) => s.status))).toEqual(new Set(["completed", "failed"]));
      expect(page.swaps.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    });

    it("filters by a creation date range, both ends inclusive", async () => {
      const from = all[120]!.createdAt;
      const to = all[40]!.createdAt;
      const rows = await allRows(
        origin,
        cookie,
        `createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}`,
      );
      expect(rows).toHaveLength(81);
      expect(rows[0]!.id).toBe(all[40]!.id);
      expect(rows.at(-1)!.id).toBe(all[120]!.id);
      const combined = await list(
        origin,
        cookie,
        `?status=completed,expired&createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}&limit=100`,
      );
      expect(combined.swaps.map((s) => s.id)).toEqual(
        rows.filter((s) => s.status === "completed" || s.status === "expired").map((s) => s.id),
      );
    });

    it("finds a swap by its id, externalId, customerId, deposit address or payout address", async () => {
      const target = all[17]!;
      for (const q of [
        target.id,
        target.id.toLowerCase(),
        target.externalId!,
        target.deposit.address,
        target.payout.address,
        target.deposit.address.toUpperCase(),
      ]) {
        const page = await list(origin, cookie, `?q=${encodeURIComponent(q)}`);
        expect(
          page.swaps.map((s) => s.id),
          q,
        ).toContain(target.id);
        expect(page.totals.count, q).toBe(page.total);
      }
      const byCustomer = await list(origin, cookie, `?q=${encodeURIComponent(target.customerId!)}&limit=100`);
      expect(byCustomer.total).toBe(all.filter((s) => s.customerId === target.customerId).length);
      expect(byCustomer.total).toBeGreaterThan(1);
      const none = await list(origin, cookie, "?q=no-such-thing");
      expect(none).toMatchObject({
        total: 0,
        swaps: [],
        totals: { count: 0, rewardUsdc: { available: "0", claiming: "0", claimed: "0" } },
      });
      // A search narrows the other filters, it does not replace them.
      const other = target.status === "completed" ? "failed" : "completed";
      expect((await list(origin, cookie, `?q=${target.id}&status=${other}`)).total).toBe(0);
    });

    it("totals every filtered row's reward by reward status, exactly, on every page", async () => {
      const sums = rewardSums(all);
      expect(sums.available.gt(0) && sums.claiming.gt(0) && sums.claimed.gt(0)).toBe(true);
      for (const offset of [0, 25, 150]) {
        const page = await list(origin, cookie, `?offset=${offset}`);
        expect(page.totals.count).toBe(160);
        expect(page.totals.rewardUsdc).toEqual({
          available: sums.available.toFixed(),
          claiming: sums.claiming.toFixed(),
          claimed: sums.claimed.toFixed(),
        });
      }
      const completed = await list(origin, cookie, "?status=completed&limit=5");
      const completedSums = rewardSums(all.filter((s) => s.status === "completed"));
      expect(completed.totals.rewardUsdc.available).toBe(completedSums.available.toFixed());
      const none = await list(origin, cookie, "?status=waiting_deposit,expired");
      expect(none.totals.rewardUsdc).toEqual({ available: "0", claiming: "0", claimed: "0" });
    });

    it("refuses a malformed query with 400 validation_error", async () => {
      for (const query of [
        "?limit=0",
        "?limit=101",
        "?limit=ten",
        "?offset=-1",
        "?status=",
        "?status=completed,nope",
        "?createdFrom=yesterday",
        "?createdFrom=2026-01-02T00:00:00Z&createdTo=2026-01-01T00:00:00Z",
        `?q=${"x".repeat(201)}`,
        "?q=ab%00cd",
        "?q=a%0D%0Aid",
        "?apiKey=x",
      ]) {
        expectError(await call(origin, `/api/partner/swaps${query}`, { headers: { cookie } }), 400, "validation_error");
      }
      expectError(
        await call(origin, "/api/partner/swaps.csv?offset=10", { headers: { cookie } }),
        400,
        "validation_error",
      );
      // Found by the fuzz test (FUZZ_SEED=128147331): a NUL in the search cut the CSV download off.
      expectError(
        await call(origin, "/api/partner/swaps.csv?q=%CE%00%25", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(await call(origin, "/api/partner/summary?q=x", { headers: { cookie } }), 400, "validation_error");
      expectError(
        await call(origin, "/api/partner/summary?createdFrom=soon", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(
        await call(origin, "/api/partner/webhooks?limit=1000", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(
        await call(origin, `/api/partner/swaps/${all[0]!.id}?refresh=maybe`, { headers: { cookie } }),
        400,
        "validation_error",
      );
    });
  });

  describe("the summary", () => {
    it("gives the filter's totals and one point per day, days without swaps included", async () => {
      const res = await call(origin, "/api/partner/summary", { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      expect(res.header("x-ledger-as-of")).toMatch(/^\d{4}-\d\d-\d\dT/);
      const summary = dashboardSummarySchema.parse(res.json);
      const page = await list(origin, cookie, "");
      expect(summary.totals).toEqual(page.totals);
      expect(summary.daily.reduce((n, d) => n + d.count, 0)).toBe(160);
      expect(summary.daily.reduce((n, d) => n + d.completed, 0)).toBe(
        all.filter((s) => s.status === "completed").length,
      );
      const rewards = summary.daily.reduce((sum, d) => sum.plus(d.rewardUsdc), new Big(0));
      const expected = rewardSums(all);
      expect(rewards.toFixed()).toBe(expected.available.plus(expected.claiming).plus(expected.claimed).toFixed());
      const dates = summary.daily.map((d) => Date.parse(`${d.date}T00:00:00Z`));
      for (let i = 1; i < dates.length; i++) expect(dates[i]! - dates[i - 1]!).toBe(86_400_000);

      const from = "2000-01-01T00:00:00Z";
      const to = "2000-01-07T23:59:59Z";
      const empty = dashboardSummarySchema.parse(
        (await call(origin, `/api/partner/summary?createdFrom=${from}&createdTo=${to}`, { headers: { cookie } })).json,
      );
      expect(empty.daily.map((d) => d.date)).toEqual([
        "2000-01-01",
        "2000-01-02",
        "2000-01-03",
        "2000-01-04",
        "2000-01-05",
        "2000-01-06",
        "2000-01-07",
      ]);
      expect(empty.totals.count).toBe(0);
    });

    it("counts days in the time zone asked for, and refuses one it does not know", async () => {
      // The same local week, Tokyo's: its midnights are 15:00 UTC the day before.
      const from = "1999-12-31T15:00:00.000Z";
      const to = "2000-01-03T14:59:59.999Z";
      const res = await call(origin, `/api/partner/summary?createdFrom=${from}&createdTo=${to}&tz=Asia/Tokyo`, {
        headers: { cookie },
      });
      expect(res.status, res.raw).toBe(200);
      expect(dashboardSummarySchema.parse(res.json).daily.map((d) => d.date)).toEqual([
        "2000-01-01",
        "2000-01-02",
        "2000-01-03",
      ]);
      // A bad or unknown parameter is named as written: "status", not "status.0"; "foo", not "query".
      for (const [query, parameter] of [
        ["status=bogus", "status"],
        ["status=completed,bogus", "status"],
        ["foo=1", "foo"],
      ]) {
        const refused = expectError(
          await call(origin, `/api/partner/swaps?${query}`, { headers: { cookie } }),
          400,
          "validation_error",
        );
        expect(Object.keys(refused.error.details.fields as object), query).toEqual([parameter]);
      }
      for (const tz of ["Mars/Olympus_Mons", "UTC';select 1;--", "+05:30", "x".repeat(65)]) {
        const refused = await call(origin, `/api/partner/summary?tz=${encodeURIComponent(tz)}`, {
          headers: { cookie },
        });
        expectError(refused, 400, "validation_error");
        expect(refused.json).toMatchObject({ error: { details: { fields: { tz: expect.any(String) } } } });
      }
    });
  });

  describe("one swap", () => {
    it("shows the swap with every id and its status history from the ledger", async () => {
      const target = all[3]!;
      const res = await call(origin, `/api/partner/swaps/${target.id}`, { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      const detail = dashboardSwapDetailSchema.parse(res.json);
      const { history, ...swap } = detail;
      expect(swap).toEqual(target);
      expect(history).toEqual([{ status: target.status, seenAt: expect.any(String) }]);
      expectError(
        await call(origin, "/api/partner/swaps/lowercase123", { headers: { cookie } }),
        400,
        "validation_error",
      );
      expectError(
        await call(origin, `/api/partner/swaps/${SOME_SWAP_ID}`, { headers: { cookie } }),
        404,
        "swap_not_found",
      );
    });

    it("follows a swap made at the checkout through its statuses, with the time each was seen", async () => {
      const made = await createSwap(origin, swapBody((await quote(origin)).id));
      expect(made.status, made.raw).toBe(200);
      const { swap, accessToken } = made.json as { swap: { id: string }; accessToken: string };
      const deposit = await postJson(
        origin,
        `/api/sandbox/swaps/${swap.id}/deposit`,
        {},
        { headers: { "x-swap-token": accessToken } },
      );
      expect(deposit.status, deposit.raw).toBe(200);
      const refreshed = dashboardSwapDetailSchema.parse(
        (await call(origin, `/api/partner/swaps/${swap.id}?refresh=true`, { headers: { cookie } })).json,
      );
      expect(refreshed.history.map((h) => h.status)).toEqual(["waiting_deposit", "deposit_detected"]);
      const [first, second] = refreshed.history.map((h) => Date.parse(h.seenAt));
      expect(second!).toBeGreaterThanOrEqual(first!);
      // The new swap is in the list at once (written through at creation).
      expect((await list(origin, cookie, `?q=${swap.id}`)).total).toBe(1);
    });
  });

  describe("the CSV", () => {
    it("has the exact header and one row per swap, with the JSON's exact amounts", async () => {
      const { res, rows } = await csv(origin, cookie, `?createdTo=${encodeURIComponent(all[0]!.createdAt)}`);
      expect(res.text.startsWith(CSV_HEADER + "\r\n")).toBe(true);
      expect(res.text.endsWith("\r\n")).toBe(true);
      expect(rows[0]).toEqual([...dashboardCsvColumns]);
      const data = rows.slice(1);
      expect(data).toHaveLength(160);
      const byId = new Map(all.map((s) => [s.id, s]));
      for (const row of data) {
        const record = Object.fromEntries(dashboardCsvColumns.map((c, i) => [c, row[i]]));
        const swap = byId.get(record.id!)!;
        expect(swap, record.id).toBeDefined();
        expect(record).toEqual({
          id: swap.id,
          createdAt: swap.createdAt,
          status: swap.status,
          fromAmount: swap.from.amount,
          fromToken: swap.from.token,
          fromNetwork: swap.from.network,
          toEstimatedAmount: swap.to.estimatedAmount,
          toToken: swap.to.token,
          toNetwork: swap.to.network,
          externalId: swap.externalId ?? "",
          customerId: swap.customerId ?? "",
          bps: swap.commission.bps === null ? "" : String(swap.commission.bps),
          rewardAmountUsdc: swap.commission.rewardAmountUsdc ?? "",
          rewardStatus: swap.commission.rewardStatus ?? "",
        });
      }
      expect(new Set(data.map((r) => r[0])).size).toBe(160);
    });

    it("takes the same filters as the list, search included", async () => {
      const filter = `status=completed,failed&createdTo=${encodeURIComponent(all[0]!.createdAt)}`;
      const { rows } = await csv(origin, cookie, `?${filter}`);
      const expected = all.filter((s) => s.status === "completed" || s.status === "failed");
      expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((s) => s.id));
      const empty = await csv(origin, cookie, `?createdTo=2000-01-01T00:00:00Z`);
      expect(empty.res.text).toBe(CSV_HEADER + "\r\n");
      const one = await csv(origin, cookie, `?q=${all[9]!.externalId}`);
      expect(one.rows.slice(1).map((r) => r[0])).toEqual([all[9]!.id]);
    });
  });

  describe("the webhook log", () => {
    it("is empty without WEBHOOK_URL, and redelivering an unknown event is 404", async () => {
      const res = await call(origin, "/api/partner/webhooks", { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      expect(webhookLogSchema.parse(res.json)).toEqual({ deliveries: [], total: 0 });
      expectError(
        await call(origin, `/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`, {
          method: "POST",
          headers: { cookie },
        }),
        404,
        "not_found",
      );
      expectError(
        await call(origin, "/api/partner/webhooks/nope/redeliver", { method: "POST", headers: { cookie } }),
        400,
        "validation_error",
      );
    });
  });
});

describe("with PARTNER_DASHBOARD_PASSWORD and webhooks, against an upstream over HTTP", () => {
  let upstream: Upstream;
  let app: RunningApp;
  let cookie: string;
  const received: Array<{ headers: IncomingMessage["headers"]; body: string }> = [];
  const answer = 200;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer).end();
    });
  });

  async function direct(path: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await upstream.sandbox.handle(
      new Request(`${upstream.origin}${path}`, {
        method: "POST",
        headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function swapWith(externalId: string, customerId: string): Promise<string> {
    const quoted = await direct("/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
      externalId,
      customerId,
    });
    const swap = await direct("/v1/swap", { quoteId: quoted.id, destination: { address: TRON_ADDRESS } });
    return swap.id as string;
  }

  const ids: Record<string, string> = {};

  beforeAll(async () => {
    upstream = await startUpstream(NO_SANDBOX_LIMIT);
    await direct("/sandbox/seed", { count: 450 });
    ids.tricky = await swapWith('Order "A", line 1', '=HYPERLINK("http://evil.example","x")');
    ids.plus = await swapWith("+cmd|' /C calc'!A0", "@SUM(1+1)");
    ids.minus = await swapWith("-2+3", "multi\nline");
    // Excel in de/fr/es/it/nl/ru splits on ";": a cell may start after one, inside a value.
    ids.semicolon = await swapWith("ref;-1", "acme;=1+1;");
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const port = (receiver.address() as { port: number }).port;
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET,
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
      WEBHOOK_SECRET,
      ...NO_CLIENT_LIMITS,
      ...BIG_BUDGET,
    });
    cookie = await sessionCookie(app.origin);
    await ledgerHolds(app.origin, cookie, 454);
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("answers every dashboard view from the ledger: no upstream call for lists, search, summary, CSV or a row", async () => {
    const before = upstream.seen.filter((s) => s.path.startsWith("/v1/")).length;
    await list(app.origin, cookie, "?status=completed,refunded,failed");
    await list(app.origin, cookie, "?offset=100&limit=100");
    await list(app.origin, cookie, `?q=${ids.tricky}`);
    expect((await call(app.origin, "/api/partner/summary", { headers: { cookie } })).status).toBe(200);
    expect((await call(app.origin, `/api/partner/swaps/${ids.plus}`, { headers: { cookie } })).status).toBe(200);
    const { rows } = await csv(app.origin, cookie);
    expect(rows.slice(1)).toHaveLength(454);
    // The ledger's own loops may read meanwhile; none of the views above did.
    const views = upstream.seen
      .slice(before)
      .filter((s) => s.path.startsWith("/v1/") && !/limit=1(00)?(&|$)/.test(s.path.split("?")[1] ?? ""));
    expect(views).toEqual([]);
  });

  it("quotes commas and quotes, and defuses formula-looking text, in the CSV", async () => {
    const { res, rows } = await csv(app.origin, cookie);
    const row = (id: string) => rows.find((r) => r[0] === id)!;
    const col = (name: (typeof dashboardCsvColumns)[number]) => dashboardCsvColumns.indexOf(name);
    expect(res.text).toContain(`,"Order ""A"", line 1","'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(row(ids.tricky!)[col("externalId")]).toBe('Order "A", line 1');
    expect(row(ids.tricky!)[col("customerId")]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row(ids.plus!)[col("externalId")]).toBe("'+cmd|' /C calc'!A0");
    expect(row(ids.plus!)[col("customerId")]).toBe("'@SUM(1+1)");
    expect(row(ids.minus!)[col("externalId")]).toBe("'-2+3");
    expect(row(ids.minus!)[col("customerId")]).toBe("multi\nline");
    expect(row(ids.semicolon!)[col("externalId")]).toBe("ref;'-1");
    expect(row(ids.semicolon!)[col("customerId")]).toBe("acme;'=1+1;");
    for (const r of rows.slice(1)) expect(r).toHaveLength(dashboardCsvColumns.length);
    // Split as a spreadsheet in a semicolon locale splits it, no cell starts a formula.
    const bySemicolon = (
      parse(res.text, { delimiter: ";", quote: false, relax_column_count: true }) as string[][]
    ).flat();
    expect(bySemicolon.filter((cell) => /^[\s"]*[=+\-@＝＋－＠]/u.test(cell))).toEqual([]);
  });

  it("posts swap.created, signed for the partner's verifier, logs it, and redelivers it on demand", async () => {
    const made = await createSwap(app.origin, swapBody((await quote(app.origin)).id));
    expect(made.status, made.raw).toBe(200);
    const swapId = (made.json as { swap: { id: string } }).swap.id;
    const until = Date.now() + 15_000;
    while (!received.some((r) => r.body.includes(swapId)) && Date.now() < until) await sleep(100);
    const delivery = received.find((r) => r.body.includes(swapId));
    expect(delivery, "no webhook within 15 s").toBeDefined();
    const event = new Webhook(WEBHOOK_SECRET).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
      data: { swap: { id: string } };
    };
    expect(event.type).toBe("swap.created");
    expect(event.data.swap.id).toBe(swapId);

    const log = webhookLogSchema.parse((await call(app.origin, "/api/partner/webhooks", { headers: { cookie } })).json);
    const entry = log.deliveries.find((d) => d.swapId === swapId)!;
    expect(entry).toMatchObject({
      type: "swap.created",
      status: "delivered",
      attempts: 1,
      lastResponse: "HTTP 200",
      nextAttemptAt: null,
    });
    expect(Date.parse(entry.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(entry.createdAt));

    const again = await call(app.origin, `/api/partner/webhooks/${entry.id}/redeliver`, {
      method: "POST",
      headers: { cookie },
    });
    expect(again.status, again.raw).toBe(200);
    const redeliveredUntil = Date.now() + 15_000;
    while (received.filter((r) => r.headers["webhook-id"] === entry.id).length < 2 && Date.now() < redeliveredUntil)
      await sleep(100);
    expect(received.filter((r) => r.headers["webhook-id"] === entry.id)).toHaveLength(2);
  });
});

describe("the ledger's share of the key's upstream budget", () => {
  let upstream: Upstream;
  let app: RunningApp;
  beforeAll(async () => {
    upstream = await startUpstream(NO_SANDBOX_LIMIT);
    const res = await upstream.sandbox.handle(
      new Request(`${upstream.origin}/sandbox/seed`, {
        method: "POST",
        headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" },
        body: JSON.stringify({ count: 5000 }),
      }),
    );
    expect(res.status).toBe(200);
    // 50 a minute: the ledger's backfill may spend a fifth of it, 10.
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET,
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      PARTNER_RATE_LIMIT_PER_MINUTE: "50",
      ...NO_CLIENT_LIMITS,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  it("backfills with at most a fifth of the budget, while the dashboard answers and a customer's quote gets through", async () => {
    const cookie = await sessionCookie(app.origin);
    await sleep(8_000);
    const lists = upstream.count("GET", "/v1/swap");
    expect(lists).toBeGreaterThanOrEqual(5);
    expect(lists).toBeLessThanOrEqual(10);
    const page = await list(app.origin, cookie, "");
    expect(page.total).toBeGreaterThanOrEqual((lists - 1) * 100);
    expect(page.total).toBeLessThanOrEqual(1000);
    // Meanwhile every ledger answer says the history is still being read, and how far it has come.
    const answer = await call(app.origin, "/api/partner/swaps?limit=1", { headers: { cookie } });
    expect(answer.header("x-ledger-loading")).toMatch(/^\d+$/);
    expect(Number(answer.header("x-ledger-loading"))).toBeGreaterThanOrEqual(100);
    expect(Number(answer.header("x-ledger-loading"))).toBeLessThan(5000);
    const quoted = await postJson(app.origin, "/api/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
    });
    expect(quoted.status, quoted.raw).toBe(200);
    expect(upstream.count("GET", "/v1/swap")).toBeLessThanOrEqual(10);
  });
});

describe("a restart on the embedded sandbox (npm run dev keeps .data/ledger; the sandbox lives in memory)", () => {
  it("starts the dashboard empty, like the new sandbox, instead of listing swaps that no longer exist", async () => {
    const ledgerDir = mkdtempSync(path.join(tmpdir(), "swap-dev-ledger-"));
    const env = {
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      APP_SECRET,
      LEDGER_DIR: ledgerDir,
      ...NO_CLIENT_LIMITS,
      ...NO_SANDBOX_LIMIT,
      ...BIG_BUDGET,
    };
    try {
      let app = await startApp(env);
      try {
        expect((await postJson(app.origin, "/api/sandbox/seed", { count: 7 })).status).toBe(200);
        await ledgerHolds(app.origin, await sessionCookie(app.origin), 7);
      } finally {
        await app.stop();
      }
      app = await startApp(env);
      try {
        const cookie = await sessionCookie(app.origin);
        const list = await call(app.origin, "/api/partner/swaps", { headers: { cookie } });
        expect(list.status, list.raw).toBe(200);
        expect((list.json as DashboardSwapList).total).toBe(0);
        expect(app.logs()).toMatch(/let go of 7 swaps recorded from an earlier run/);
        // What this run's sandbox makes is kept as usual.
        expect((await postJson(app.origin, "/api/sandbox/seed", { count: 3 })).status).toBe(200);
        await ledgerHolds(app.origin, cookie, 3);
      } finally {
        await app.stop();
      }
    } finally {
      rmSync(ledgerDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("one LEDGER_DIR, one process (the embedded ledger cannot be shared)", () => {
  it("keeps a second process off a directory in use, leaving the first one's ledger whole, and hands it over when the first stops", async () => {
    const ledgerDir = mkdtempSync(path.join(tmpdir(), "swap-shared-ledger-"));
    const env = {
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      APP_SECRET,
      LEDGER_DIR: ledgerDir,
      ...NO_CLIENT_LIMITS,
      ...NO_SANDBOX_LIMIT,
      ...BIG_BUDGET,
    };
    const first = await startApp(env);
    try {
      expect((await postJson(first.origin, "/api/sandbox/seed", { count: 3 })).status).toBe(200);
      const cookie = await sessionCookie(first.origin);
      await ledgerHolds(first.origin, cookie, 3);

      // A second process on the same directory waits for it at start, then runs without a ledger.
      const second = await startApp(env);
      try {
        expect(second.logs()).toMatch(
          new RegExp(
            `\\[ledger\\] could not open the ledger: (Error: )?LEDGER_DIR .* is in use by process ${first.pid}`,
          ),
        );
        expect(second.logs()).not.toMatch(/let go of/);
      } finally {
        await second.stop();
      }
      await ledgerHolds(first.origin, cookie, 3, 2_000);

      // A restart on one machine: the new process starts while the old one is still stopping.
      const next = startApp(env);
      await new Promise((r) => setTimeout(r, 1_000));
      await first.stop();
      const successor = await next;
      try {
        // It opened the directory the first process let go of (and, on a new sandbox, let go of its swaps).
        expect(successor.logs()).toMatch(/let go of 3 swaps recorded from an earlier run/);
        expect(successor.logs()).not.toMatch(/could not open the ledger/);
      } finally {
        await successor.stop();
      }
    } finally {
      await first.stop();
      rmSync(ledgerDir, { recursive: true, force: true });
    }
  }, 120_000);
});
