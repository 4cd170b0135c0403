// Deposit windows last 4 s on this server: a swap nobody pays expires. The BFF serves a waiting
// swap from its snapshot for up to 45 s (lib/bff/status.ts, LIVE_AFTER_MS) before it spends a live
// read, so the expiry shows within about a minute of real time.
import { expect, screenshotStep, test } from "./fixtures";

test.use({ appEnv: { SANDBOX_DEPOSIT_WINDOW_SECONDS: "4" } });

test("a swap with no deposit before its deadline shows 'Deposit window closed' and no deposit address", async ({ page, checkout }) => {
  test.setTimeout(120_000);
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");
  await expect(swap.deadline).toHaveText(/ 0:0[0-4] left$/);

  await swap.pollUntil("expired", "button", 75_000);
  await expect(swap.statusHeading).toHaveText("Deposit window closed");
  await expect(swap.status).toContainText("Do not send funds to its address; start a new swap instead.");
  await expect(swap.depositAddress).toBeHidden();
  await expect(swap.qrCode).toBeHidden();
  await expect(swap.fullDeposit).toBeHidden();
  await expect(swap.newSwap).toBeVisible();
  // Nothing was sent and nothing will be received: the page must not say otherwise.
  // (The page has settled on the final status, so these need no long wait.)
  await expect.soft(page.getByText("You sent", { exact: true }), "an expired swap does not say 'You sent'").toBeHidden({ timeout: 2_000 });
  await expect.soft(swap.sandbox, "the sandbox panel does not claim a deposit was made").not.toContainText("The simulated deposit was made", { timeout: 2_000 });
  await screenshotStep(page, "expired");
});
