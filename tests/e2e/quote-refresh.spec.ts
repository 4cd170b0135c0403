// Quotes live 5 s on this server: the checkout replaces an expired quote by itself, and a refresh
// that moves the estimate while the user is on the review step must be accepted first.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ReviewPage } from "./pages/review-page";
import { movingEstimates } from "./trust-helpers";

test.use({ appEnv: { SANDBOX_QUOTE_TTL_SECONDS: "5" } });

const isQuoteCall = (url: string) => new URL(url).pathname === "/api/v1/quote";

/**
 * Each quote answer after the first waits until the test calls `release()`: the renewal is in flight
 * for as long as the test needs, not for a moment it would have to hit.
 */
async function holdRenewals(page: Page) {
  const renewal = { answered: 0, release: () => {} };
  await page.route("**/api/v1/quote", async (route) => {
    if (renewal.answered++ > 0) await new Promise<void>((go) => (renewal.release = go));
    return route.fulfill({ response: await route.fetch() });
  });
  return renewal;
}

test("an expired quote is replaced by a new one without the user asking, and the countdown starts again", async ({
  page,
  checkout,
}) => {
  const quoteIds: string[] = [];
  page.on("response", async (response) => {
    if (isQuoteCall(response.url()) && response.ok()) quoteIds.push(((await response.json()) as { id: string }).id);
  });
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote();
  await expect(checkout.countdown).toHaveText(/^Price valid for 0:0[1-5]$/);
  await expect.poll(() => quoteIds.length).toBe(1);

  await expect(checkout.countdown).toHaveText(/^Price valid for 0:0[12]$/, { timeout: 8_000 });
  await expect.poll(() => quoteIds.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(2);
  expect(quoteIds[1]).not.toBe(quoteIds[0]);
  await expect(checkout.countdown).toHaveText(/^Price valid for 0:0[3-5]$/);
  await expect(checkout.estimate).toHaveText("≈ 968.61 USDT");
});

test("on the review step a refreshed quote with a new estimate shows 'The price was updated' and must be accepted before 'Create swap'", async ({
  page,
  checkout,
}) => {
  // From the moment the user is on the review step, every quote answer carries another estimate.
  const prices = await movingEstimates(page, "950.5");

  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await expect(review.receive).toHaveText("≈ 968.61 USDT");
  await expect(review.priceUpdated).toBeHidden();
  prices.move();

  await expect(review.priceUpdated).toBeVisible({ timeout: 12_000 });
  await expect(review.priceUpdated).toContainText("You now receive ≈ 950.5 USDT instead of ≈ 968.61 USDT.");
  await expect(review.receive).toHaveText("≈ 950.5 USDT");
  await expect(review.createButton).toBeDisabled();

  await review.acceptNewPrice.click();
  await expect(review.priceUpdated).toBeHidden();
  await expect(review.createButton).toBeEnabled();
});

test("a quote refused for want of a connection comes by itself once the browser is back online", async ({
  page,
  context,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron" });
  await context.setOffline(true);
  await checkout.setAmount("0.01");
  await expect(page.getByRole("alert").filter({ hasText: "You seem to be offline." })).toBeVisible();
  await context.setOffline(false);
  // No "Try again" pressed: the page asks again when the connection returns.
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await expect(page.getByRole("alert").filter({ hasText: "You seem to be offline." })).toHaveCount(0);
});

test("on the review step a price renewed in place keeps focus on 'Create swap' (held back meanwhile) and is said to screen readers", async ({
  page,
  checkout,
}) => {
  const quotes: string[] = [];
  page.on("response", (response) => {
    if (isQuoteCall(response.url()) && response.ok()) quotes.push(response.url());
  });
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await review.createButton.focus();
  // Focus leaving the button even for a moment (the review giving way to the form while the price
  // was renewed) is what a keyboard or screen-reader user loses.
  await review.createButton.evaluate((button) => {
    (window as unknown as { focusLost: number }).focusLost = 0;
    button.addEventListener("focusout", () => (window as unknown as { focusLost: number }).focusLost++);
  });
  const before = quotes.length;
  await expect.poll(() => quotes.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
  await expect(page.locator("[data-testid=quote-countdown] + [aria-live=polite]")).toHaveText("The price was renewed.");
  // Named "Renewing the price…" for the moment it is held back, "Create swap" again after.
  await expect(page.getByRole("button", { name: /^(Create swap|Renewing the price…)$/ })).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { focusLost: number }).focusLost)).toBe(0);
  await expect(review.createButton).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/swap\/[A-Z0-9]{12}/);
});

test("'Review swap' pressed while an expired price is renewed opens the review on the price shown, with 'Create swap' held back until the new one is in", async ({
  page,
  checkout,
}) => {
  const renewal = await holdRenewals(page);
  await checkout.fillValidBtcToUsdtTron();
  await expect(checkout.reviewButton).toBeEnabled();
  // The price expires and its renewal hangs: the form's button still offers the review.
  await expect.poll(() => renewal.answered, { timeout: 10_000 }).toBe(2);
  await expect(checkout.reviewButton).toHaveAccessibleName("Review swap");
  await expect(checkout.reviewButton).not.toHaveAttribute("aria-disabled");

  await checkout.reviewButton.press("Enter");
  const review = new ReviewPage(page);
  await expect(review.heading).toBeVisible();
  await expect(review.receive).toHaveText("≈ 968.61 USDT");
  await expect(page.getByRole("button", { name: "Renewing the price…" })).toBeDisabled();

  renewal.release();
  await expect(review.createButton).toBeEnabled();
  await expect(review.priceUpdated).toBeHidden();
});

test("while an expired price is renewed the form keeps its estimate, says it is renewing, and then that it was renewed", async ({
  page,
  checkout,
}) => {
  const renewal = await holdRenewals(page);
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote();
  await expect.poll(() => renewal.answered, { timeout: 10_000 }).toBe(2);
  // No skeleton and no "0:00": the price the person read stays, marked as being renewed.
  await expect(checkout.estimate).toHaveText("≈ 968.61 USDT");
  await expect(checkout.estimate).toHaveAttribute("aria-busy", "true");
  await expect(checkout.countdown).toHaveText("Renewing the price…");
  await expect(page.getByTestId("quote-details")).toContainText("USDT");

  renewal.release();
  await expect(checkout.countdown).toHaveText(/^Price valid for 0:0[3-5]$/);
  await expect(checkout.estimate).not.toHaveAttribute("aria-busy");
  await expect(page.locator("[data-testid=quote-countdown] + [aria-live=polite]")).toHaveText("The price was renewed.");
});
