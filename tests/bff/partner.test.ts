// The operator dashboard over real HTTP against the production build (DESIGN "The dashboard's
// contract"): off without a password, closed without a session, login limits, paging, filters,
// exact totals over every filtered row, and the CSV export.
import { createHmac, hkdfSync } from "node:crypto";
import Big from "big.js";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { dashboardCsvColumns, dashboardSwapListSchema, type DashboardSwapList } from "@/lib/schema/dashboard";
import { swapSchema, type SwapListItem } from "@/lib/schema/partner";
import { APP_SECRET, NO_CLIENT_LIMITS, TRON_ADDRESS, call, expectError, postJson, startUpstream, type HttpResult, type Upstream } from "./helpers";

const PASSWORD = "correct horse battery staple";
const CSV_HEADER = "id,createdAt,status,fromAmount,fromToken,fromNetwork,toEstimatedAmount,toToken,toNetwork,externalId,customerId,bps,rewardAmountUsdc,rewardStatus";
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
];

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
    if (commission.rewardAmountUsdc !== null && commission.rewardStatus !== null) sums[commission.rewardStatus] = sums[commission.rewardStatus].plus(commission.rewardAmountUsdc);
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
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      (row = []), (field = ""), i++;
    } else field += c;
  }
  if (field !== "" || row.length) row.push(field), rows.push(row);
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
  });
});

