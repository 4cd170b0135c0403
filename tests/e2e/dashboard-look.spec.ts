// The dashboard's look: axe in light and dark at 1280 and 390 px, and cards on a phone with nothing cut.
import { expect } from "@playwright/test";
import { seededTest as test } from "./pages/dashboard-page";

// axe and the 160-row reads through the API are slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

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
