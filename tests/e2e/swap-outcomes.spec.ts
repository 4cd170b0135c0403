// How a swap can end besides completing: refunded, failed (the sandbox's outcome choice), and a
// deposit window that closes with no deposit (a server whose windows last 4 s, in its own file).
import { expect, screenshotStep, test } from "./fixtures";

test("choosing 'Is refunded' and a full deposit ends in 'Deposit refunded' with the provider's message", async ({
  swapPage,
  openNewSwap,
}) => {
  await openNewSwap();
  await swapPage.depositUntil("refunded", "Deposit refunded");
  await expect(swapPage.status).toContainText(
    "Message from the swap service: The deposit was returned to the refund address.",
  );
  await expect(swapPage.timeline.getByRole("listitem").nth(2)).toHaveText(/Deposit refunded — the swap ended here/);
  // The payout will not come: not "not yet", which told a refunded person it was still on its way.
  await expect(swapPage.timeline.getByRole("listitem").nth(3)).toHaveText(/ — will not happen$/);
  await expect(swapPage.checkNow).toBeHidden();
  await expect(swapPage.newSwap).toBeVisible();
  // The deposit was made; the journey ended after it without a swap: Done is not ticked.
  await expect(swapPage.stepMarker("Deposit")).toHaveAttribute("data-state", "done");
  await expect(swapPage.stepMarker("Done")).toHaveAttribute("data-state", "ended");
});

test("choosing 'Fails' and a full deposit ends in 'Swap failed' with the provider's message", async ({
  page,
  swapPage,
  openNewSwap,
}) => {
  const created = await openNewSwap();
  await swapPage.depositUntil("failed", "Swap failed");
  await expect(swapPage.status).toContainText("Contact support with the swap id and order reference below.");
  await expect(swapPage.status).toContainText(
    "Message from the swap service: The payout was stopped by a compliance review.",
  );
  // The service's own words are marked as English, for a screen reader on a page in another language.
  await expect(swapPage.status.locator('[lang="en"]')).toHaveText(/^The payout was stopped by a compliance review\./);
  await expect(swapPage.swapIdValue()).toHaveText(created.id);
  await screenshotStep(page, "failed");
});
