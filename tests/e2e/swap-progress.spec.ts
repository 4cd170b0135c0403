// The whole checkout, from choosing assets to a completed swap, and the underpaid detour. These run
// on a server of their own with the sandbox's default 5-s status steps: the BFF answers a swap read
// from a 5-s cache, so with 1-s steps the page could never show the in-between statuses.
import type { APIRequestContext } from "@playwright/test";
import {
  createSwapThroughApi,
  expect,
  expectNoSeriousA11yViolations,
  readCounter,
  screenshotStep,
  test,
} from "./fixtures";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { SwapPage } from "./pages/swap-page";

test.use({ appEnv: { SANDBOX_STEP_SECONDS: "5" }, permissions: ["clipboard-read", "clipboard-write"] });

test("a user swaps BTC for USDT on Tron: pick, quote, review, create, deposit, and the swap completes", async ({
  page,
  checkout,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await checkout.goto();

  // What to send: search by typing, choose with the mouse.
  await checkout.pickAsset("send", "BTC", "bitcoin", { query: "bitc" });
  // What to receive: search by typing, choose with the keyboard (ArrowDown, Enter).
  const picker = await checkout.openPicker("receive");
  await picker.searchFor("tron");
  await expect(picker.option("TRX", "tron")).toBeVisible();
  await expect(picker.option("USDT", "ethereum")).toHaveCount(0);
  await picker.chooseWithKeyboard("USDT", "tron");
  await checkout.expectSelected("receive", "USDT", "tron");
  await expect(checkout.pickerButton("receive")).toBeFocused();

  await checkout.setAmount("0.01");
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await expect(checkout.estimate).toHaveText("≈ 968.61 USDT");
  await expect(checkout.quoteDetails).toContainText("1 BTC ≈ 96,861 USDT");
  await expect(checkout.countdown).toHaveText(/^Price valid for (3:00|2:5\d)$/);
  await expect(checkout.amount).toHaveAccessibleDescription("Min 0.0003 · Max 0.5 BTC");
  await expect(checkout.reviewButton).toBeDisabled();

  await expect(checkout.address).toHaveAccessibleName("Your USDT address on Tron");
  await checkout.fillAddress(TRON_ADDRESS);
  await checkout.expectAddressValid("Tron");

  const review = await checkout.review();
  await expect(review.sendAmount()).toHaveText("0.01 BTC");
  await expect(review.receive).toHaveText("≈ 968.61 USDT");
  await expect(review.row("Payout address")).toHaveText(TRON_ADDRESS);
  await expect(review.row("Rate")).toHaveText("1 BTC ≈ 96,861 USDT");
  await expect(review.countdown).toHaveText(/^Price valid for \d:\d{2}$/);

  const swap = await review.create();
  await swap.expectStatus("waiting_deposit", "Waiting for your deposit");
  await expect(swap.depositHeading).toHaveText("Send BTC on Bitcoin");
  await expect(swap.depositAmount).toHaveText("0.01 BTC");
  await expect(page.getByText("Send on Bitcoin only. Funds sent on another network are lost.")).toBeVisible();

  const address = (await swap.depositAddress.textContent())?.trim() ?? "";
  expect(address).toMatch(/^bc1[02-9ac-hj-np-z]{11,71}$/);
  const check = await page.request.post(`${baseURL}/api/v1/address`, {
    data: { network: "bitcoin", token: "BTC", address },
  });
  expect(((await check.json()) as { valid: boolean }).valid).toBe(true);
  await expect(swap.qrCode).toBeVisible();
  await expect(swap.qrCode).toHaveAttribute(
    "alt",
    `QR code of the BTC deposit address on Bitcoin, with the amount 0.01: ${address}`,
  );
  await expect(swap.deadline).toHaveText(/^Send before .+\. \d:\d{2}:\d{2} left$/);

  // Only the copy is said, once, in a status of its own: the buttons' words are no live regions
  // (each "Copy" coming back, or changing with the language, was announced).
  await expect(swap.copyAddress.locator("[aria-live]")).toHaveCount(0);
  // In English "0.01" is already what a wallet takes: no second form of it.
  await expect(page.getByTestId("deposit-amount-typed")).toHaveCount(0);
  await swap.copyAddress.click();
  await expect(swap.copyAddress).toHaveText("Copied");
  await expect(page.getByRole("status").filter({ hasText: /^Copied Deposit address/ })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await swap.copyAmount.click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("0.01");

  const counter = readCounter(page, swap.id);

  await expect(page, "a waiting person in another tab sees the status in the tab's title").toHaveTitle(
    "Waiting for your deposit · Swap Checkout",
  );
  await swap.simulateDeposit();
  await swap.expectStatus("deposit_detected", "Deposit detected");
  await expect(page).toHaveTitle("Deposit detected · Swap Checkout");
  await swap.pollUntil("processing", "clock");
  await expect(swap.statusHeading).toHaveText("Swapping");
  await swap.pollUntil("completed", "clock");
  // The full amount arrived: the plain headline, not the "less than quoted" one.
  await expect(swap.statusHeading).toHaveText("Swap complete");
  expect(counter.reads()).toBeGreaterThan(0);
  await expect(page.getByText("You received", { exact: true })).toBeVisible();
  await expect(page.getByText(TRON_ADDRESS).first()).toBeVisible();
  await expect(swap.timeline.getByRole("listitem")).toHaveText([
    /Waiting for your deposit — done/,
    /Deposit detected — done/,
    /Swapping — done/,
    /Sent to your address — done/,
  ]);
  await expect(swap.autoRefreshNote).toBeHidden();
  await expect(swap.checkNow).toBeHidden();
  await expect(swap.newSwap).toBeVisible();
  // Ended, it says nothing that would look stale: no "checked … ago", no "the status moves on by itself".
  await expect(page.getByTestId("live-status")).toHaveText("Swap complete");
  await expect(swap.sandbox).toContainText("This swap has ended, so there is nothing more to simulate.");
  await expect(swap.sandbox).not.toContainText("moves on by itself");

  // Terminal: minutes of page time pass and the page asks no more (every status: polling.spec.ts).
  await counter.settle();
  const readsAtCompletion = counter.reads();
  for (let i = 0; i < 5; i++) await page.clock.fastForward("05:00");
  await counter.settle();
  expect(counter.reads()).toBe(readsAtCompletion);
});

test("a half deposit shows 'Deposit lower than quoted' and says not to send more, then the swap completes", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await page.clock.install();
  const swap = new SwapPage(page);
  await swap.goto(created.path);
  await swap.expectStatus("waiting_deposit");

  await swap.simulateDeposit({ partial: true });
  await swap.expectStatus("deposit_detected", "Deposit detected");
  // The payout estimate already follows what arrived: the page does not claim the amount asked came.
  await expect(page.getByText("You sent", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Amount requested", { exact: true })).toBeVisible();
  // The halved figure says why, before (and whether or not) the brief "underpaid" status is seen.
  await expect(page.getByTestId("estimate-differs")).toHaveText(
    "Less than the amount requested arrived, so this is estimated for what arrived (the quote said ≈ 968.61 USDT). Do not send more.",
  );
  await swap.pollUntil("underpaid", "clock");
  await expect(swap.statusHeading).toHaveText("Deposit lower than quoted");
  // "Quoted to receive" is the quote's own figure; what the deposit that came is worth is its own row.
  const quoted = (await page.getByTestId("receive-amount").innerText()).trim();
  const recomputed = (await page.getByTestId("recomputed-amount").innerText()).trim();
  expect(quoted).not.toBe(recomputed);
  expect(quoted).toMatch(/^≈ 968\.61 USDT/);
  expect(recomputed).toMatch(/^≈ 484\.305 USDT/);
  await expect(swap.status).toContainText("Do not send more");
  await expect(swap.status).toContainText("Message from the swap service: The deposit is below the quoted amount.");
  await expect(swap.timeline.getByRole("listitem").nth(1)).toHaveText(/Deposit lower than quoted — current step/);
  await screenshotStep(page, "underpaid");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page, `swap underpaid (${colorScheme})`, { soft: true });
  }
  await page.emulateMedia({ colorScheme: null });

  await swap.pollUntil("completed", "clock");
  // It paid out less than quoted, and the headline says so.
  await expect(swap.statusHeading).toHaveText("Swap complete, for less than quoted");
  // The swap carries only the amount asked: having seen the underpayment, the page does not claim
  // that amount was sent, on the page or its receipt, and still knows after a reload.
  await page.clock.resume();
  for (const when of ["at completion", "after a reload"]) {
    if (when === "after a reload") await page.reload();
    await expect(page.getByTestId("outcome-next"), when).toContainText(
      "Your deposit was lower than quoted, so what arrives can be less than this estimate.",
    );
    await expect(page.getByText("You sent", { exact: true }), when).toHaveCount(0);
    await expect(page.getByText("Amount requested", { exact: true }).first(), when).toBeVisible();
    await expect(page.getByTestId("receipt"), when).toContainText("The deposit was lower than quoted");
  }
  await screenshotStep(page, "completed-after-underpaid");
});

/**
 * A swap (of 0.01 BTC asked) paid `amount` through the sandbox and read until it has completed,
 * without a page watching: the page opens it afterwards, as on another device.
 */
async function completedWithDeposit(request: APIRequestContext, baseURL: string, amount: string) {
  const created = await createSwapThroughApi(request, baseURL);
  const deposit = await request.post(`${baseURL}/api/sandbox/swaps/${created.id}/deposit`, {
    headers: { "x-swap-token": created.token },
    data: { outcome: "completed", amount },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  // The sandbox steps on by itself every few seconds; read it until it has completed.
  await expect
    .poll(
      async () => {
        const read = await request.get(`${baseURL}/api/v1/swap/${created.id}`, {
          headers: { "x-swap-token": created.token },
        });
        return ((await read.json()) as { status: string }).status;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe("completed");
  return created;
}

test("a half-paid swap first opened after it completed, on a device that never saw it underpaid, does not claim the full amount was sent", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await completedWithDeposit(request, baseURL!, "0.005");

  const swap = new SwapPage(page);
  await swap.goto(created.path);
  await expect(swap.statusHeading).toHaveText("Swap complete, for less than quoted");
  await expect(page.getByTestId("outcome-next")).toContainText("Your deposit was lower than quoted");
  await expect(page.getByText("You sent", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("receipt")).toContainText("The deposit was lower than quoted");
});

test("a deposit above the amount asked, opened after it completed, says so instead of claiming the amount asked was sent", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await completedWithDeposit(request, baseURL!, "0.05");

  const swap = new SwapPage(page);
  await swap.goto(created.path);
  await expect(swap.statusHeading).toHaveText("Swap complete");
  await expect(page.getByTestId("outcome-next")).toContainText(
    "Your deposit was more than the amount asked, and the payout follows what arrived.",
  );
  await expect(page.getByText("You sent", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Amount requested", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("receipt")).toContainText("The deposit was more than the amount asked");
  await screenshotStep(page, "completed-after-overpaid");
});
