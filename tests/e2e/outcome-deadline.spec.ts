// Deadline passed and expired (issue 36): no countdown, and one primary action each ("Check now",
// then "New quote, same details"). Deposit windows last 4 s on this server.
import { expect, pauseClock, screenshotStep, test } from "./fixtures";
import { axeBothSchemes, primaryActions } from "./trust-helpers";

test.use({ appEnv: { SANDBOX_DEPOSIT_WINDOW_SECONDS: "4" } });

test("deadline passed, then expired: no clock, one primary action each", async ({ page, checkout }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");

  await pauseClock(page);
  await page.waitForTimeout(4_500);
  let slow = true;
  await page.route(`**/api/v1/swap/${swap.id}`, async (route) => {
    while (slow) await new Promise((resolve) => setTimeout(resolve, 100));
    await route.continue();
  });
  await page.clock.runFor(5_000);
  await expect(swap.statusHeading).toHaveText("Deposit deadline passed");
  await expect(page.getByTestId("deposit-countdown")).toHaveCount(0);
  await expect(page.getByText(/ left$/)).toHaveCount(0);
  expect(await primaryActions(page)).toEqual(["Check now"]);
  await page.clock.resume();
  await screenshotStep(page, "deadline-passed");
  await axeBothSchemes(page, "deadline passed");

  slow = false;
  await expect(swap.statusHeading).toHaveText("Deposit window closed", { timeout: 15_000 });
  await page.unroute(`**/api/v1/swap/${swap.id}`);
  await expect(page.getByTestId("deposit-countdown")).toHaveCount(0);
  expect(await primaryActions(page)).toEqual(["New quote, same details"]);
  await expect(swap.newSwap).toBeVisible();
  await screenshotStep(page, "expired");
  await axeBothSchemes(page, "expired");
});
