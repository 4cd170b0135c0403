// Deposit windows last 4 s on this server: a swap nobody pays expires. The 4 s are the server's
// real time (the one real wait here); the page's polling runs on its own manual clock. Once the
// deadline has passed, the BFF treats the waiting swap as one a person watches and reads it live
// within its 5-s freshness, so the page sees `expired` within a few polls.
import { expect, expectNoSeriousA11yViolations, pauseClock, readCounter, screenshotStep, test } from "./fixtures";

test.use({ appEnv: { SANDBOX_DEPOSIT_WINDOW_SECONDS: "4" } });

test("a swap with no deposit before its deadline shows 'Deposit window closed', no deposit address, and is read no more", async ({
  page,
  checkout,
}) => {
  await page.clock.install();
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");
  await expect(swap.deadline).toHaveText(/ 0:0[0-4] left$/);
  // The last minutes say so above the amount: a deposit arriving late is not swapped.
  await expect(page.getByTestId("deposit-closing")).toContainText("Less than 10 minutes left.");
  await screenshotStep(page, "deposit-closing");

  const counter = readCounter(page, swap.id);

  await swap.pollUntil("expired", "clock", 20_000);
  await expect(swap.statusHeading).toHaveText("Deposit window closed");
  await expect(swap.status).toContainText("Do not send funds to its address; start a new swap instead.");
  await expect(swap.depositAddress).toBeHidden();
  await expect(swap.qrCode).toBeHidden();
  await expect(swap.fullDeposit).toBeHidden();
  await expect(swap.newSwap).toBeVisible();
  // The journey stopped at the deposit: no tick there, and none on Done.
  await expect(swap.stepMarker("Deposit")).toHaveAttribute("data-state", "ended");
  await expect(swap.stepMarker("Done")).toHaveAttribute("data-state", "upcoming");
  // Nothing was sent and nothing will be received: the page must not say otherwise.
  await expect(page.getByText("You sent", { exact: true }), "an expired swap does not say 'You sent'").toBeHidden();
  // What the swap was (the amount asked, the payout address), with no figure to receive, and what
  // happened said once, in the status, not again beneath it.
  await expect(page.getByText("Amount requested", { exact: true })).toBeVisible();
  await expect(page.getByTestId("payout-address")).toBeVisible();
  await expect(page.getByTestId("receive-amount")).toHaveCount(0);
  await expect(page.getByText(/so this swap expired|so nothing was swapped/)).toHaveCount(1);
  await expect(swap.sandbox, "the sandbox panel does not claim a deposit was made").not.toContainText(
    "The simulated deposit was made",
  );

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

test("at the deadline the address and QR go at once, before the provider has said the swap expired", async ({
  page,
  checkout,
}) => {
  await page.clock.install();
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");
  await expect(swap.depositAddress).toBeVisible();

  // The page's time stands still while the server's 4-s window runs out, and its answers come
  // slowly (a phone's network): when the page's clock reaches the deadline, it has no news yet.
  await pauseClock(page);
  await page.waitForTimeout(4_500);
  let slow = true;
  await page.route(`**/api/v1/swap/${swap.id}`, async (route) => {
    while (slow) await new Promise((resolve) => setTimeout(resolve, 100));
    await route.continue();
  });
  await page.clock.runFor(5_000);

  await expect(swap.depositAddress, "no deposit address once the time to send is over").toBeHidden();
  await expect(swap.qrCode).toBeHidden();
  await expect(page.getByTestId("open-in-wallet")).toHaveCount(0);
  await expect(swap.statusHeading).toHaveText("Deposit deadline passed");
  await expect(page.getByTestId("deposit-closed")).toContainText("Do not send to this deposit address now.");
  await expect(swap.status).toHaveAttribute("data-status", "waiting_deposit");
  // Time runs again for the pictures (they wait for animation frames); the answers are still held.
  await page.clock.resume();
  await screenshotStep(page, "deadline-passed");
  await expectNoSeriousA11yViolations(page, "deposit deadline passed");

  // The page asked at the deadline: once the answer arrives, it says how the swap ended (within
  // one 10-s poll past the deadline, should the held read have been answered before the expiry).
  slow = false;
  await expect(swap.statusHeading).toHaveText("Deposit window closed", { timeout: 15_000 });
  await page.unroute(`**/api/v1/swap/${swap.id}`);
});
