// How a swap can end besides completing: refunded, failed (the sandbox's outcome choice), and a
// deposit window that closes with no deposit (a server whose windows last 4 s, in its own file).
import { createSwapThroughApi, expect, screenshotStep, test } from "./fixtures";

test("choosing 'Is refunded' and a full deposit ends in 'Deposit refunded' with the provider's message", async ({ request, baseURL, swapPage }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  await swapPage.simulateDeposit({ outcome: "Is refunded" });
  await swapPage.pollUntil("refunded", "button");
  await expect(swapPage.statusHeading).toHaveText("Deposit refunded");
  await expect(swapPage.status).toContainText("Message from the swap service: The deposit was returned to the refund address.");
  await expect(swapPage.timeline.getByRole("listitem").nth(2)).toHaveText(/Deposit refunded — current step/);
  await expect(swapPage.checkNow).toBeHidden();
  await expect(swapPage.newSwap).toBeVisible();
});

test("choosing 'Fails' and a full deposit ends in 'Swap failed' with the provider's message", async ({ page, request, baseURL, swapPage }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  await swapPage.simulateDeposit({ outcome: "Fails" });
  await swapPage.pollUntil("failed", "button");
  await expect(swapPage.statusHeading).toHaveText("Swap failed");
  await expect(swapPage.status).toContainText("Contact support with the swap id and order reference below.");
  await expect(swapPage.status).toContainText("Message from the swap service: The payout was stopped by a compliance review.");
  await expect(swapPage.swapIdValue()).toHaveText(created.id);
  await screenshotStep(page, "failed");
});
