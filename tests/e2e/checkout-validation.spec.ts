// What the checkout refuses before anything is created: a bad address, a missing memo, an amount
// outside the quote's bounds.
import { expect, test } from "./fixtures";
import { TRON_ADDRESS, XRP_ADDRESS } from "./pages/checkout-page";

test("a corrupted Tron address is called invalid and 'Review swap' stays disabled", async ({ checkout }) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote();

  const corrupted = `${TRON_ADDRESS.slice(0, -1)}s`;
  await checkout.fillAddress(corrupted);
  const message = "This is not a valid Tron address. Check it and paste it again.";
  await expect(checkout.page.getByText(message)).toBeVisible();
  await expect(checkout.address).toHaveAttribute("aria-invalid", "true");
  await expect(checkout.address).toHaveAccessibleDescription(message);
  await expect(checkout.reviewButton).toBeDisabled();

  // An Ethereum address pasted for a Tron payout: said as what it is, the mistake that loses funds.
  await checkout.fillAddress("0x52908400098527886E0F7030069857D2E4169EE7");
  await expect(checkout.address).toHaveAccessibleDescription(
    "This looks like an Ethereum-style (EVM) address, not an address on Tron. Funds sent to another network's address are lost: paste your Tron address.",
  );
  await expect(checkout.reviewButton).toBeDisabled();

  // Well-formed addresses that lose what they are sent: USDT's own contract on Tron, Tron's zero address.
  await checkout.fillAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await expect(checkout.address).toHaveAccessibleDescription(
    "This is the token's own contract address, not a wallet: anything sent to it is lost. Paste your wallet's address.",
  );
  await expect(checkout.address).toHaveAttribute("aria-invalid", "true");
  await expect(checkout.reviewButton).toBeDisabled();
  await checkout.fillAddress("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
  await expect(checkout.address).toHaveAccessibleDescription(/^This is a burn address that nobody can spend from/);
  await expect(checkout.reviewButton).toBeDisabled();

  // The same form with the real address goes through: the address alone was blocking it.
  await checkout.fillAddress(TRON_ADDRESS);
  await checkout.expectAddressValid("Tron");
  await expect(checkout.reviewButton).toBeEnabled();
});

test("an address check the service could not make (its budget busy) does not mark the address wrong, and is made again by itself", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  let refused = 0;
  await page.route("**/api/v1/address", (route) =>
    refused++ === 0
      ? route.fulfill({
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "3", "x-request-id": "req_busy" },
          body: JSON.stringify({
            error: { code: "rate_limited", message: "Too many requests.", details: { budget: "quotes" } },
            requestId: "req_busy",
          }),
        })
      : route.continue(),
  );
  await checkout.fillAddress(TRON_ADDRESS);
  await expect(checkout.address).toHaveAccessibleDescription(
    /^The address could not be checked just now \(.*busy.*\)\. It is checked again shortly\./,
  );
  await expect(checkout.address).toHaveAttribute("aria-invalid", "false");
  await expect(checkout.reviewButton).toHaveText("Waiting to check the address…");
  await checkout.expectAddressValid("Tron");
  expect(refused).toBe(2);
  await expect(checkout.reviewButton).toBeEnabled();
});

