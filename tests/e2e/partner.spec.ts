// The operator dashboard in a real browser: sign in through the form, filter, page, check totals
// against the API, search, open a swap's history, download the CSV, sign out; accessibility.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import Big from "big.js";
import { startApp, type RunningApp } from "../support/servers";
import { generousClientLimits } from "./client-limits";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { shotsDir } from "./shots";

const PASSWORD = "operator e2e password";
const SEEDED = 160;
const shots = () => shotsDir("partner");

type Row = {
  id: string;
  status: string;
  createdAt: string;
  externalId: string | null;
  customerId: string | null;
  commission: { rewardAmountUsdc: string | null; rewardStatus: "available" | "claiming" | "claimed" | null };
};
type ListAnswer = { swaps: Row[]; total: number; totals: { count: number; rewardUsdc: Record<"available" | "claiming" | "claimed", string> } };

let app: RunningApp;
/** The session beforeAll signed in with: a test that needs its own context reuses it, not the login limit of 5 a minute. */
let sessionCookie: { name: string; value: string };

// Serial: the tests share one app (and its login limit of 5 a minute); axe and screenshots are slow.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  app = await startApp({
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    ...generousClientLimits,
    SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
    // The dashboard may spend a fifth of the key's budget; this test reads more than 24 pages a minute.
    PARTNER_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const seeded = await fetch(`${app.origin}/api/sandbox/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count: SEEDED }),
  });
  expect(seeded.status).toBe(200);
  // The seed control restarts the ledger's backfill; wait until it holds every seeded swap.
  const login = await fetch(`${app.origin}/api/partner/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const [name, ...value] = cookie.split("=");
  sessionCookie = { name: name!, value: value.join("=") };
  await expect
    .poll(async () => ((await (await fetch(`${app.origin}/api/partner/swaps?limit=1`, { headers: { cookie } })).json()) as { total: number }).total, {
      timeout: 30_000,
    })
    .toBe(SEEDED);
});

test.afterAll(async () => {
  await app?.stop();
});

/** The dashboard as an operator sees it. */
class DashboardPage {
  constructor(readonly page: Page) {}
  readonly range = () => this.page.getByTestId("range");
  readonly rows = () => this.page.getByTestId("swap-row");
  readonly table = () => this.page.getByRole("table");

  async login(password = PASSWORD) {
    await this.page.goto(`${app.origin}/partner/login`);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }

  async rowIds(): Promise<string[]> {
    return this.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id") ?? ""));
  }

  async rowStatuses(): Promise<string[]> {
    return this.page.getByTestId("row-status").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-status") ?? ""));
  }

  async totals() {
    const value = (key: string) => this.page.getByTestId(`total-${key}`).getAttribute("data-value");
    return { count: await value("count"), available: await value("available"), claiming: await value("claiming"), claimed: await value("claimed") };
  }

  /** Every row for a filter through the API, with the browser's session cookie. */
  async apiRows(filter: string): Promise<Row[]> {
    const rows: Row[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await this.page.request.get(`${app.origin}/api/partner/swaps?${filter}${filter ? "&" : ""}limit=100&offset=${offset}`);
      expect(res.status()).toBe(200);
      const body = (await res.json()) as ListAnswer;
      rows.push(...body.swaps);
      if (offset + 100 >= body.total) return rows;
    }
  }
}

function sums(rows: Row[]) {
  const total = { available: new Big(0), claiming: new Big(0), claimed: new Big(0) };
  for (const { commission } of rows)
    if (commission.rewardAmountUsdc !== null && commission.rewardStatus !== null)
      total[commission.rewardStatus] = total[commission.rewardStatus].plus(commission.rewardAmountUsdc);
  return { available: total.available.toFixed(), claiming: total.claiming.toFixed(), claimed: total.claimed.toFixed() };
}

async function expectNoSeriousViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
  expect(serious, `axe: ${where}`).toEqual([]);
}

