// With SUPPORT_URL set, every status page and error links to support with the swap id and order
// reference. Deposit windows last 4 s here, so a swap nobody pays expires and offers "New quote,
// same details" near the top, which brings the pair and amount back to the form, and the payout
// address only when this device made the swap (a link's swap pays out to whoever made it).
import { createSwapThroughApi, expect, expectNoSeriousA11yViolations, screenshotStep, test } from "./fixtures";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { SwapPage } from "./pages/swap-page";

test.use({
  appEnv: {
    SANDBOX_DEPOSIT_WINDOW_SECONDS: "4",
    SUPPORT_URL: "https://help.example/ticket?swap={swapId}&order={externalId}",
  },
});

test("the support link carries the ids; an expired swap opened from a link offers 'New quote, same details' (its pair and amount, not its payout address) and support for 'Already sent?'", async ({
  page,
  request,
  baseURL,
  checkout,
}) => {
  test.setTimeout(150_000);
  const created = await createSwapThroughApi(request, baseURL!, { amount: "0.012" });
  const swap = new SwapPage(page);
  await swap.goto(created.path);
  const externalId = await page
    .getByRole("term")
    .filter({ hasText: /^Order reference$/ })
    .locator("xpath=following-sibling::dd[1]/span[1]")
    .textContent();
  expect(externalId).toMatch(/^ord_/);
  const support = page.getByRole("link", { name: /^Contact support about this swap/ });
  await expect(support).toHaveAttribute(
    "href",
    `https://help.example/ticket?swap=${created.id}&order=${encodeURIComponent(externalId!)}`,
  );
  await expect(support).toHaveAttribute("target", "_blank");

  await swap.pollUntil("expired", "button", 90_000);
  // The one primary action sits in the status box, after what comes next.
  const status = page.getByTestId("swap-status");
  const next = page.getByTestId("outcome-next");
  await expect(status.getByRole("link", { name: "New quote, same details" })).toBeVisible();
  await expect(next).toContainText("Already sent?");
  await expect(next.getByTestId("support-link")).toHaveAttribute(
    "href",
    `https://help.example/ticket?swap=${created.id}&order=${encodeURIComponent(externalId!)}`,
  );
  // Near the top: above the fold of a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await status.getByRole("link", { name: "New quote, same details" }).boundingBox();
  expect(box!.y + box!.height).toBeLessThan(844);
  await screenshotStep(page, "expired-new-quote");
  await expectNoSeriousA11yViolations(page, "expired");

  // Opened from a link: the pair and the amount come back, not the payout address of whoever made it.
  await status.getByRole("link", { name: "New quote, same details" }).click();
  await expect(page).toHaveURL(/\/\?from=BTC\.bitcoin&to=USDT\.tron&amount=0\.012$/);
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await expect(checkout.amount).toHaveValue("0.012");
  await expect(checkout.address).toHaveValue("");
});

test("'New quote, same details' of a swap made on this device brings its payout address back", async ({
  page,
  checkout,
}) => {
  test.setTimeout(150_000);
  await checkout.fillValidBtcToUsdtTron("0.012");
  const swap = await (await checkout.review()).create();
  await swap.pollUntil("expired", "button", 90_000);
  await page.getByTestId("swap-status").getByRole("link", { name: "New quote, same details" }).click();
  await expect(page).toHaveURL(/\/\?from=BTC\.bitcoin&to=USDT\.tron&amount=0\.012$/);
  await expect(checkout.address).toHaveValue(TRON_ADDRESS);
  await expect(checkout.amount).toHaveValue("0.012");
});

test("an error on the form links to support too", async ({ page, checkout }) => {
  await checkout.goto({ from: "DOGE.dogecoin", to: "TON.ton", amount: "100" });
  const alert = page.getByRole("alert").filter({ hasText: /pair|swap/i });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("link", { name: /^Contact support/ })).toHaveAttribute(
    "href",
    "https://help.example/ticket?swap=&order=",
  );
});