test("receiving XRP needs the destination tag: Review is blocked without it, and the payout memo reaches the swap", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", amount: "0.01" });
  await checkout.pickAsset("receive", "XRP", "xrpl", { query: "xrp" });
  await checkout.expectQuote({ from: "BTC", to: "XRP" });

  await expect(checkout.address).toHaveAccessibleName("Your XRP address on XRP Ledger");
  await expect(checkout.memo).toHaveAccessibleName("Destination tag (required)");
  await expect(checkout.memo).toHaveAttribute("required", "");
  const warning =
    /^Sending to an exchange or a custodial wallet on XRP Ledger\? It gave you a memo or tag with the address\. Enter it exactly/;
  await expect(page.getByText(warning)).toBeVisible();
  await expect(checkout.memo).toHaveAccessibleDescription(warning);

  await checkout.fillAddress(XRP_ADDRESS);
  await checkout.expectAddressValid("XRP Ledger");
  await expect(checkout.reviewButton).toBeDisabled();
  // Not marked wrong before the person has reached it: the button says what is missing.
  await expect(checkout.reviewButton).toHaveText("Enter the destination tag");
  await expect(checkout.memo).toHaveAttribute("aria-invalid", "false");

  // The memo's live region is in the accessibility tree before it has anything to say: a region
  // that appears together with its message is not announced by screen readers.
  const memoCheck = page.locator("#memo-check");
  await expect(memoCheck).toHaveAttribute("aria-live", "polite");
  await expect(memoCheck).toBeEmpty();
  expect(await memoCheck.evaluate((el) => getComputedStyle(el).display)).not.toBe("none");

  // Visited and left empty, it is, and says why in words (not by its red border alone).
  await checkout.memo.focus();
  await checkout.memo.blur();
  await expect(checkout.memo).toHaveAttribute("aria-invalid", "true");
  await expect(memoCheck).toHaveText("Enter the destination tag: the payout on XRP Ledger needs one.");
  await expect(checkout.memo).toHaveAccessibleDescription(
    /^Enter the destination tag: the payout on XRP Ledger needs one\. Sending to an exchange/,
  );

  // A tag that is not a number: the tag is what is wrong, so the tag says so, not the address, and
  // says what a tag is.
  await checkout.fillMemo("not-a-tag");
  await expect(memoCheck).toHaveText(/^A destination tag is a whole number from 0 to 4294967295\./);
  await expect(checkout.memo).toHaveAttribute("aria-invalid", "true");
  await expect(checkout.memo).toHaveAccessibleDescription(
    /^A destination tag is a whole number from 0 to 4294967295\. Check it against what the recipient gave you\./,
  );
  await expect(checkout.address).toHaveAttribute("aria-invalid", "false");
  await expect(page.locator("#address-check")).not.toContainText("memo");
  await expect(checkout.reviewButton).toHaveText("Check the destination tag");
  await expect(checkout.reviewButton).toBeDisabled();

  // An Ethereum address with that bad tag: the wrong network stays said at the address (the bad
  // tag must not hide it), and the button asks for the address first.
  await checkout.fillAddress("0x52908400098527886E0F7030069857D2E4169EE7");
  await expect(checkout.address).toHaveAccessibleDescription(
    /^This looks like an Ethereum-style \(EVM\) address, not an address on XRP Ledger\./,
  );
  await expect(checkout.address).toHaveAttribute("aria-invalid", "true");
  await expect(checkout.reviewButton).toHaveText("Check your XRP Ledger address");
  await checkout.fillAddress(XRP_ADDRESS);

  await checkout.fillMemo("12345");
  await expect(checkout.memo).toHaveAttribute("aria-invalid", "false");
  const review = await checkout.review();
  await expect(review.row("Payout address")).toHaveText(XRP_ADDRESS);
  await expect(review.row("Destination tag")).toHaveText("12345");
  await expect(review.receive).toHaveText(/^≈ [\d,.]+ XRP$/);

  const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/swap");
  const swap = await review.create();
  expect((await sent).postDataJSON()).toMatchObject({ destination: { address: XRP_ADDRESS, memo: "12345" } });

  await swap.simulateDeposit();
  await expect(page.getByText("Payout address", { exact: true })).toBeVisible();
  await expect(page.getByText(XRP_ADDRESS)).toBeVisible();
  // Named as the XRP Ledger names it, as the checkout asked for it.
  await expect(page.getByText("Destination tag: 12345")).toBeVisible();
});

test("an amount below the minimum says the allowed range inline and 'Review swap' stays disabled", async ({
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron" });
  await checkout.setAmount("0.0001");
  const message = "Enter an amount between 0.0003 and 0.5 BTC.";
  await expect(checkout.page.getByText(message)).toBeVisible();
  await expect(checkout.amount).toHaveAccessibleDescription(message);
  await expect(checkout.amount).toHaveAttribute("aria-invalid", "true");
  await expect(checkout.quoteDetails).toBeHidden();
  await checkout.fillAddress(TRON_ADDRESS);
  await checkout.expectAddressValid("Tron");
  await expect(checkout.reviewButton).toBeDisabled();

  // Above the maximum: the same message; inside the range: a quote and the bounds as a hint.
  await checkout.setAmount("0.6");
  await expect(checkout.amount).toHaveAccessibleDescription(message);
  await checkout.setAmount("0.01");
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await expect(checkout.amount).toHaveAttribute("aria-invalid", "false");
  await expect(checkout.reviewButton).toBeEnabled();
});

test("a pair that cannot be swapped says so, without a 'Try again' that could never work", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "BTC.bitcoin", amount: "0.01" });
  const alert = page.getByRole("alert").filter({ hasText: "This pair cannot be swapped." });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(checkout.reviewButton).toBeDisabled();
});

