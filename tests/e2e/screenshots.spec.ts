// Screenshots of every step at 390×844 and 1280×800, light and dark, into docs/screenshots/checkout/.
// (underpaid is taken in swap-progress.spec.ts and expired in deposit-window.spec.ts, where those
// states happen.)
import { expect, screenshotStep, test } from "./fixtures";
import { screenshotsOnly, takingScreenshots } from "./shots";

test("screenshots: checkout empty, with a quote, picker open, review, deposit instructions, completed", async ({
  page,
  checkout,
}) => {
  // Pictures only: checkout-journey and swap-progress assert the same walk.
  test.skip(!takingScreenshots, screenshotsOnly);
  test.setTimeout(90_000);
  const swap = await checkout.walkToDeposit(async (stop) => {
    if (stop === "checkout-empty")
      await expect(page.getByText(/^Enter how much BTC \(Bitcoin\) you want to send/)).toBeVisible();
    // The picker is a modal dialog: its backdrop covers the viewport only.
    await screenshotStep(page, stop, { fullPage: stop !== "picker-open" });
  });

  await swap.depositUntil("completed");
  // The receipt's code loads once the swap has completed: the shot waits for it, or it catches the
  // page half laid out (one time the receipt, the next not).
  await expect(page.getByTestId("receipt")).toBeVisible();
  await screenshotStep(page, "completed");
});
