// axe-core on every step of the checkout, light and dark: no "serious" or "critical" violation.
import type { Page } from "@playwright/test";
import { createSwapThroughApi, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { SwapPage } from "./pages/swap-page";

async function checkBothSchemes(page: Page, step: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page, `${step} (${colorScheme})`, { soft: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

test("every checkout step passes axe in light and dark: empty form, filled form, picker, review, deposit instructions", async ({ page, checkout }) => {
  test.setTimeout(90_000);
  await checkout.goto();
  await checkBothSchemes(page, "checkout form, empty");

  await checkout.fillValidBtcToUsdtTron();
  await checkBothSchemes(page, "checkout form with quote and address");

  const picker = await checkout.openPicker("receive");
  await picker.searchFor("usdt");
  await checkBothSchemes(page, "asset picker dialog open");
  await picker.closeButton.click();
  await expect(picker.dialog).toBeHidden();

  const review = await checkout.review();
  await checkBothSchemes(page, "review step");

  const swap = await review.create();
  await expect(swap.qrCode).toBeVisible();
  await checkBothSchemes(page, "deposit instructions");
});

test("the completed swap page passes axe in light and dark", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const swap = new SwapPage(page);
  await swap.goto(created.path);
  await swap.simulateDeposit();
  await swap.pollUntil("completed", "button");
  await checkBothSchemes(page, "swap completed");
});