test("an operator at work: an empty password is said, a date typed digit by digit filters by that day, Clear and paging keep focus, Back undoes one choice, an ended session returns to the same view", async ({
  page,
}) => {
  await page.goto(`${app.origin}/partner/login`);
  const password = page.getByLabel("Password");
  await password.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("form").getByRole("alert")).toHaveText("Enter the password.");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  await password.fill(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("range")).toHaveText(/of 160$/);

  // A date field reports each digit of the year as it comes (0002, 0020, 0202, 2026): only the
  // finished date is applied, never a year 2 that empties the field and sticks in the URL.
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/partner/swaps" && url.searchParams.has("createdFrom")) asked.push(url.searchParams.get("createdFrom")!);
  });
  const [start, end] = await page.evaluate(() => [new Date("2026-11-01T00:00:00.000").toISOString(), new Date("2026-11-30T23:59:59.999").toISOString()]);
  await page.getByLabel("From", { exact: true }).focus();
  await page.keyboard.type("11012026", { delay: 60 });
  const param = (name: string) => new URL(page.url()).searchParams.get(name);
  await expect.poll(() => param("createdFrom")).toBe(start);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-01");
  await page.getByLabel("To", { exact: true }).focus();
  await page.keyboard.type("11302026", { delay: 60 });
  await expect.poll(() => param("createdTo")).toBe(end);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-01");
  expect(asked.length).toBeGreaterThan(0);
  for (const createdFrom of asked) expect(createdFrom).toBe(start);

  // Clear goes with the filters: the search has focus.
  await page.getByRole("button", { name: "Clear search and filters" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/createdFrom/);
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused();

  // Paging to the last page (160 swaps, 25 a page): each press puts focus on the list's heading,
  // even when Next is disabled on the new page.
  const history = page.getByRole("heading", { name: "Swaps", exact: true });
  for (let pageNo = 2; pageNo <= 7; pageNo++) {
    await page.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await expect(history).toBeFocused();
  }
  await expect(page.getByTestId("range")).toHaveText("151–160 of 160");
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(history).toBeFocused();

  // Back undoes a choice, one at a time, and stays on the dashboard.
  await page.getByRole("button", { name: "Completed", exact: true }).click();
  await expect.poll(() => param("status")).toBe("completed");
  await page.getByRole("button", { name: "Failed", exact: true }).click();
  await expect.poll(() => param("status")).toBe("completed,failed");
  await page.goBack();
  await expect.poll(() => param("status")).toBe("completed");
  await expect(page.getByRole("button", { name: "Failed", exact: true })).toHaveAttribute("aria-pressed", "false");
  await page.goBack();
  await expect.poll(() => param("status")).toBe(null);
  await expect(page).toHaveURL(/\/partner/);
  await page.goForward();
  await expect.poll(() => param("status")).toBe("completed");

  // A search is one choice too: Back returns to the filter before it, and the box empties with it.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("ord");
  await expect.poll(() => param("q")).toBe("ord");
  await search.fill("order");
  await expect.poll(() => param("q")).toBe("order");
  await page.goBack();
  await expect.poll(() => param("q")).toBe(null);
  expect(param("status")).toBe("completed");
  await expect(search).toHaveValue("");
  await page.goForward();
  await expect.poll(() => param("q")).toBe("order");
  await expect(search).toHaveValue("order");
  await page.goBack();
  await expect.poll(() => param("q")).toBe(null);

  // The session ends while the operator works (ended on the server; the browser still holds its
  // cookie): the login page says so, and signing in again returns to the same filters.
  await expect.poll(() => param("status")).toBe("completed");
  const session = (await page.context().cookies()).find((c) => c.name === "swap_dashboard")!;
  const ended = await fetch(`${app.origin}/api/partner/session`, { method: "DELETE", headers: { cookie: `swap_dashboard=${session.value}` } });
  expect(ended.status).toBe(204);
  await page.getByRole("button", { name: "Failed", exact: true }).click();
  await expect(page).toHaveURL(/\/partner\/login\?ended=1&back=/);
  await expect(page.getByText("Your session has ended. Sign in again to go on where you were.")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/partner\?/);
  expect(param("status")).toBe("completed,failed");
  await expect(page.getByRole("button", { name: "Completed", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Failed", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("/partner sends a visitor without a session to the login page", async ({ page }) => {
  await page.goto(`${app.origin}/partner?status=completed`);
  // With the view asked for kept, to return to after signing in (no session ended: none was there).
  await expect(page).toHaveURL(/\/partner\/login\?back=status%3Dcompleted$/);
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.login("not the password");
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/partner\/login$/);
});

test("an operator signs in, filters as they choose, pages, checks totals, searches, opens a swap's history, downloads the CSV and signs out", async ({
  page,
}) => {
  const dashboard = new DashboardPage(page);
  await dashboard.login();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole("heading", { name: "Swap history", level: 1 })).toBeVisible();
  await expect(dashboard.range()).toHaveText(`1–25 of ${SEEDED}`);
  await expect(dashboard.rows()).toHaveCount(25);
  await expect(page.getByTestId("freshness")).toContainText(/Updated \d+ (second|minute)s? ago/);

  // Totals over all 160 rows equal the sums of the rows the API returns, shown to 2 decimals.
  const everything = await dashboard.apiRows("");
  expect(everything).toHaveLength(SEEDED);
  const expectedAll = sums(everything);
  expect(await dashboard.totals()).toEqual({ count: String(SEEDED), ...expectedAll });
  await expect(page.getByTestId("total-available")).toContainText(
    new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(expectedAll.available as unknown as number),
  );
  await expect(page.getByRole("columnheader", { name: "Amount in" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Rewards (USDC)" })).toBeVisible();

  // Two statuses at once, applied as they are chosen.
  await page.getByRole("button", { name: "Completed", exact: true }).click();
  await expect(page).toHaveURL(/\/partner\?status=completed$/);
  await page.getByRole("button", { name: "Failed", exact: true }).click();
  await expect(page).toHaveURL(/\/partner\?status=completed,failed$/);
  const filtered = await dashboard.apiRows("status=completed,failed");
  expect(filtered.length).toBeGreaterThan(25);
  await expect(dashboard.range()).toHaveText(`1–25 of ${filtered.length}`);
  await expect(dashboard.rows()).toHaveCount(25);
  expect(new Set(await dashboard.rowStatuses())).toEqual(new Set(["completed", "failed"]));
  expect(await dashboard.totals()).toEqual({ count: String(filtered.length), ...sums(filtered) });
  const firstPage = await dashboard.rowIds();
  expect(firstPage).toEqual(filtered.slice(0, 25).map((r) => r.id));

  // Forward and back.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/offset=25/);
  await expect(dashboard.range()).toHaveText(`26–${Math.min(50, filtered.length)} of ${filtered.length}`);
  const secondPage = await dashboard.rowIds();
  expect(secondPage).toEqual(filtered.slice(25, 50).map((r) => r.id));
  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await expect(dashboard.range()).toHaveText(`1–25 of ${filtered.length}`);
  await expect(page.getByRole("button", { name: "Previous", exact: true })).toBeDisabled();

  // The filters survive a reload: they live in the URL.
  await page.reload();
  await expect(page.getByRole("button", { name: "Completed", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Failed", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(dashboard.range()).toHaveText(`1–25 of ${filtered.length}`);

  // The CSV carries the same filters and every filtered row, amounts as exact strings.
  const csvLink = page.getByRole("link", { name: "Download CSV" });
  await expect(csvLink).toHaveAttribute("href", "/api/partner/swaps.csv?status=completed,failed");
  const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^swaps-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  // Every field quoted (a spreadsheet keeps each one whole).
  expect(lines[0]).toBe(
    '"id","createdAt","status","fromAmount","fromToken","fromNetwork","toEstimatedAmount","toToken","toNetwork","externalId","customerId","bps","rewardAmountUsdc","rewardStatus"',
  );
  expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(filtered.map((r) => `"${r.id}"`));

  // A search by an order id finds that one swap; its detail shows the status history.
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(/\/partner$/);
  const target = everything[9]!;
  await page.getByRole("searchbox", { name: "Search" }).fill(target.externalId!);
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}`));
  await expect(dashboard.range()).toHaveText("1–1 of 1");
  await page
    .getByRole("button", { name: `Open swap ${target.id}` })
    .filter({ visible: true })
    .click();
  const detail = page.getByRole("dialog", { name: "Swap details" });
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId("status-history")).toContainText(/seen /);
  await expect(detail).toContainText(target.externalId!);
  await detail.getByRole("button", { name: "Read live status" }).click();
  await expect(detail.getByRole("button", { name: "Read live status" })).toBeEnabled();
  // The read leaves a sign that it happened, and when.
  await expect(detail.getByTestId("read-live-done")).toContainText(/^Read live from the provider at \d{1,2}:\d{2}:\d{2}/);
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));

  // The open swap is in the URL: Back closes it (the search stays), Forward and a reload open it again.
  await page
    .getByRole("button", { name: `Open swap ${target.id}` })
    .filter({ visible: true })
    .click();
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`swap=${target.id}`));
  await page.goBack();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));
  await page.goForward();
  await expect(detail).toBeVisible();
  await page.reload();
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(target.externalId!);
  // Opened from a link, Escape closes it and the URL drops it, keeping the search.
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));
  await expect(dashboard.range()).toHaveText("1–1 of 1");

  // A quick range: the last 7 days, in the browser's time zone.
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page).toHaveURL(/createdFrom=/);
  const createdFrom = new URL(page.url()).searchParams.get("createdFrom")!;
  const inRange = everything.filter((r) => Date.parse(r.createdAt) >= Date.parse(createdFrom));
  await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", String(inRange.length));
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");

  // Sign out: back to the login page, and the dashboard is closed again.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/partner\/login$/);
  await page.goto(`${app.origin}/partner`);
  await expect(page).toHaveURL(/\/partner\/login$/);
  expect((await page.request.get(`${app.origin}/api/partner/swaps`)).status()).toBe(401);
});

test("far from UTC, the chart counts the operator's days: 7 days picked are 7 bars, ending today, and the chart says whose days they are", async ({
  browser,
}) => {
  // UTC+14: the local day is a different date from UTC's for most of every day.
  const timezoneId = "Pacific/Kiritimati";
  const context = await browser.newContext({ timezoneId });
  await context.addCookies([{ ...sessionCookie, url: app.origin }]);
  const page = await context.newPage();
  await page.goto(`${app.origin}/partner`);
  const asked = page.waitForRequest((r) => r.url().includes("/api/partner/summary") && r.url().includes("createdFrom="));
  await page.getByRole("button", { name: "7 days" }).click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get("tz")).toBe(timezoneId);
  const summary = (await (await page.request.get(url.toString())).json()) as { daily: Array<{ date: string; count: number }>; totals: { count: number } };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: timezoneId, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  expect(summary.daily).toHaveLength(7);
  expect(summary.daily.at(-1)!.date).toBe(today);
  expect(summary.daily.reduce((n, d) => n + d.count, 0)).toBe(summary.totals.count);
  const chart = page.getByRole("region", { name: "Swaps per day" });
  await expect(chart.locator("svg[role=img] > g")).toHaveCount(7);
  await expect(chart).toContainText("Days in your time zone, Pacific/Kiritimati");
  await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", String(summary.totals.count));

  // Each day's numbers, for keyboard, touch and screen readers: a table that opens from the keyboard.
  await chart.getByText("Show each day's numbers").focus();
  await page.keyboard.press("Enter");
  const table = chart.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(8);
  await expectNoSeriousViolations(page, "the chart's table, open");
  const counts = await table.locator("tbody tr td:nth-child(2)").allTextContents();
  expect(counts.map((c) => Number(c.replaceAll(",", "")))).toEqual(summary.daily.map((d) => d.count));
  const lastDay = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${today}T00:00:00Z`));
  await expect(table.getByRole("rowheader").last()).toHaveText(lastDay);

  // A search narrows the list, not the chart, and the chart says so.
  await expect(chart).not.toContainText("narrows the list");
  await page.getByRole("searchbox", { name: "Search" }).fill("no-such-order");
  await expect(page.getByTestId("range")).toHaveText("no swaps");
  await expect(chart).toContainText("The search narrows the list, not the chart");
  await context.close();
});

test("the login page and dashboard pass axe in light and dark, and a phone gets cards, not a sideways table", async ({ page }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.origin}/partner/login`);
    await expect(page.getByLabel("Password")).toBeVisible();
    await expectNoSeriousViolations(page, `login, ${colorScheme}`);
    await page.screenshot({ path: `${shots()}login-1280-${colorScheme}.png` });
  }

  const dashboard = new DashboardPage(page);
  await dashboard.login();
  await expect(page).toHaveURL(/\/partner$/);
  await page.goto(`${app.origin}/partner?status=completed,refunded,failed`);
  await expect(dashboard.rows()).toHaveCount(25);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(page.getByTestId(viewport.width === 390 ? "swap-card" : "swap-row").first()).toBeVisible();
      await expectNoSeriousViolations(page, `dashboard, ${colorScheme}, ${viewport.width}`);
    }
  }
  // The dashboard's screenshots, with 100,000 swaps behind it, come from `npm run bench:ledger -- --screenshots`.
  await expect(page.getByTestId("swap-card")).toHaveCount(25);
  await expect(page.getByRole("table")).toBeHidden();
  // Each card carries every id the table has: the customer's too, whole.
  const [firstRow] = await new DashboardPage(page).apiRows("status=completed,refunded,failed");
  const firstCard = page.getByTestId("swap-card").first();
  await expect(firstCard).toHaveAttribute("data-id", firstRow!.id);
  await expect(firstCard.getByRole("definition").last()).toHaveText(firstRow!.customerId ?? /—/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // At 390 and 320 px nothing is cut: every total (its unit too) stays inside its card, and no id
  // on a card ends in an ellipsis.
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByTestId("total-claimed")).toContainText("USDC");
    const spilled = await page.evaluate(() => {
      // The seeded history's sums and ids are short; a busy partner's are not. Lay out long ones.
      for (const dd of document.querySelectorAll<HTMLElement>('[data-testid^="total-"]'))
        (dd.querySelector("bdi") ?? dd).firstChild!.textContent = "1,234,567.89";
      for (const card of document.querySelectorAll<HTMLElement>('[data-testid="swap-card"]')) {
        const externalId = [...card.querySelectorAll("dt")].find((dt) => dt.textContent === "External ID")?.nextElementSibling;
        if (externalId) externalId.textContent = "ord_djs7ssjolkgj4w9xk2m4q";
      }
      const out: string[] = [];
      for (const dd of document.querySelectorAll<HTMLElement>('[data-testid^="total-"]')) {
        const card = dd.parentElement!.getBoundingClientRect();
        for (const el of [dd, ...dd.querySelectorAll<HTMLElement>("*")])
          if (el.getBoundingClientRect().right > card.right + 0.5 || el.scrollWidth > el.clientWidth + 1) out.push(`${dd.dataset.testid}: "${el.textContent}"`);
      }
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="swap-card"] *'))
        if (getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1) out.push(`card: "${el.textContent}"`);
      return out;
    });
    expect(spilled, `${width} px`).toEqual([]);
  }
});

test("a swap paid half the amount asked shows the payout for what arrived, with the quote's figure named as such, not the quoted payout as if it were paid", async ({
  browser,
}) => {
  const cookie = `${sessionCookie.name}=${sessionCookie.value}`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const quote = (await (
    await post("/api/v1/quote", { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } })
  ).json()) as {
    id: string;
  };
  const created = (await (
    await post("/api/v1/swap", { quoteId: quote.id, destination: { address: TRON_ADDRESS } }, { "idempotency-key": crypto.randomUUID() })
  ).json()) as { swap: { id: string; to: { estimatedAmount: string } }; accessToken: string };
  const { id } = created.swap;
  const quoted = created.swap.to.estimatedAmount;
  expect((await post(`/api/sandbox/swaps/${id}/deposit`, { outcome: "completed", amount: "0.005" }, { "x-swap-token": created.accessToken })).status).toBe(200);
  // The operator's refresh reads it live into the ledger, as "Read live status" does.
  let payout = quoted;
  await expect
    .poll(
      async () => {
        const read = (await (await fetch(`${app.origin}/api/partner/swaps/${id}?refresh=true`, { headers: { cookie } })).json()) as {
          payout: { estimatedAmount: string };
        };
        payout = read.payout.estimatedAmount;
        return new Big(payout).lt(new Big(quoted).times(0.99));
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true);

  const context = await browser.newContext();
  await context.addCookies([{ ...sessionCookie, url: app.origin }]);
  const page = await context.newPage();
  await page.goto(`${app.origin}/partner?swap=${id}`);
  const detail = page.getByRole("dialog", { name: "Swap details" });
  await expect(detail).toBeVisible();
  const row = (label: string) => detail.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  const shown = (amount: string) => new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(Number(amount));
  await expect(row("Amount requested")).toContainText("0.01 BTC");
  await expect(row("To receive, for the lower deposit that arrived")).toContainText(`≈ ${shown(payout)} USDT`);
  await expect(row("Quoted to receive")).toContainText(`≈ ${shown(quoted)} USDT`);
  await expect(detail.locator("dt", { hasText: /^To receive$/ })).toHaveCount(0);
  await context.close();
});

test("while the provider's history is still loading, an empty range says so instead of 'no swaps', and an empty webhook log with webhooks on does not ask to set them", async ({
  browser,
}) => {
  const loading = await startApp({
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    ...generousClientLimits,
    WEBHOOK_URL: "http://127.0.0.1:9/hooks",
    WEBHOOK_SECRET: `whsec_${"A".repeat(32)}`,
  });
  try {
    // A long history: the ledger reads it for a while after the seed.
    const seeded = await fetch(`${loading.origin}/api/sandbox/seed`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"count":20000}',
    });
    expect(seeded.status).toBe(200);
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${loading.origin}/partner/login`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/partner$/);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${loading.origin}/partner?status=completed&createdFrom=${day(150)}T00:00:00.000Z&createdTo=${day(120)}T00:00:00.000Z`);
    await expect(page.getByTestId("freshness")).toContainText("still reading the history");
    await expect(page.getByText(/No swaps match these filters among the [\d,]+ read so far\. The provider's history is still loading/).first()).toBeVisible();
    await expect(page.getByText(/^Totals so far: the provider's history is still loading/)).toBeVisible();
    await expect(page.getByText("No swaps match these filters.", { exact: true })).toHaveCount(0);
    await expect(page.getByText(/No webhook deliveries yet\. Each swap's events will be listed here/)).toBeVisible();
    await expect(page.getByText(/Set WEBHOOK_URL/)).toHaveCount(0);
  } finally {
    await loading.stop();
  }
});

// Last: it spends this client's login attempts for the minute.
test("after too many attempts the wait is said once: the alert's text stays put while the visible countdown runs", async ({ page }) => {
  await page.goto(`${app.origin}/partner/login`);
  const alert = page.locator("form").getByRole("alert");
  for (let attempt = 0; attempt < 6 && !(await page.getByRole("button", { name: "Sign in" }).isDisabled()); attempt++) {
    await page.getByLabel("Password").fill(`not the password ${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).not.toBeEmpty();
  }
  await expect(alert).toContainText("Too many attempts. You can try again in");
  const heard = async () => (await alert.ariaSnapshot()).trim();
  const visible = async () => (await alert.innerText()).trim();
  const [heardBefore, seenBefore] = [await heard(), await visible()];
  await page.waitForTimeout(2_100);
  expect(await heard()).toBe(heardBefore);
  expect(await visible()).not.toBe(seenBefore);
});
