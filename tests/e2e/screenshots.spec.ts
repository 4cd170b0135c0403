// Screenshots of every step at 390×844 and 1280×800, light and dark, into docs/screenshots/checkout/.
// (underpaid is taken in swap-progress.spec.ts and expired in deposit-window.spec.ts, where those
// states happen.)
import { expect, screenshotStep, test } from "./fixtures";

test("screenshots: checkout empty, with a quote, picker open, review, deposit instructions, completed", async ({ page, checkout }) => {
  test.setTimeout(90_000);
  await checkout.goto();
  await expect(checkout.page.getByText(/^Enter how much BTC \(Bitcoin\) you want to send/)).toBeVisible();
  await screenshotStep(page, "checkout-empty");

  await checkout.fillValidBtcToUsdtTron();
  await screenshotStep(page, "checkout-quote");

  const picker = await checkout.openPicker("receive");
  await screenshotStep(page, "picker-open", { fullPage: false });
  await picker.closeButton.click();
  await expect(picker.dialog).toBeHidden();

  const review = await checkout.review();
  await screenshotStep(page, "review");

  const swap = await review.create();
  await expect(swap.qrCode).toBeVisible();
  await screenshotStep(page, "deposit");

  await swap.simulateDeposit();
  await swap.pollUntil("completed", "button");
  await screenshotStep(page, "completed");
});