// The service may leave a quote's rate and bounds, and an asset's logo, null (its docs say so); the
// sandbox does for LTC and DOGE.
test("an asset quoted with no rate and no bounds shows the rate the estimate implies, no made-up limit, and a refusal in words", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "LTC.litecoin", to: "USDT.tron", amount: "1" });
  await checkout.expectQuote({ from: "LTC", to: "USDT" });
  // No "Min 0 · Max 0 LTC": the hint says nothing rather than a limit nobody set.
  await expect(page.locator("#amount-hint")).toHaveText("");
  await checkout.fillAddress(TRON_ADDRESS);
  await checkout.expectAddressValid("Tron");
  await expect(checkout.reviewButton).toBeEnabled();

  // Refused with no bounds and no field named: said at the amount, not "check the highlighted fields" with none highlighted.
  await checkout.setAmount("1000");
  const refused = "This amount can't be swapped. Try a smaller or larger amount.";
  await expect(checkout.amount).toHaveAccessibleDescription(refused);
  await expect(checkout.amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Check the highlighted fields")).toHaveCount(0);
  await expect(checkout.reviewButton).toBeDisabled();

  // DOGE has no logo: its monogram stands in, and nothing tries to load an image.
  await checkout.goto({ from: "DOGE.dogecoin", to: "USDT.tron", amount: "100" });
  await checkout.expectQuote({ from: "DOGE", to: "USDT" });
  const sendPicker = page.getByRole("button", { name: /You send/ });
  await expect(sendPicker).toContainText("DOG");
  await expect(sendPicker.locator("img")).toHaveCount(0);
});

test("'25,000' typed in English is twenty-five thousand, not 25; text that is no number is refused, not rewritten into one", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "USDT.ethereum", to: "BTC.bitcoin" });
  await checkout.setAmount("25,000");
  await checkout.expectQuote({ from: "USDT", to: "BTC" });
  await expect(checkout.amount).toHaveValue("25,000");
  await expect(page).toHaveURL(/[?&]amount=25000(&|$)/);
  // 25,000 USDT at the sandbox's ~97,000 USD a bitcoin: about a quarter of one.
  await expect(checkout.estimate).toHaveText(/^≈ 0\.25\d* BTC$/);

  for (const typed of ["1e-2", "0.01.2"]) {
    await checkout.setAmount(typed);
    await expect(checkout.amount).toHaveValue(typed);
    await expect(checkout.amount).toHaveAccessibleDescription("Enter a number, like 0.25.");
    await expect(checkout.amount).toHaveAttribute("aria-invalid", "true");
    await expect(checkout.reviewButton).toHaveText("Fix the amount");
  }
  await checkout.setAmount(".5");
  await expect(page).toHaveURL(/[?&]amount=0\.5(&|$)/);
});

test("the asset search matches from the start of a word: 'eth' finds Ether on its networks, not Tether", async ({
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron" });
  const picker = await checkout.openPicker("send");
  await picker.search.fill("eth");
  await expect(picker.option("ETH", "ethereum")).toBeVisible();
  await expect(picker.option("USDT", "tron")).toHaveCount(0);
  await expect(picker.results.getByRole("button", { name: /Tether/ }).filter({ hasNotText: /Ethereum/ })).toHaveCount(
    0,
  );
  await picker.search.fill("smart");
  await expect(picker.option("BNB", "bsc")).toBeVisible();
  // The names wallets and exchanges use: token standards, with or without the dash, and old names.
  for (const [query, symbol, network] of [
    ["trc20", "USDT", "tron"],
    ["TRC-20", "USDT", "tron"],
    ["bep20", "USDT", "bsc"],
    ["erc20", "USDT", "ethereum"],
    ["ripple", "XRP", "xrpl"],
    ["binance", "BNB", "bsc"],
  ] as const) {
    await picker.search.fill(query);
    await expect(picker.option(symbol, network), query).toBeVisible();
  }
  // Two words: each must match. "usdt tron" is USDT on Tron, and nothing on another network.
  await picker.search.fill("usdt tron");
  await expect(picker.option("USDT", "tron")).toBeVisible();
  await expect(picker.option("USDT", "ethereum")).toHaveCount(0);
  // A native coin has no token standard: "erc20" does not list Ether.
  await picker.search.fill("erc20");
  await expect(picker.option("ETH", "ethereum")).toHaveCount(0);
  // What a search found is said once typing pauses (the list's own name changing is not announced).
  const found = picker.dialog.getByTestId("picker-found");
  await picker.search.fill("usdt tron");
  await expect(found).toHaveText("1 asset");
  await picker.search.fill("zzzz");
  await expect(found).toHaveText("Nothing matches “zzzz”.");
});
