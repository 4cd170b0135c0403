// The quote's countdown says its milestones to screen readers as each is crossed, and not later:
// "refreshes in one minute" read out at 0:39 would be wrong.
import { expect, test } from "./fixtures";

test("the countdown's spoken milestones come as each is crossed and are gone a few seconds later", async ({
  page,
  checkout,
}) => {
  await page.clock.install();
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  const spoken = page.locator("[data-testid=quote-countdown] + [aria-live=polite]");
  await expect(spoken).toHaveText("");
  // A quote lives 3 minutes: 2:00 on, one minute is left.
  await page.clock.runFor(121_000);
  await expect(checkout.countdown).toHaveText(/^Price valid for 0:(59|58)$/);
  await expect(spoken).toHaveText("The price refreshes in one minute.");
  await page.clock.runFor(10_000);
  await expect(checkout.countdown).toHaveText(/^Price valid for 0:4\d$/);
  await expect(spoken).toHaveText("");
  await page.clock.runFor(20_000);
  await expect(checkout.countdown).toHaveText(/^Price valid for 0:(29|28)$/);
  await expect(spoken).toHaveText("The price refreshes in 30 seconds.");
  await page.clock.runFor(10_000);
  await expect(spoken).toHaveText("");
});
