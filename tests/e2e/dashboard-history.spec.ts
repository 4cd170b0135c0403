// The dashboard's list of 160 seeded swaps: totals, filters, dates, paging, CSV, Back and Forward, a half-paid swap.
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import Big from "big.js";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { rewardSums, SEEDED, seededTest as test } from "./pages/dashboard-page";

const FILTERED = "status=completed,failed";

// axe and the 160-row reads through the API are slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("the dashboard opens on the first 25 of every swap, and says when it was updated", async ({ page, dashboard }) => {
  await dashboard.goto();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(dashboard.heading).toBeVisible();
  await expect(dashboard.range).toHaveText(`1–25 of ${SEEDED}`);
  await expect(dashboard.rows).toHaveCount(25);
  await expect(dashboard.freshness).toContainText(/Updated \d+ (second|minute)s? ago/);
});

test("the totals over every swap equal the sums of the rows the API returns, shown to 2 decimals", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  await expect(dashboard.range).toHaveText(`1–25 of ${SEEDED}`);
  const everything = await dashboard.apiRows("");
  expect(everything).toHaveLength(SEEDED);
  const expectedAll = rewardSums(everything);
  expect(await dashboard.totals()).toEqual({ count: String(SEEDED), ...expectedAll });
  await expect(dashboard.total("available")).toContainText(
    new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      expectedAll.available as unknown as number,
    ),
  );
  await expect(page.getByRole("columnheader", { name: "Amount in" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Rewards (USDC)" })).toBeVisible();
});

test("two statuses apply as they are chosen: the rows, range and totals follow, and a reload keeps them", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  await dashboard.statusFilter("Completed").click();
  await expect(page).toHaveURL(/\/partner\?status=completed$/);
  await dashboard.statusFilter("Failed").click();
  await expect(page).toHaveURL(/\/partner\?status=completed,failed$/);
  const filtered = await dashboard.apiRows(FILTERED);
  expect(filtered.length).toBeGreaterThan(25);
  await expect(dashboard.range).toHaveText(`1–25 of ${filtered.length}`);
  await expect(dashboard.rows).toHaveCount(25);
  expect(new Set(await dashboard.rowStatuses())).toEqual(new Set(["completed", "failed"]));
  expect(await dashboard.totals()).toEqual({ count: String(filtered.length), ...rewardSums(filtered) });
  expect(await dashboard.rowIds()).toEqual(filtered.slice(0, 25).map((r) => r.id));

  // The filters survive a reload: they live in the URL.
  await page.reload();
  await expect(dashboard.statusFilter("Completed")).toHaveAttribute("aria-pressed", "true");
  await expect(dashboard.statusFilter("Failed")).toHaveAttribute("aria-pressed", "true");
  await expect(dashboard.range).toHaveText(`1–25 of ${filtered.length}`);
});

test("Next and Previous page through a filtered list in the API's order", async ({ page, dashboard }) => {
  await dashboard.goto(FILTERED);
  const filtered = await dashboard.apiRows(FILTERED);
  await expect(dashboard.range).toHaveText(`1–25 of ${filtered.length}`);
  await dashboard.next.click();
  await expect(page).toHaveURL(/offset=25/);
  await expect(dashboard.range).toHaveText(`26–${Math.min(50, filtered.length)} of ${filtered.length}`);
  expect(await dashboard.rowIds()).toEqual(filtered.slice(25, 50).map((r) => r.id));
  await dashboard.previous.click();
  await expect(dashboard.range).toHaveText(`1–25 of ${filtered.length}`);
  await expect(dashboard.previous).toBeDisabled();
});

test("the CSV carries the list's filters and every filtered row, each field quoted", async ({ page, dashboard }) => {
  await dashboard.goto(FILTERED);
  const filtered = await dashboard.apiRows(FILTERED);
  await expect(dashboard.csvLink).toHaveAttribute("href", "/api/partner/swaps.csv?status=completed,failed");
  const [download] = await Promise.all([page.waitForEvent("download"), dashboard.csvLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^swaps-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  // Every field quoted (a spreadsheet keeps each one whole).
  expect(lines[0]).toBe(
    '"id","createdAt","status","fromAmount","fromToken","fromNetwork","toEstimatedAmount","toToken","toNetwork","externalId","customerId","bps","rewardAmountUsdc","rewardStatus"',
  );
  expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(filtered.map((r) => `"${r.id}"`));
});

test("'7 days' shows the last 7 days in the browser's time zone", async ({ page, dashboard }) => {
  await dashboard.goto();
  const everything = await dashboard.apiRows("");
  await dashboard.quickRange("7 days").click();
  await expect(page).toHaveURL(/createdFrom=/);
  const createdFrom = dashboard.param("createdFrom")!;
  const inRange = everything.filter((r) => Date.parse(r.createdAt) >= Date.parse(createdFrom));
  await expect(dashboard.total("count")).toHaveAttribute("data-value", String(inRange.length));
  await expect(dashboard.quickRange("7 days")).toHaveAttribute("aria-pressed", "true");
});

test("a date typed digit by digit filters by that day: only the finished date is applied", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  await expect(dashboard.range).toHaveText(/of 160$/);
  // A date field reports each digit of the year as it comes (0002, 0020, 0202, 2026): only the
  // finished date is applied, never a year 2 that empties the field and sticks in the URL.
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/partner/swaps" && url.searchParams.has("createdFrom"))
      asked.push(url.searchParams.get("createdFrom")!);
  });
  const [start, end] = await page.evaluate(() => [
    new Date("2026-11-01T00:00:00.000").toISOString(),
    new Date("2026-11-30T23:59:59.999").toISOString(),
  ]);
  await dashboard.from.focus();
  await page.keyboard.type("11012026", { delay: 60 });
  await expect.poll(() => dashboard.param("createdFrom")).toBe(start);
  await expect(dashboard.from).toHaveValue("2026-11-01");
  await dashboard.to.focus();
  await page.keyboard.type("11302026", { delay: 60 });
  await expect.poll(() => dashboard.param("createdTo")).toBe(end);
  await expect(dashboard.from).toHaveValue("2026-11-01");
  expect(asked.length).toBeGreaterThan(0);
  for (const createdFrom of asked) expect(createdFrom).toBe(start);
});