describe("with PARTNER_DASHBOARD_PASSWORD, on the embedded sandbox", () => {
  let app: RunningApp;
  let origin: string;
  let cookie: string;
  let all: SwapListItem[];

  beforeAll(async () => {
    app = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, APP_SECRET, ...NO_CLIENT_LIMITS, ...NO_SANDBOX_LIMIT, ...BIG_BUDGET });
    origin = app.origin;
    const seeded = await postJson(origin, "/api/sandbox/seed", { count: 160 });
    expect(seeded.status, seeded.raw).toBe(200);
    cookie = await sessionCookie(origin);
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
        for (const [method, path] of dataRoutes) expectError(await call(origin, path, { method, headers: { cookie: value } }), 401, "unauthorized");
      }
      // The recorded session opens it (the forgeries above fail for their own reason).
      expect((await call(origin, "/api/partner/swaps", { headers: { cookie } })).status).toBe(200);
    });

    it("checks the session before the query, so a stranger learns nothing from validation", async () => {
      expectError(await call(origin, "/api/partner/swaps?limit=banana"), 401, "unauthorized");
      expectError(await call(origin, "/api/partner/swaps/not-an-id"), 401, "unauthorized");
    });

    it("sends /partner to the login page without a valid session, and shows it with one", async () => {
      for (const headers of [{}, { cookie: "swap_dashboard=garbage" }, { cookie: signedCookie(nowSeconds() - 5) }] as Array<Record<string, string>>) {
        const res = await call(origin, "/partner", { headers });
        expect(res.status, res.raw.slice(0, 300)).toBe(307);
        expect(res.header("location")).toMatch(/\/partner\/login$/);
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
      const attributes = plain.header("set-cookie")!.split(";").map((s) => s.trim());
      expect(attributes).toEqual(expect.arrayContaining(["Path=/", "Max-Age=43200", "HttpOnly", "SameSite=Strict"]));
      expect(attributes).not.toContain("Secure");
      const expiresAt = Date.parse((plain.json as { expiresAt: string }).expiresAt);
      expect(Math.abs(expiresAt / 1000 - (nowSeconds() + 43_200))).toBeLessThanOrEqual(5);

      // Secure over https as a trusted proxy saw it: tests/bff/security.test.ts.
      const claimed = await postJson(origin, "/api/partner/session", { password: PASSWORD }, { localAddress: "127.0.0.2", headers: { "x-forwarded-proto": "https" } });
      expect(claimed.header("set-cookie")!.split(";").map((s) => s.trim())).not.toContain("Secure");
    });

    it("refuses a wrong password with 401 unauthorized and sets no cookie", async () => {
      for (const password of ["wrong", PASSWORD + " ", PASSWORD.toUpperCase()]) {
        const res = await login(origin, "127.0.0.3", password);
        expectError(res, 401, "unauthorized");
        expect(res.header("set-cookie")).toBeUndefined();
      }
      expectError(await postJson(origin, "/api/partner/session", { password: "" }, { localAddress: "127.0.0.3" }), 400, "validation_error");
      expectError(await postJson(origin, "/api/partner/session", { password: PASSWORD, extra: 1 }, { localAddress: "127.0.0.3" }), 400, "validation_error");
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
      const attributes = res.header("set-cookie")!.split(";").map((s) => s.trim());
      expect(attributes).toEqual(expect.arrayContaining(["swap_dashboard=", "Max-Age=0", "Path=/", "HttpOnly", "SameSite=Strict"]));
      expectError(await call(origin, "/api/partner/swaps?limit=1", { headers: { cookie: own } }), 401, "unauthorized");
    });

    it("refuses a login posted from another site", async () => {
      expectError(await postJson(origin, "/api/partner/session", { password: PASSWORD }, { localAddress: "127.0.0.6", headers: { origin: "https://evil.example" } }), 403, "forbidden_origin");
    });

    it("answers 405 to other methods on each route", async () => {
      expectError(await call(origin, "/api/partner/session", { method: "GET" }), 405, "method_not_allowed");
      for (const path of ["/api/partner/swaps", "/api/partner/swaps.csv", `/api/partner/swaps/${SOME_SWAP_ID}`]) {
        expectError(await call(origin, path, { method: "POST", headers: { cookie } }), 405, "method_not_allowed");
        expectError(await call(origin, path, { method: "DELETE", headers: { cookie } }), 405, "method_not_allowed");
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
      const rows = await allRows(origin, cookie, `createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}`);
      expect(rows).toHaveLength(81);
      expect(rows[0]!.id).toBe(all[40]!.id);
      expect(rows.at(-1)!.id).toBe(all[120]!.id);
      const combined = await list(origin, cookie, `?status=completed,expired&createdFrom=${encodeURIComponent(from)}&createdTo=${encodeURIComponent(to)}&limit=100`);
      expect(combined.swaps.map((s) => s.id)).toEqual(rows.filter((s) => s.status === "completed" || s.status === "expired").map((s) => s.id));
    });

    it("totals every filtered row's reward by reward status, exactly, on every page", async () => {
      const sums = rewardSums(all);
      expect(sums.available.gt(0) && sums.claiming.gt(0) && sums.claimed.gt(0)).toBe(true);
      for (const offset of [0, 25, 150]) {
        const page = await list(origin, cookie, `?offset=${offset}`);
        expect(page.totals.count).toBe(160);
        expect(page.totals.rewardUsdc).toEqual({ available: sums.available.toFixed(), claiming: sums.claiming.toFixed(), claimed: sums.claimed.toFixed() });
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
        "?apiKey=x",
      ]) {
        expectError(await call(origin, `/api/partner/swaps${query}`, { headers: { cookie } }), 400, "validation_error");
      }
      expectError(await call(origin, "/api/partner/swaps.csv?offset=10", { headers: { cookie } }), 400, "validation_error");
    });

    it("reads one swap live for the per-row refresh", async () => {
      const target = all[3]!;
      const res = await call(origin, `/api/partner/swaps/${target.id}`, { headers: { cookie } });
      expect(res.status, res.raw).toBe(200);
      const swap = swapSchema.parse(res.json);
      expect(swap.id).toBe(target.id);
      expect(swap.status).toBe(target.status);
      expectError(await call(origin, "/api/partner/swaps/lowercase123", { headers: { cookie } }), 400, "validation_error");
      expectError(await call(origin, `/api/partner/swaps/${SOME_SWAP_ID}`, { headers: { cookie } }), 404, "swap_not_found");
    });
  });

  describe("the CSV", () => {
    it("has the exact header and one row per swap, with the JSON's exact amounts", async () => {
      const { res, rows } = await csv(origin, cookie);
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

    it("takes the same filters as the list", async () => {
      const filter = "status=completed,failed";
      const { rows } = await csv(origin, cookie, `?${filter}`);
      const expected = all.filter((s) => s.status === "completed" || s.status === "failed");
      expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((s) => s.id));
      const empty = await csv(origin, cookie, `?createdTo=2000-01-01T00:00:00Z`);
      expect(empty.res.text).toBe(CSV_HEADER + "\r\n");
    });
  });
});

