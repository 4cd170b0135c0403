// The operator dashboard over a seeded history of 160 swaps, signed in: the list, totals checked
// against the API, status and date filters, paging, the CSV, search, a swap's details, the URL as
// history, the chart far from UTC, phones and axe. Signing in and out: dashboard-access.spec.ts.
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

test("a search by an order id finds that one swap; its details show the status history and a live read, and Close keeps the search", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto(FILTERED);
  await dashboard.clear.click();
  await expect(page).toHaveURL(/\/partner$/);
  const target = (await dashboard.apiRows(""))[9]!;
  await dashboard.search.fill(target.externalId!);
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}`));
  await expect(dashboard.range).toHaveText("1–1 of 1");
  await dashboard.openSwap(target.id);
  const { detail } = dashboard;
  await expect(detail.getByTestId("status-history")).toContainText(/seen /);
  await expect(detail).toContainText(target.externalId!);
  await detail.getByRole("button", { name: "Read live status" }).click();
  await expect(detail.getByRole("button", { name: "Read live status" })).toBeEnabled();
  // The read leaves a sign that it happened, and when.
  await expect(detail.getByTestId("read-live-done")).toContainText(
    /^Read live from the provider at \d{1,2}:\d{2}:\d{2}/,
  );
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));
});

test("the open swap is in the URL: Back closes it, Forward and a reload open it, Escape closes it and keeps the search", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  const target = (await dashboard.apiRows(""))[9]!;
  await dashboard.goto(`q=${target.externalId}`);
  await expect(dashboard.range).toHaveText("1–1 of 1");
  const { detail } = dashboard;
  await dashboard.openSwap(target.id);
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
  await expect(dashboard.range).toHaveText("1–1 of 1");
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

test("a search is one choice in the history: Back returns to the filter before it and empties the box, Forward brings it back", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto("status=completed");
  await expect(dashboard.statusFilter("Completed")).toHaveAttribute("aria-pressed", "true");
  const { search } = dashboard;
  await search.fill("ord");
  await expect.poll(() => dashboard.param("q")).toBe("ord");
  await search.fill("order");
  await expect.poll(() => dashboard.param("q")).toBe("order");
  await page.goBack();
  await expect.poll(() => dashboard.param("q")).toBe(null);
  expect(dashboard.param("status")).toBe("completed");
  await expect(search).toHaveValue("");
  await page.goForward();
  await expect.poll(() => dashboard.param("q")).toBe("order");
  await expect(search).toHaveValue("order");
  await page.goBack();
  await expect.poll(() => dashboard.param("q")).toBe(null);
  await expect.poll(() => dashboard.param("status")).toBe("completed");
});

test.describe("far from UTC (UTC+14, where the local day is another date than UTC's most of the day)", () => {
  const timezoneId = "Pacific/Kiritimati";
  test.use({ timezoneId });
  const today = () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: timezoneId,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date());

  test("the chart counts the operator's days: 7 days picked are 7 bars ending today, and it says whose days they are", async ({
    dashboard,
  }) => {
    const { url, summary } = await dashboard.pickSevenDays();
    expect(url.searchParams.get("tz")).toBe(timezoneId);
    expect(summary.daily).toHaveLength(7);
    expect(summary.daily.at(-1)!.date).toBe(today());
    expect(summary.daily.reduce((n, d) => n + d.count, 0)).toBe(summary.totals.count);
    await expect(dashboard.chart.locator("svg[role=img] > g")).toHaveCount(7);
    await expect(dashboard.chart).toContainText("Days in your time zone, Pacific/Kiritimati");
    await expect(dashboard.total("count")).toHaveAttribute("data-value", String(summary.totals.count));
  });

  test("each day's numbers open from the keyboard as a table, for touch and screen readers too", async ({
    page,
    dashboard,
  }) => {
    const { summary } = await dashboard.pickSevenDays();
    const { chart } = dashboard;
    await chart.getByText("Show each day's numbers").focus();
    await page.keyboard.press("Enter");
    const table = chart.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(8);
    await dashboard.expectNoSeriousViolations("the chart's table, open");
    const counts = await table.locator("tbody tr td:nth-child(2)").allTextContents();
    expect(counts.map((c) => Number(c.replaceAll(",", "")))).toEqual(summary.daily.map((d) => d.count));
    const lastDay = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" }).format(
      new Date(`${today()}T00:00:00Z`),
    );
    await expect(table.getByRole("rowheader").last()).toHaveText(lastDay);
  });

  test("a search narrows the list, not the chart, and the chart says so", async ({ dashboard }) => {
    await dashboard.pickSevenDays();
    await expect(dashboard.chart).not.toContainText("narrows the list");
    await dashboard.search.fill("no-such-order");
    await expect(dashboard.range).toHaveText("no swaps");
    await expect(dashboard.chart).toContainText("The search narrows the list, not the chart");
  });
});

test("the dashboard passes axe in light and dark, at 1280 and 390 px", async ({ page, dashboard }) => {
  await dashboard.goto("status=completed,refunded,failed");
  await expect(dashboard.rows).toHaveCount(25);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect((viewport.width === 390 ? dashboard.cards : dashboard.rows).first()).toBeVisible();
      await dashboard.expectNoSeriousViolations(`dashboard, ${colorScheme}, ${viewport.width}`);
    }
  }
  // The dashboard's screenshots, with 100,000 swaps behind it, come from `npm run bench:ledger -- --screenshots`.
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a phone gets cards, not a sideways table, and each card carries every id the table has", async ({
    page,
    dashboard,
  }) => {
    await dashboard.goto("status=completed,refunded,failed");
    await expect(dashboard.cards).toHaveCount(25);
    await expect(dashboard.table).toBeHidden();
    // The customer's id too, whole.
    const [firstRow] = await dashboard.apiRows("status=completed,refunded,failed");
    const firstCard = dashboard.cards.first();
    await expect(firstCard).toHaveAttribute("data-id", firstRow!.id);
    await expect(firstCard.getByRole("definition").last()).toHaveText(firstRow!.customerId ?? /—/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("at 390 and 320 px nothing is cut: every total (its unit too) stays inside its card, and no id on a card ends in an ellipsis", async ({
    page,
    dashboard,
  }) => {
    await dashboard.goto("status=completed,refunded,failed");
    await expect(dashboard.cards).toHaveCount(25);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(dashboard.total("claimed")).toContainText("USDC");
      expect(await dashboard.cutText(), `${width} px`).toEqual([]);
    }
  });
});

// Last: it adds a swap to the 160 the tests above count.
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
