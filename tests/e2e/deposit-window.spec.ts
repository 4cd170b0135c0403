// Deposit windows last 4 s on this server: a swap nobody pays expires. The 4 s are the server's
// real time (the one real wait here); the page's polling runs on its own manual clock. Once the
// deadline has passed, the BFF treats the waiting swap as one a person watches and reads it live
// within its 5-s freshness, so the page sees `expired` within a few polls.
import { expect, expectNoSeriousA11yViolations, readCounter, screenshotStep, test } from "./fixtures";

test.use({ appEnv: { SANDBOX_DEPOSIT_WINDOW_SECONDS: "4" } });

test("a swap with no deposit before its deadline shows 'Deposit window closed', no deposit address, and is read no more", async ({ page, checkout }) => {
  await page.clock.install();
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");
  await expect(swap.deadline).toHaveText(/ 0:0[0-4] left$/);

  const counter = readCounter(page, swap.id);

  await swap.pollUntil("expired", "clock", 20_000);
  await expect(swap.statusHeading).toHaveText("Deposit window closed");
  await expect(swap.status).toContainText("Do not send funds to its address; start a new swap instead.");
  await expect(swap.depositAddress).toBeHidden();
  await expect(swap.qrCode).toBeHidden();
  await expect(swap.fullDeposit).toBeHidden();
  await expect(swap.newSwap).toBeVisible();
  // Nothing was sent and nothing will be received: the page must not say otherwise.
  await expect(page.getByText("You sent", { exact: true }), "an expired swap does not say 'You sent'").toBeHidden();
  await expect(swap.sandbox, "the sandbox panel does not claim a deposit was made").not.toContainText("The simulated deposit was made");

  await screenshotStep(page, "expired");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page, `swap expired (${colorScheme})`, { soft: true });
  }
  await page.emulateMedia({ colorScheme: null });

  // Expired is terminal: ten minutes of page time, and the page asks no more.
  await counter.settle();
  const atExpiry = counter.reads();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
  for (let minute = 0; minute < 10; minute++) await page.clock.runFor(60_000);
  await counter.settle();
  expect(counter.reads()).toBe(atExpiry);
});
