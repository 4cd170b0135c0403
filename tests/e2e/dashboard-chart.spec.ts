// The dashboard's chart of swaps per day, far from UTC: the operator's days, its table, what a search narrows.
import { expect } from "@playwright/test";
import { seededTest as test } from "./pages/dashboard-page";

// axe and the 160-row reads through the API are slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

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
