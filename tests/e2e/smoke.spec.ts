import { expect, test } from "@playwright/test";

test("the checkout opens with the sandbox badge and a price for the preset amount", async ({ page }) => {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.01");
  await expect(page.getByText("Sandbox — no real funds")).toBeVisible();
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
});
