// The dashboard as its HTTP tests use it: password, routes, sessions, forged cookies, list, CSV, 160 seeded swaps.
import { createHmac, hkdfSync } from "node:crypto";
import Big from "big.js";
import { expect } from "vitest";
import { dashboardSwapListSchema, type DashboardSwapList } from "@/lib/schema/dashboard";
import type { SwapListItem } from "@/lib/schema/partner";
import { sleep } from "@/lib/timing";
import { call, postJson, type HttpResult } from "./requests";
import { APP_SECRET, NO_CLIENT_LIMITS, sandboxApp } from "./fixtures";

export const PASSWORD = "correct horse battery staple";
/** Every field quoted, the header's too. */
export const CSV_HEADER =
  '"id","createdAt","status","fromAmount","fromToken","fromNetwork","toEstimatedAmount","toToken","toNetwork","externalId","customerId","bps","rewardAmountUsdc","rewardStatus"';
export const NO_SANDBOX_LIMIT = { SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" };
/** The key's upstream budget out of the way (the dashboard may use a fifth of it), except where tested. */
export const BIG_BUDGET = { PARTNER_RATE_LIMIT_PER_MINUTE: "1000000" };
export const SOME_SWAP_ID = "ABCDEFGHJK12";

/** Every /api/partner route that needs a session, as [method, path]. */
export const dataRoutes: Array<[string, string]> = [
  ["GET", "/api/partner/swaps"],
  ["GET", "/api/partner/swaps?status=completed&limit=10"],
  ["GET", "/api/partner/swaps.csv"],
  ["GET", `/api/partner/swaps/${SOME_SWAP_ID}`],
  ["GET", "/api/partner/summary"],
  ["GET", "/api/partner/webhooks"],
  ["POST", `/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`],
];

// The session cookie as the server signs it (DESIGN: HKDF label `dashboard-session`).
const sessionKey = Buffer.from(hkdfSync("sha256", APP_SECRET, "swap-checkout", "dashboard-session", 32));
export const signedCookie = (exp: number, key: Buffer = sessionKey) =>
  `swap_dashboard=${exp}.${createHmac("sha256", key).update(`dashboard:${exp}`).digest("base64url")}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function login(origin: string, localAddress: string, password = PASSWORD): Promise<HttpResult> {
  return postJson(origin, "/api/partner/session", { password }, { localAddress });
}

export async function sessionCookie(origin: string, localAddress = "127.0.0.1"): Promise<string> {
  const res = await login(origin, localAddress);
  expect(res.status, res.raw).toBe(200);
  const setCookie = res.header("set-cookie") ?? "";
  const pair = setCookie.split(";")[0]!;
  // A random value: the session itself is a record on the server.
  expect(pair).toMatch(/^swap_dashboard=[A-Za-z0-9_-]{43}$/);
  return pair;
}

export async function list(origin: string, cookie: string, query = ""): Promise<DashboardSwapList> {
  const res = await call(origin, `/api/partner/swaps${query}`, { headers: { cookie } });
  expect(res.status, res.raw).toBe(200);
  return dashboardSwapListSchema.parse(res.json);
}

/** Waits until the ledger's backfill has brought in `count` swaps. */
export async function ledgerHolds(origin: string, cookie: string, count: number, withinMs = 60_000): Promise<void> {
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
export async function allRows(origin: string, cookie: string, filter = ""): Promise<SwapListItem[]> {
  const rows: SwapListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await list(origin, cookie, `?${filter}${filter ? "&" : ""}limit=100&offset=${offset}`);
    rows.push(...page.swaps);
    if (offset + 100 >= page.total) return rows;
  }
}

export function rewardSums(rows: readonly SwapListItem[]) {
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

export async function csv(origin: string, cookie: string, query = "") {
  const res = await call(origin, `/api/partner/swaps.csv${query}`, { headers: { cookie } });
  expect(res.status, res.raw.slice(0, 1000)).toBe(200);
  expect(res.header("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.header("content-disposition")).toMatch(/^attachment; filename="swaps-\d{4}-\d{2}-\d{2}\.csv"$/);
  return { res, rows: parseCsv(res.text) };
}

/**
 * For one describe block: the dashboard on the embedded sandbox with 160 seeded swaps, all in its
 * ledger before the tests run; `started` gets its origin, a session, and every row, newest first.
 */
export const seededDashboard = (started: (seeded: { origin: string; cookie: string; all: SwapListItem[] }) => void) =>
  sandboxApp(
    { PARTNER_DASHBOARD_PASSWORD: PASSWORD, APP_SECRET, ...NO_CLIENT_LIMITS, ...NO_SANDBOX_LIMIT, ...BIG_BUDGET },
    async ({ origin }) => {
      const seeded = await postJson(origin, "/api/sandbox/seed", { count: 160 });
      expect(seeded.status, seeded.raw).toBe(200);
      const cookie = await sessionCookie(origin);
      await ledgerHolds(origin, cookie, 160);
      started({ origin, cookie, all: await allRows(origin, cookie) });
    },
  );
