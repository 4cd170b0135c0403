// The operator dashboard at /partner and its sign-in at /partner/login: filters, paging, totals,
// the list (a table, cards on a phone), a swap's details, the chart of swaps per day; and the
// seeded dashboard the history specs share (`seededTest`).
import { test, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import Big from "big.js";
import { startApp, type RunningApp } from "../../support/servers";
import { axe } from "../axe";
import { generousClientLimits } from "../client-limits";

/** A row of GET /api/partner/swaps, as far as these tests read it. */
export type DashboardRow = {
  id: string;
  status: string;
  createdAt: string;
  externalId: string | null;
  customerId: string | null;
  commission: { rewardAmountUsdc: string | null; rewardStatus: "available" | "claiming" | "claimed" | null };
};
type ListAnswer = { swaps: DashboardRow[]; total: number };

/** GET /api/partner/summary, as far as these tests read it: the chart's days and the totals. */
type DailySummary = { daily: Array<{ date: string; count: number }>; totals: { count: number } };

/** The status filters' buttons. */
export type StatusFilter = "Completed" | "Failed" | "Refunded";

export class DashboardPage {
  // The sign-in page.
  readonly loginHeading: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  /** The login form's message: an empty or wrong password, the wait after too many attempts. */
  readonly loginAlert: Locator;
  readonly sessionEnded: Locator;
  // The dashboard.
  readonly heading: Locator;
  /** The paging range: "1–25 of 160", "no swaps". */
  readonly range: Locator;
  readonly rows: Locator;
  readonly cards: Locator;
  readonly table: Locator;
  readonly freshness: Locator;
  readonly search: Locator;
  readonly clear: Locator;
  /** The list's heading, where paging puts focus. */
  readonly listHeading: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly csvLink: Locator;
  readonly signOut: Locator;
  readonly chart: Locator;
  readonly detail: Locator;

  /** `origin`: the app the spec file started (each dashboard spec runs its own, with a password). */
  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    this.loginHeading = page.getByRole("heading", { name: "Operator sign-in" });
    this.password = page.getByLabel("Password");
    this.signInButton = page.getByRole("button", { name: "Sign in" });
    this.loginAlert = page.locator("form").getByRole("alert");
    this.sessionEnded = page.getByText("Your session has ended. Sign in again to go on where you were.");
    this.heading = page.getByRole("heading", { name: "Swap history", level: 1 });
    this.range = page.getByTestId("range");
    this.rows = page.getByTestId("swap-row");
    this.cards = page.getByTestId("swap-card");
    this.table = page.getByRole("table");
    this.freshness = page.getByTestId("freshness");
    this.search = page.getByRole("searchbox", { name: "Search" });
    this.clear = page.getByRole("button", { name: "Clear search and filters" });
    this.listHeading = page.getByRole("heading", { name: "Swaps", exact: true });
    this.next = page.getByRole("button", { name: "Next", exact: true });
    this.previous = page.getByRole("button", { name: "Previous", exact: true });
    this.from = page.getByLabel("From", { exact: true });
    this.to = page.getByLabel("To", { exact: true });
    this.csvLink = page.getByRole("link", { name: "Download CSV" });
    this.signOut = page.getByRole("button", { name: "Sign out" });
    this.chart = page.getByRole("region", { name: "Swaps per day" });
    this.detail = page.getByRole("dialog", { name: "Swap details" });
  }

  /** Opens /partner (with `query`, e.g. "status=completed"). */
  async goto(query = "") {
    await this.page.goto(`${this.origin}/partner${query ? `?${query}` : ""}`);
  }

  async gotoLogin() {
    await this.page.goto(`${this.origin}/partner/login`);
    await expect(this.password).toBeVisible();
  }

  /** Signs in through the form; lands on the dashboard unless `password` is wrong. */
  async login(password: string) {
    await this.gotoLogin();
    await this.password.fill(password);
    await this.signInButton.click();
  }

  statusFilter(name: StatusFilter): Locator {
    return this.page.getByRole("button", { name, exact: true });
  }

  quickRange(name: "7 days" | "30 days"): Locator {
    return this.page.getByRole("button", { name });
  }

  /** The total card's value ("count", "available", "claiming", "claimed"). */
  total(key: "count" | "available" | "claiming" | "claimed"): Locator {
    return this.page.getByTestId(`total-${key}`);
  }

  /** Opens the dashboard, picks "7 days", and returns the summary the chart asked for then (its URL too). */
  async pickSevenDays(): Promise<{ url: URL; summary: DailySummary }> {
    await this.goto();
    const asked = this.page.waitForRequest(
      (r) => r.url().includes("/api/partner/summary") && r.url().includes("createdFrom="),
    );
    await this.quickRange("7 days").click();
    const url = new URL((await asked).url());
    const summary = (await (await this.page.request.get(url.toString())).json()) as DailySummary;
    return { url, summary };
  }

  /** A search parameter of the page's URL (null when absent). */
  param(name: string): string | null {
    return new URL(this.page.url()).searchParams.get(name);
  }

  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id") ?? ""));
  }

  async rowStatuses(): Promise<string[]> {
    return this.page
      .getByTestId("row-status")
      .evaluateAll((cells) => cells.map((c) => c.getAttribute("data-status") ?? ""));
  }

  /** The totals' exact values (their data-value), as the cards show them rounded. */
  async totals() {
    const value = (key: "count" | "available" | "claiming" | "claimed") => this.total(key).getAttribute("data-value");
    return {
      count: await value("count"),
      available: await value("available"),
      claiming: await value("claiming"),
      claimed: await value("claimed"),
    };
  }

  /** Every row for a filter ("status=completed,failed"; "" for all) through the API, with the browser's session cookie. */
  async apiRows(filter: string): Promise<DashboardRow[]> {
    const rows: DashboardRow[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await this.page.request.get(
        `${this.origin}/api/partner/swaps?${filter}${filter ? "&" : ""}limit=100&offset=${offset}`,
      );
      expect(res.status()).toBe(200);
      const body = (await res.json()) as ListAnswer;
      rows.push(...body.swaps);
      if (offset + 100 >= body.total) return rows;
    }
  }

  /** Presses a swap's "Open swap …" (its row, or its card on a phone) and waits for the details. */
  async openSwap(id: string) {
    await this.page
      .getByRole("button", { name: `Open swap ${id}` })
      .filter({ visible: true })
      .click();
    await expect(this.detail).toBeVisible();
  }

  /** The value the swap's details give next to `label` ("Amount requested", "Quoted to receive", …). */
  detailRow(label: string): Locator {
    return this.detail.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  }

  /**
   * What is cut on the page with long totals and ids laid out in place of the seeded ones (a busy
   * partner's): a total (its unit too) outside its card, an id on a card ending in an ellipsis.
   */
  async cutText(): Promise<string[]> {
    return this.page.evaluate(() => {
      for (const dd of document.querySelectorAll<HTMLElement>('[data-testid^="total-"]'))
        (dd.querySelector("bdi") ?? dd).firstChild!.textContent = "1,234,567.89";
      for (const card of document.querySelectorAll<HTMLElement>('[data-testid="swap-card"]')) {
        const externalId = [...card.querySelectorAll("dt")].find(
          (dt) => dt.textContent === "External ID",
        )?.nextElementSibling;
        if (externalId) externalId.textContent = "ord_djs7ssjolkgj4w9xk2m4q";
      }
      const out: string[] = [];
      for (const dd of document.querySelectorAll<HTMLElement>('[data-testid^="total-"]')) {
        const card = dd.parentElement!.getBoundingClientRect();
        for (const el of [dd, ...dd.querySelectorAll<HTMLElement>("*")])
          if (el.getBoundingClientRect().right > card.right + 0.5 || el.scrollWidth > el.clientWidth + 1)
            out.push(`${dd.dataset.testid}: "${el.textContent}"`);
      }
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="swap-card"] *'))
        if (getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1)
          out.push(`card: "${el.textContent}"`);
      return out;
    });
  }

  /** axe's serious and critical violations on the page as it is now: none. */
  async expectNoSeriousViolations(where: string) {
    const results = await axe(this.page).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
    expect(serious, `axe: ${where}`).toEqual([]);
  }
}

