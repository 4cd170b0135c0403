// The checkout keeps its inputs in the URL: reload and shared links keep them, and Back from the
// status page returns to a working checkout.
import { expect, test } from "./fixtures";
import { TRON_ADDRESS } from "./pages/checkout-page";

const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

test("the chosen assets and amount go into the URL and survive a reload", async ({ page, checkout }) => {
  await checkout.goto();
  await checkout.pickAsset("send", "ETH", "ethereum", { query: "eth" });
  await checkout.pickAsset("send", "BTC", "bitcoin", { query: "btc" });
  await checkout.pickAsset("receive", "USDT", "tron", { query: "usdt" });
  await checkout.setAmount("0.01");
  await expect.poll(() => params(page.url())).toEqual({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote({ from: "BTC", to: "USDT" });

  await page.reload();
  await expect(checkout.amount).toHaveValue("0.01");
  await checkout.expectSelected("send", "BTC", "bitcoin");
  await checkout.expectSelected("receive", "USDT", "tron");
  await checkout.expectQuote();
  await expect(checkout.estimate).toHaveText("≈ 968.61 USDT");
  expect(params(page.url())).toEqual({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
});

test("Back from the swap page returns to a working checkout with the same inputs", async ({ page, checkout }) => {
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");

  await page.goBack();
  await expect(checkout.heading).toBeVisible();
  expect(params(page.url())).toEqual({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await expect(checkout.amount).toHaveValue("0.01");
  await checkout.expectSelected("send", "BTC", "bitcoin");
  await checkout.expectSelected("receive", "USDT", "tron");
  await checkout.expectQuote();
  // A new swap can be started from here.
  await checkout.fillAddress(TRON_ADDRESS);
  await checkout.expectAddressValid("Tron");
  await expect(checkout.reviewButton).toBeEnabled();
});

test("the browser's Back on the review returns to the form with everything still filled in, and the page's own Back takes the review's history entry with it", async ({
  page,
  checkout,
}) => {
  await page.goto("about:blank");
  await checkout.fillValidBtcToUsdtTron();
  await checkout.review();
  await expect(page.getByRole("heading", { name: "Check your swap" })).toBeVisible();

  await page.goBack();
  await expect(checkout.heading).toBeVisible();
  expect(page.url()).not.toBe("about:blank");
  await expect(checkout.amount).toHaveValue("0.01");
  await expect(checkout.address).toHaveValue(TRON_ADDRESS);
  await expect(checkout.reviewButton).toBeEnabled();

  // Again, and this time the page's own Back.
  await checkout.review();
  await page.getByRole("button", { name: "Back to the form" }).click();
  await expect(checkout.heading).toBeVisible();
  await expect(checkout.address).toHaveValue(TRON_ADDRESS);
  // One Back more leaves the checkout for the page before it: the review's entry went with it.
  await page.goBack();
  await expect(page).toHaveURL("about:blank");
});
