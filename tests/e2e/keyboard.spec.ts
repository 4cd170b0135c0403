// The checkout with the keyboard alone: Tab to move, Enter to open and choose, arrows in the list.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { Side } from "./pages/asset-picker";
import { TRON_ADDRESS, XRP_ADDRESS, type CheckoutPage } from "./pages/checkout-page";
import { ReviewPage } from "./pages/review-page";
import { SwapPage } from "./pages/swap-page";

/** Presses Tab until `target` has focus (fails after 30 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 30; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * Tabs to a side's picker button, opens it with Enter, types `query` and chooses the asset with
 * the arrows and Enter; focus must come back to the button. Returns the picker.
 */
async function pickWithKeyboard(
  page: Page,
  checkout: CheckoutPage,
  side: Side,
  query: string,
  [symbol, network]: [string, string],
) {
  await tabTo(page, checkout.pickerButton(side));
  await page.keyboard.press("Enter");
  const picker = checkout.picker(side);
  await picker.expectOpen();
  await page.keyboard.type(query);
  await picker.chooseWithKeyboard(symbol, network);
  await expect(checkout.pickerButton(side)).toBeFocused();
  return picker;
}

test("the whole checkout works with the keyboard alone, through 'Create swap'", async ({ page, checkout }) => {
  await checkout.goto();

  await tabTo(page, checkout.amount);
  await page.keyboard.type("0.01");

  await pickWithKeyboard(page, checkout, "send", "bitcoin", ["BTC", "bitcoin"]);
  const receivePicker = await pickWithKeyboard(page, checkout, "receive", "tron", ["USDT", "tron"]);
  await checkout.expectSelected("receive", "USDT", "tron");

  // Escape closes a picker without changing anything, and focus comes back.
  await page.keyboard.press("Enter");
  await receivePicker.expectOpen();
  await page.keyboard.press("Escape");
  await expect(receivePicker.dialog).toBeHidden();
  await expect(checkout.pickerButton("receive")).toBeFocused();
  await checkout.expectSelected("receive", "USDT", "tron");

  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await tabTo(page, checkout.address);
  await page.keyboard.type(TRON_ADDRESS);
  await checkout.expectAddressValid("Tron");

  await expect(checkout.reviewButton).toBeEnabled();
  await tabTo(page, checkout.reviewButton);
  await page.keyboard.press("Enter");
  const review = new ReviewPage(page);
  // The button that had focus is gone with the form: focus continues at the review's heading.
  await expect(review.heading).toBeFocused();
  await expect(review.row("Payout address")).toHaveText(TRON_ADDRESS);

  // "Edit" goes back to the form, with focus on the button that led to the review.
  await tabTo(page, review.editButton);
  await page.keyboard.press("Enter");
  await expect(checkout.reviewButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(review.heading).toBeFocused();

  await tabTo(page, review.createButton);
  await page.keyboard.press("Enter");
  const swap = new SwapPage(page);
  await swap.waitForLoad();
  await swap.expectStatus("waiting_deposit");
  // And on the swap page, at its status.
  await expect(swap.statusHeading).toBeFocused();
});

test("Enter in the picker's search chooses the match and does not submit the checkout behind the dialog", async ({
  page,
  checkout,
}) => {
  await checkout.fillValidBtcToUsdtTron();
  const picker = await checkout.openPicker("receive");
  await picker.searchFor("xrp");
  await expect(picker.option("XRP", "xrpl")).toBeVisible();
  await page.keyboard.press("Enter");

  // The user asked for XRP: the checkout must not jump to "Check your swap" for USDT.
  await expect(new ReviewPage(page).heading).toBeHidden();
  await expect(checkout.heading).toBeVisible();
  await expect(picker.dialog).toBeHidden();
  await checkout.expectSelected("receive", "XRP", "xrpl");
});

test("the main button is reachable while it holds back, says what is missing, and Enter on it goes to the field that needs it", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "XRP.xrpl", amount: "0.01" });
  await checkout.expectQuote();

  // A greyed-out button Tab skips says nothing to a keyboard or a screen reader: this one is in the Tab
  // order, named by what it waits for.
  await tabTo(page, checkout.reviewButton);
  await expect(checkout.reviewButton).toHaveAccessibleName("Paste your XRP Ledger address");
  await expect(checkout.reviewButton).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Enter");
  await expect(checkout.address).toBeFocused();

  await page.keyboard.type(XRP_ADDRESS);
  await checkout.expectAddressValid("XRP Ledger");
  // Enter in the address field submits the form: the tag is still missing, so that is where it goes.
  await page.keyboard.press("Enter");
  await expect(checkout.memo).toBeFocused();
  await page.keyboard.type("12345");
  await tabTo(page, checkout.reviewButton);
  await expect(checkout.reviewButton).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Check your swap" })).toBeVisible();
});

test("'Swap direction' says what it did: the new pair, and that the amount is to be entered again", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote();
  await page.getByRole("button", { name: "Swap direction" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: /^Direction swapped/ })).toHaveText(
    "Direction swapped: you now send USDT on Tron and receive BTC on Bitcoin. Enter the amount to send.",
  );
  await expect(checkout.amount).toHaveValue("");
  // The estimate's placeholder is not an amount a screen reader should hear.
  await expect(page.getByRole("status", { name: "You receive" }).locator('[aria-hidden="true"]')).toHaveText("0.0");
});