/** The rewards the rows add up to, per reward status, as exact decimal strings. */
export function rewardSums(rows: DashboardRow[]) {
  const total = { available: new Big(0), claiming: new Big(0), claimed: new Big(0) };
  for (const { commission } of rows)
    if (commission.rewardAmountUsdc !== null && commission.rewardStatus !== null)
      total[commission.rewardStatus] = total[commission.rewardStatus].plus(commission.rewardAmountUsdc);
  return { available: total.available.toFixed(), claiming: total.claiming.toFixed(), claimed: total.claimed.toFixed() };
}

/** The cookies a sign-in through the API gave: the session, and the device cookie that spares later sign-ins the login limit. */
type DashboardCookies = Array<{ name: string; value: string }>;

/** Signs in through the API (one attempt of the client's 5 a minute), for tests that are not about signing in. */
async function signInThroughApi(origin: string, password: string): Promise<DashboardCookies> {
  const login = await fetch(`${origin}/api/partner/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
  expect(login.status).toBeLessThan(300);
  return login.headers.getSetCookie().map((line) => {
    const [name, ...value] = line.split(";")[0]!.split("=");
    return { name: name!, value: value.join("=") };
  });
}

/** A browser context signed in with `cookies`. */
async function useDashboardCookies(context: BrowserContext, origin: string, cookies: DashboardCookies) {
  await context.addCookies(cookies.map((c) => ({ ...c, url: origin })));
}

/** The cookies as a Cookie header, for the API called from the test itself. */
const cookieHeader = (cookies: DashboardCookies) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** Fills the embedded sandbox with `count` swaps of varied ages and outcomes (the ledger then reads them in). */
export async function seedSandbox(origin: string, count: number) {
  const seeded = await fetch(`${origin}/api/sandbox/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count }),
  });
  expect(seeded.status).toBe(200);
}