describe("with PARTNER_DASHBOARD_PASSWORD, against an upstream over HTTP", () => {
  let upstream: Upstream;
  let app: RunningApp;
  let cookie: string;

  async function direct(path: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await upstream.sandbox.handle(
      new Request(`${upstream.origin}${path}`, { method: "POST", headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" }, body: JSON.stringify(body) }),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function swapWith(externalId: string, customerId: string): Promise<string> {
    const quote = await direct("/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
      externalId,
      customerId,
    });
    const swap = await direct("/v1/swap", { quoteId: quote.id, destination: { address: TRON_ADDRESS } });
    return swap.id as string;
  }

  beforeAll(async () => {
    upstream = await startUpstream(NO_SANDBOX_LIMIT);
    app = await startApp({ PARTNER_API_BASE_URL: upstream.baseUrl, PARTNER_API_KEY: "lsk_test_sandbox", APP_SECRET, PARTNER_DASHBOARD_PASSWORD: PASSWORD, ...NO_CLIENT_LIMITS, ...BIG_BUDGET });
    await direct("/sandbox/seed", { count: 150 });
    cookie = await sessionCookie(app.origin);
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  it("computes totals once per filter a minute: later pages cost one upstream list call each", async () => {
    const listCalls = () => upstream.count("GET", "/v1/swap");
    const before = listCalls();
    const first = await list(app.origin, cookie, "?status=completed,refunded,failed");
    expect(listCalls() - before).toBe(1); // 56 of the 150 match: one page of 100 reads them all
    const firstAll = await list(app.origin, cookie, "");
    expect(listCalls() - before).toBe(3); // all 150: two pages of 100
    for (const offset of [25, 50, 75, 100, 125]) await list(app.origin, cookie, `?offset=${offset}`);
    expect(listCalls() - before).toBe(8);
    expect(first.totals.count).toBe(first.total);
    expect(firstAll.totals.count).toBe(150);
    for (const seen of upstream.seen.filter((s) => s.path.startsWith("/v1/swap?"))) {
      expect(new URL(seen.path, upstream.origin).searchParams.get("limit")).toMatch(/^(25|100)$/);
    }
  });

  it("quotes commas and quotes, and defuses formula-looking text, in the CSV", async () => {
    const tricky = await swapWith('Order "A", line 1', '=HYPERLINK("http://evil.example","x")');
    const plus = await swapWith("+cmd|' /C calc'!A0", "@SUM(1+1)");
    const minus = await swapWith("-2+3", "multi\nline");
    const { res, rows } = await csv(app.origin, cookie);
    const row = (id: string) => rows.find((r) => r[0] === id)!;
    const col = (name: (typeof dashboardCsvColumns)[number]) => dashboardCsvColumns.indexOf(name);

    expect(res.text).toContain(`,"Order ""A"", line 1","'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(row(tricky)[col("externalId")]).toBe('Order "A", line 1');
    expect(row(tricky)[col("customerId")]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row(plus)[col("externalId")]).toBe("'+cmd|' /C calc'!A0");
    expect(row(plus)[col("customerId")]).toBe("'@SUM(1+1)");
    expect(row(minus)[col("externalId")]).toBe("'-2+3");
    expect(row(minus)[col("customerId")]).toBe("multi\nline");
    expect(rows.slice(1)).toHaveLength(153);
    for (const r of rows.slice(1)) expect(r).toHaveLength(dashboardCsvColumns.length);
  });

  it("streams a long export page by page", async () => {
    await direct("/sandbox/seed", { count: 450 });
    const before = upstream.count("GET", "/v1/swap");
    const { rows } = await csv(app.origin, cookie);
    expect(rows.slice(1)).toHaveLength(603);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(603);
    expect(upstream.count("GET", "/v1/swap") - before).toBe(7);
  });

  it("waits out an upstream 429 in the middle of an export instead of cutting it short", async () => {
    let refused = 0;
    upstream.intercept = async (req, next) => {
      const url = new URL(req.url);
      if (url.pathname === "/v1/swap" && url.searchParams.get("offset") === "300" && refused < 3) {
        refused++;
        return Response.json({ error: { code: "rate_limited", message: "Too many requests.", details: {} } }, { status: 429, headers: { "retry-after": "1" } });
      }
      return next(req);
    };
    try {
      const { rows } = await csv(app.origin, cookie);
      expect(refused).toBe(3);
      expect(rows.slice(1)).toHaveLength(603);
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(603);
    } finally {
      upstream.intercept = null;
    }
  });

  it("passes upstream failures on as the BFF's errors", async () => {
    upstream.intercept = async (req, next) => (new URL(req.url).pathname === "/v1/swap" ? new Response("<html>", { status: 200 }) : next(req));
    try {
      expectError(await call(app.origin, "/api/partner/swaps?status=expired", { headers: { cookie } }), 502, "upstream_error");
      expectError(await call(app.origin, "/api/partner/swaps.csv?status=expired", { headers: { cookie } }), 502, "upstream_error");
    } finally {
      upstream.intercept = null;
    }
  });
});

describe("the dashboard's share of the key's upstream budget", () => {
  let app: RunningApp;
  beforeAll(async () => {
    // 50 a minute: the dashboard may spend a fifth of it, 10.
    app = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, APP_SECRET, PARTNER_RATE_LIMIT_PER_MINUTE: "50", ...NO_CLIENT_LIMITS, ...NO_SANDBOX_LIMIT });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("stops at a fifth of the budget with 429 rate_limited, and a customer's quote still gets through", async () => {
    const cookie = await sessionCookie(app.origin);
    // Each new filter costs one upstream page (the store is empty).
    const answers: HttpResult[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await call(app.origin, `/api/partner/swaps?createdTo=${encodeURIComponent(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString())}`, { headers: { cookie } }));
    }
    expect(answers.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    const refused = answers[10]!;
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.header("retry-after"))).toBeGreaterThanOrEqual(1);
    const quote = await postJson(app.origin, "/api/v1/quote", { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } });
    expect(quote.status, quote.raw).toBe(200);
  });
});
