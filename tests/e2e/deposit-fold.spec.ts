// The phone-first deposit card (issue 36): at 390 × 844, with no scrolling, the amount (with copy),
// the network, the address (with copy), "Open in wallet" and the time left all lie within the first
// 844 px, for BTC, an ERC-20 token and XLM with a memo (after its acknowledgement).
import type { Locator, Page } from "@playwright/test";
import { createSwapThroughApi, expect, screenshotStep, test } from "./fixtures";
import { SwapPage } from "./pages/swap-page";
import { axeBothSchemes } from "./trust-helpers";

const SOL_ADDRESS = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

test.use({ viewport: { width: 390, height: 844 } });

async function expectAboveTheFold(page: Page, parts: Record<string, Locator>) {
  expect(await page.evaluate(() => window.scrollY), "the page is not scrolled").toBe(0);
  for (const [name, locator] of Object.entries(parts)) {
    await expect(locator, name).toBeVisible();
    const box = (await locator.boundingBox())!;
    expect(
      box.y + box.height,
      `${name} ends within the first 844 px (y ${Math.round(box.y)}, height ${Math.round(box.height)})`,
    ).toBeLessThanOrEqual(844);
  }
}

function cardParts(page: Page, swapPage: SwapPage) {
  return {
    amount: page.getByTestId("deposit-amount"),
    "copy amount": swapPage.copyAmount,
    network: page.getByTestId("deposit-network"),
    address: swapPage.depositAddress,
    "copy address": swapPage.copyAddress,
    "open in wallet": page.getByTestId("open-in-wallet"),
    "time left": page.getByTestId("deposit-countdown"),
  };
}

test("BTC: amount, network, address, wallet link and time left on the first screen of a phone", async ({
  page,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, { from: ["BTC", "bitcoin"], amount: "0.01" });
  await swapPage.goto(created.path);
  await expectAboveTheFold(page, cardParts(page, swapPage));
  // One visible heading; the exchange tip is a one-line disclosure.
  const seen = await swapPage.status
    .locator("xpath=..")
    .evaluate((card) =>
      [...card.querySelectorAll("h1, h2, h3")]
        .filter((h) => h.getBoundingClientRect().width > 1)
        .map((h) => h.textContent),
    );
  expect(seen).toEqual(["Waiting for your deposit"]);
  await expect(page.getByTestId("exchange-warning")).not.toHaveAttribute("open");
  // No mail server configured here: nothing offers an e-mail.
  await expect(page.getByText("E-mail me this link")).toHaveCount(0);
  await screenshotStep(page, "deposit");
  await axeBothSchemes(page, "deposit card, BTC");
});

test("an ERC-20 token: the same five things on the first screen", async ({ page, request, baseURL, swapPage }) => {
  const created = await createSwapThroughApi(request, baseURL!, { from: ["USDT", "ethereum"], amount: "25.5" });
  await swapPage.goto(created.path);
  await expect(page.getByTestId("deposit-network")).toHaveText("EthereumERC-20");
  await expectAboveTheFold(page, cardParts(page, swapPage));
  await screenshotStep(page, "deposit-erc20");
});

test("XLM with a memo: named 'Memo', required, beside the address, and all on the first screen once acknowledged", async ({
  page,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, {
    from: ["XLM", "stellar"],
    to: ["SOL", "solana"],
    amount: "60",
    address: SOL_ADDRESS,
  });
  await swapPage.goto(created.path);
  const memoBox = page.getByTestId("deposit-memo-box");
  await expect(memoBox).toContainText("Memorequired");
  // The memo's own style, not the exchange tip's amber.
  expect(await memoBox.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
    await page.getByTestId("exchange-warning").evaluate((el) => getComputedStyle(el).backgroundColor),
  );
  await expect(swapPage.depositAddress).toBeHidden();
  await screenshotStep(page, "deposit-memo-unconfirmed");

  await page.getByRole("checkbox", { name: "I will include the memo" }).check();
  await expectAboveTheFold(page, { ...cardParts(page, swapPage), memo: swapPage.depositMemo });
  // The memo sits right above the address it belongs to.
  const memoBottom = (await memoBox.boundingBox())!;
  const address = (await swapPage.depositAddress.boundingBox())!;
  expect(address.y - (memoBottom.y + memoBottom.height)).toBeLessThan(60);
  await screenshotStep(page, "deposit-memo-confirmed");
  await axeBothSchemes(page, "deposit card, XLM memo confirmed");
});

test("the memo is named for its chain: Destination tag on the XRP Ledger, Comment on TON", async ({
  page,
  request,
  baseURL,
  swapPage,
}) => {
  for (const [from, name] of [
    [["XRP", "xrpl"], "Destination tag"],
    [["TON", "ton"], "Comment"],
  ] as const) {
    const created = await createSwapThroughApi(request, baseURL!, {
      from: [...from],
      to: ["SOL", "solana"],
      amount: "60",
      address: SOL_ADDRESS,
    });
    await swapPage.goto(created.path);
    await expect(page.getByTestId("deposit-memo-box")).toContainText(`${name}required`);
  }
});

test("on a desktop the card keeps the checkout's width", async ({ page, request, baseURL, swapPage }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const created = await createSwapThroughApi(request, baseURL!);
  await swapPage.goto(created.path);
  const card = (await swapPage.status.locator("xpath=..").boundingBox())!;
  expect(card.width).toBeLessThanOrEqual(480);
});