/** How many swaps the dashboard's list holds now (its ledger), read through the API. */
async function ledgerTotal(origin: string, cookies: DashboardCookies): Promise<number> {
  const res = await fetch(`${origin}/api/partner/swaps?limit=1`, { headers: { cookie: cookieHeader(cookies) } });
  return ((await res.json()) as { total: number }).total;
}

/** How many swaps the seeded dashboard holds. */
export const SEEDED = 160;

/** An app with a dashboard password, SEEDED swaps in its ledger, and a session signed in to it. */
type SeededDashboard = { app: RunningApp; cookies: DashboardCookies };

/**
 * Playwright's `test` with the seeded dashboard: `seeded` is started once per worker, when a spec
 * first asks, and shared by every spec file that uses this `test` (Playwright runs them in one
 * worker, as they share their worker fixtures); each test's browser is signed in with its session
 * (one attempt of the login limit of 5 a minute, spent once); `dashboard` is the page on it.
 * Only dashboard-history.spec.ts counts the SEEDED swaps, and adds one, last: the others count none.
 */
export const seededTest = test.extend<{ dashboard: DashboardPage; signedIn: void }, { seeded: SeededDashboard }>({
  seeded: [
    async ({}, use) => {
      const password = "operator e2e password";
      const app = await startApp({
        PARTNER_DASHBOARD_PASSWORD: password,
        ...generousClientLimits,
        SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
        // The dashboard may spend a fifth of the key's budget; these tests read more than 24 pages a minute.
        PARTNER_RATE_LIMIT_PER_MINUTE: "1000000",
      });
      try {
        await seedSandbox(app.origin, SEEDED);
        const cookies = await signInThroughApi(app.origin, password);
        // The seed control restarts the ledger's backfill; wait until it holds every seeded swap.
        await expect.poll(() => ledgerTotal(app.origin, cookies), { timeout: 30_000 }).toBe(SEEDED);
        await use({ app, cookies });
      } finally {
        await app.stop();
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  signedIn: [
    async ({ context, seeded }, use) => {
      await useDashboardCookies(context, seeded.app.origin, seeded.cookies);
      await use();
    },
    { auto: true },
  ],
  dashboard: async ({ page, seeded }, use) => use(new DashboardPage(page, seeded.app.origin)),
});