test("Clear, pressed from the keyboard, goes with the filters and puts focus on the search", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto("createdFrom=2026-11-01T00:00:00.000Z");
  await expect(dashboard.from).toHaveValue(/^2026-/);
  await dashboard.clear.focus();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/createdFrom/);
  await expect(dashboard.search).toBeFocused();
});

test("paging by keyboard to the last page puts focus on the list's heading each time, even when Next is then disabled", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  await expect(dashboard.range).toHaveText(`1–25 of ${SEEDED}`);
  // 160 swaps, 25 a page: pages 2 to 7.
  for (let pageNo = 2; pageNo <= 7; pageNo++) {
    await page.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await expect(dashboard.listHeading).toBeFocused();
  }
  await expect(dashboard.range).toHaveText("151–160 of 160");
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(dashboard.listHeading).toBeFocused();
});

test("Back undoes one filter choice at a time and stays on the dashboard; Forward does it again", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  await expect(dashboard.range).toHaveText(`1–25 of ${SEEDED}`);
  await dashboard.statusFilter("Completed").click();
  await expect.poll(() => dashboard.param("status")).toBe("completed");
  await dashboard.statusFilter("Failed").click();
  await expect.poll(() => dashboard.param("status")).toBe("completed,failed");
  await page.goBack();
  await expect.poll(() => dashboard.param("status")).toBe("completed");
  await expect(dashboard.statusFilter("Failed")).toHaveAttribute("aria-pressed", "false");
  await page.goBack();
  await expect.poll(() => dashboard.param("status")).toBe(null);
  await expect(page).toHaveURL(/\/partner/);
  await page.goForward();
  await expect.poll(() => dashboard.param("status")).toBe("completed");
});

// Last: it adds a swap to the 160 the tests above count (the other files on this app count none).
test("a swap paid half the amount asked shows the payout for what arrived, with the quote's figure named as such, not the quoted payout as if it were paid", async ({
  page,
  dashboard,
  seeded,
}) => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${seeded.app.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const quote = (await (
    await post("/api/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
    })
  ).json()) as { id: string };
  const created = (await (
    await post(
      "/api/v1/swap",
      { quoteId: quote.id, destination: { address: TRON_ADDRESS } },
      { "idempotency-key": crypto.randomUUID() },
    )
  ).json()) as { swap: { id: string; to: { estimatedAmount: string } }; accessToken: string };
  const { id } = created.swap;
  const quoted = created.swap.to.estimatedAmount;
  expect(
    (
      await post(
        `/api/sandbox/swaps/${id}/deposit`,
        { outcome: "completed", amount: "0.005" },
        { "x-swap-token": created.accessToken },
      )
    ).status,
  ).toBe(200);
  // The operator's refresh reads it live into the ledger, as "Read live status" does.
  let payout = quoted;
  const readLive = async () => {
    const read = await page.request.get(`${seeded.app.origin}/api/partner/swaps/${id}?refresh=true`);
    payout = ((await read.json()) as { payout: { estimatedAmount: string } }).payout.estimatedAmount;
    return new Big(payout).lt(new Big(quoted).times(0.99));
  };
  await expect.poll(readLive, { timeout: 30_000, intervals: [1_000] }).toBe(true);
  await dashboard.goto(`swap=${id}`);
  await expect(dashboard.detail).toBeVisible();
  const shown = (amount: string) => new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(Number(amount));
  await expect(dashboard.detailRow("Amount requested")).toContainText("0.01 BTC");
  await expect(dashboard.detailRow("To receive, for the lower deposit that arrived")).toContainText(
    `≈ ${shown(payout)} USDT`,
  );
  await expect(dashboard.detailRow("Quoted to receive")).toContainText(`≈ ${shown(quoted)} USDT`);
  await expect(dashboard.detail.locator("dt", { hasText: /^To receive$/ })).toHaveCount(0);
});
