// The journey around the money: a main button that names what is missing, the step indicator,
// a review that never cuts an amount, honest outcomes (refunded to which address, failed, completed
// with an explorer link and a receipt), "my swaps on this device", the one-line status on phones,
// and the widget's width and dark document. Screenshots of each new state.
import type { Locator } from "@playwright/test";
import { axe } from "./axe";
import { createSwapThroughApi, expect, expectNoSeriousA11yViolations, screenshotStep, test } from "./fixtures";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { SwapPage } from "./pages/swap-page";

const BTC_REFUND = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
/** Someone else's payout address, in a swap link they share. */
const OTHER_TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";

/**
 * The WCAG contrast of an element's text on its own background, as drawn: colours (oklch included)
 * are turned into sRGB by the browser's canvas, and the element's opacity blends both into the
 * page behind it (taken as the panel's white or slate-900).
 */
async function textContrast(element: Locator): Promise<number> {
  const { fg, bg, opacity, dark } = await element.evaluate((el) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement("canvas").getContext("2d")!;
    const rgb = (colour: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    };
    return {
      fg: rgb(style.color),
      bg: rgb(style.backgroundColor),
      opacity: Number(style.opacity),
      dark: matchMedia("(prefers-color-scheme: dark)").matches,
    };
  });
  const behind = dark ? [15, 23, 42] : [255, 255, 255];
  /** `colour` (with its alpha) over `under`. */
  const over = (colour: number[], under: number[]) =>
    under.map((u, i) => (colour[i]! * colour[3]!) / 255 + u * (1 - colour[3]! / 255));
  const ownBackground = over(bg, behind);
  const drawn = (c: number[]) => c.map((v, i) => v * opacity + behind[i]! * (1 - opacity));
  const background = drawn(ownBackground);
  const text = drawn(over(fg, ownBackground));
  const luminance = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
  return (hi! + 0.05) / (lo! + 0.05);
}

test("the main button names what is missing, the steps show where we are, and review keeps the whole amount and the time", async ({
  page,
  checkout,
}) => {
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron" });
  await expect(checkout.reviewButton).toBeDisabled();
  await expect(checkout.reviewButton).toHaveText("Enter an amount");
  await expect(page.getByTestId("step-indicator").locator("[aria-current=step]")).toContainText("Details");
  // What is missing is read, not guessed: the disabled button's words have AA contrast in both
  // themes (axe skips disabled controls, so this measures it).
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // Polled: the switch of scheme starts the button's 150 ms colour transition, and a read in the
    // middle of it (a CI run measured 3.8) is not what anyone sees at rest.
    await expect
      .poll(() => textContrast(checkout.reviewButton), {
        message: `the disabled button's text contrast (${colorScheme})`,
        timeout: 2_000,
      })
      .toBeGreaterThanOrEqual(4.5);
  }
  await page.emulateMedia({ colorScheme: null });
  // No screenshot here: this is the empty form, screenshots.spec.ts's "checkout-empty".

  await checkout.setAmount("0.01");
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await expect(checkout.reviewButton).toHaveText("Paste your Tron address");
  await checkout.fillAddress("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3x");
  await expect(checkout.reviewButton).toHaveText("Check your Tron address");
  await checkout.fillAddress(TRON_ADDRESS);
  await expect(checkout.reviewButton).toHaveText("Review swap");
  await expect(checkout.reviewButton).toBeEnabled();

  await page.setViewportSize({ width: 1280, height: 800 });
  const review = await checkout.review();
  await expect(page.getByTestId("step-indicator").locator("[aria-current=step]")).toContainText("Review");
  await expect(page.getByTestId("review-time")).toHaveText(/^about \d+ minutes?$/);
  // Nothing is cut off: the whole estimate fits its box.
  const clipped = await review.receive.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(clipped, "the receive amount is not truncated at 1280 px").toBe(false);
  await expect(review.receive).toHaveText(/^≈ [\d,]+\.\d+ USDT$/);
  // What "≈" and the price's countdown mean is said before the swap is made, not only after.
  await expect(page.getByTestId("estimate-note")).toHaveText(
    /^“≈” is the swap service's estimate\. The rate that counts is the one when your deposit arrives/,
  );
  // The payout address reads in groups of four, and is still exactly the address as text.
  await expect(page.getByTestId("review-payout-address")).toHaveText(TRON_ADDRESS);
  expect(await page.getByTestId("review-payout-address").locator("span").count()).toBe(
    Math.ceil(TRON_ADDRESS.length / 4),
  );
  // No screenshot here: this review is screenshots.spec.ts's "review", pixel for pixel.
});

test("every control's visible text is part of its accessible name (WCAG 2.5.3), on the form and the swap page", async ({
  page,
  checkout,
  openNewSwap,
}) => {
  await checkout.fillValidBtcToUsdtTron();
  await expect(checkout.pickerButton("send")).toHaveAccessibleName("You send: BTC Bitcoin. Change asset");
  const form = await axe(page).withRules(["label-content-name-mismatch"]).analyze();
  expect(form.violations.map((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);

  await openNewSwap();
  await expect(page.getByTestId("deposit-qr")).toBeVisible();
  const swap = await axe(page).withRules(["label-content-name-mismatch"]).analyze();
  expect(swap.violations.map((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
});

test("refunded: the page names the refund address typed on this device", async ({ page, checkout }) => {
  test.setTimeout(90_000);
  await checkout.fillValidBtcToUsdtTron();
  await page.getByLabel("Refund address for BTC on Bitcoin").fill(BTC_REFUND);
  await expect(checkout.reviewButton).toHaveText("Review swap");
  const review = await checkout.review();
  const swap = await review.create();
  await swap.depositUntil("refunded");
  await expect(page.getByTestId("refund-address")).toHaveText(BTC_REFUND);
  await expect(page.getByTestId("step-indicator").locator("[aria-current=step]")).toContainText("Done");
  await screenshotStep(page, "refunded-to-address");
  await expectNoSeriousA11yViolations(page, "refunded");
});

test("refunded with no refund address typed on this device: the page says for certain where the deposit went", async ({
  page,
  checkout,
}) => {
  test.setTimeout(90_000);
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.depositUntil("refunded");
  await expect(page.getByTestId("outcome-next")).toContainText(
    "No refund address was given when this swap was created, so the swap service sent your deposit back to its own refund address on Bitcoin.",
  );
  await expect(page.getByTestId("outcome-next")).not.toContainText("If none was given");
  // The quote's figure, named as such: nothing says a payout is still coming.
  await expect(page.getByText("Quoted to receive", { exact: true })).toBeVisible();
  await screenshotStep(page, "refunded-no-refund-address");
});

test("failed: where the money is and what to do", async ({ page, swapPage, openNewSwap }) => {
  test.setTimeout(90_000);
  await openNewSwap();
  await swapPage.depositUntil("failed");
  await expect(page.getByTestId("outcome-next")).toContainText(
    "Nothing was sent to your payout address. If you sent a deposit, it is held by the swap service, not lost.",
  );
  await expect(page.getByText("Need help? Quote these ids to the service you came from.")).toBeVisible();
  await screenshotStep(page, "failed-where-money-is");
  await expectNoSeriousA11yViolations(page, "failed");
});

test("completed: past tense, an explorer link for the payout address, and a printable receipt", async ({
  page,
  swapPage,
  openNewSwap,
}) => {
  test.setTimeout(90_000);
  const created = await openNewSwap();
  await swapPage.depositUntil("completed");
  await expect(page.getByTestId("outcome-next")).toContainText(
    /^We sent about [\d,.]+ USDT to your payout address below, for your 0\.01 BTC\./,
  );
  await expect(page.getByTestId("explorer-link")).toHaveAttribute(
    "href",
    `https://tronscan.org/#/address/${TRON_ADDRESS}`,
  );
  await expect(swapPage.stepMarker("Done"), "a completed swap ticks Done").toHaveAttribute("data-state", "done");
  const receipt = page.getByTestId("receipt");
  await expect(receipt).toContainText(created.id);
  await expect(receipt.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
  // Printing shows the receipt alone.
  await page.emulateMedia({ media: "print" });
  await expect(receipt).toBeVisible();
  await expect(swapPage.status).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await screenshotStep(page, "completed-receipt");
});

test("my swaps on this device: listed with live status after a reload; a swap opened from a link is marked so, with its payout address; Forget / Undo / Forget all", async ({
  page,
  context,
  request,
  baseURL,
  checkout,
}) => {
  test.setTimeout(90_000);
  // Made here, through the checkout.
  await checkout.fillValidBtcToUsdtTron();
  const swap = await (await checkout.review()).create();
  const first = { id: swap.id, token: swap.token };
  await swap.simulateDeposit();
  // A link someone shared, paying out to their address: opening it adds it too.
  const second = await createSwapThroughApi(request, baseURL!, { amount: "0.02", address: OTHER_TRON_ADDRESS });
  await swap.goto(second.path);

  // Nothing about the saved swaps leaves the browser except each swap's own status call.
  const requests: string[] = [];
  page.on("request", (r) =>
    requests.push(`${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ""}`),
  );
  await page.goto("/");
  await page.reload();
  const list = page.getByTestId("my-swaps");
  const row = (id: string) => list.locator(`[data-swap-id="${id}"]`);
  await expect(list.getByTestId("my-swap")).toHaveCount(2);
  await expect(list.getByTestId("my-swap").first()).toHaveAttribute("data-swap-id", second.id);
  // Which USDT: the payout's network is said.
  await expect(list.getByTestId("my-swap").first()).toContainText("→ USDT (Tron)");
  await expect(row(second.id).getByTestId("my-swap-status")).toContainText("Waiting for your deposit");
  await expect(row(first.id).getByTestId("my-swap-status")).toContainText(/Deposit detected|Swapping|Swap complete/);
  // The link's swap says where it came from and where it pays out (the first and last groups of
  // the address, as the review groups it); the one made here is not marked.
  await expect(row(second.id).getByText("Opened from a link", { exact: true })).toBeVisible();
  await expect(row(second.id).getByTestId("my-swap-payout")).toHaveText("Pays out to TENmqTAY…hrAtXD");
  await expect(row(first.id).getByText("Opened from a link", { exact: true })).toHaveCount(0);
  await expect(row(first.id).getByTestId("my-swap-payout")).toHaveText("Pays out to TNDzfERD…Q3Bg3r");
  await expect(list).toContainText(
    "“Opened from a link” marks a swap this device did not make: it pays out to the address shown, which may not be yours.",
  );
  for (const line of requests.filter((r) => r.includes(first.token)))
    expect(line).toMatch(new RegExp(`^GET \\S+/api/v1/swap/${first.id} `));
  await screenshotStep(page, "my-swaps");
  await expectNoSeriousA11yViolations(page, "my swaps");

  // The saved link opens the swap.
  await expect(list.getByRole("link").first()).toHaveAttribute("href", `/swap/${second.id}#t=${second.token}`);

  await list
    .locator(`[data-swap-id="${first.id}"]`)
    .getByRole("button", { name: `Forget swap ${first.id}` })
    .click();
  await expect(list.getByTestId("my-swap")).toHaveCount(1);
  await list.getByRole("button", { name: "Undo" }).click();
  await expect(list.getByTestId("my-swap")).toHaveCount(2);

  await list.getByRole("button", { name: "Forget all" }).click();
  await expect(page.getByText("Forget all 2 swaps on this device?")).toBeVisible();
  await list.getByRole("button", { name: "Forget them" }).click();
  await expect(page.getByTestId("my-swaps")).toHaveCount(0);
  await page.reload();
  await expect(checkout.heading).toBeVisible();
  await expect(page.getByTestId("my-swaps")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("swap-checkout:my-swaps"))).toBeNull();
  await context.clearCookies();
});

test("on a phone the live status stays at the top in one line, and replaces the timeline", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  const swap = new SwapPage(page);
  await swap.goto(created.path);
  const line = page.getByTestId("live-status");
  await expect(line).toHaveText(/^Waiting for your deposit · checked \d+ s ago$/);
  await expect(swap.timeline).toBeHidden();
  await page.mouse.wheel(0, 1500);
  await expect.poll(async () => (await line.boundingBox())?.y).toBe(0);
  const box = await line.boundingBox();
  expect(box!.height, "one line").toBeLessThan(48);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(line).toBeHidden();
  await expect(swap.timeline).toBeVisible();
});

test("the widget is at most 480 px wide and centred, and theme=dark darkens the whole document", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto("/widget?theme=dark&from=BTC&to=USDT.tron&amount=0.01");
  const frame = page.getByTestId("widget-frame");
  await expect(frame.getByRole("heading", { name: "Swap crypto" })).toBeVisible();
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(480);
  expect(Math.abs(box.x - (1280 - box.x - box.width))).toBeLessThanOrEqual(2);
  // The bottom of a tall frame is as dark as the rest: no white band.
  const bottom = await page.evaluate(() => {
    const el = document.elementFromPoint(640, window.innerHeight - 5)!;
    let node: Element | null = el;
    while (node && getComputedStyle(node).backgroundColor === "rgba(0, 0, 0, 0)") node = node.parentElement;
    return node ? getComputedStyle(node).backgroundColor : getComputedStyle(document.body).backgroundColor;
  });
  const [r, g, b] = (bottom.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  expect(r! + g! + b!, `the bottom of the document is dark (${bottom})`).toBeLessThan(120);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  // theme=dark: the browser's light scheme would give the same picture.
  await screenshotStep(page, "widget-dark", { fullPage: false, colorSchemes: ["dark"] });
  await expectNoSeriousA11yViolations(page, "widget, dark");
});

test("a second swap like one still waiting for its deposit: the review says so and links to the first, and another pair or address does not", async ({
  page,
  checkout,
}) => {
  test.setTimeout(90_000);
  await checkout.fillValidBtcToUsdtTron();
  const first = await (await checkout.review()).create();
  await expect(first.qrCode).toBeVisible();
  const firstUrl = page.url();

  // Back to the checkout, the same details again (a person checking the address, say).
  await checkout.fillValidBtcToUsdtTron("0.02");
  await checkout.review();
  const twin = page.getByTestId("waiting-twin");
  await expect(twin).toContainText("You already have a swap like this waiting for its deposit");
  await expect(twin).toContainText("0.01 BTC");
  await screenshotStep(page, "review-waiting-twin");
  await expectNoSeriousA11yViolations(page, "review with a waiting twin");
  await twin.getByRole("link", { name: "Open the waiting swap" }).click();
  await expect(page).toHaveURL(firstUrl);
  await new SwapPage(page).expectStatus("waiting_deposit", "Waiting for your deposit");

  // Another address: no warning.
  await checkout.goto({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01" });
  await checkout.expectQuote({ from: "BTC", to: "USDT" });
  await checkout.fillAddress("TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD");
  await checkout.expectAddressValid("Tron");
  // The waiting swap's status is known (the list of this device's swaps read it) before the review.
  await expect(page.getByTestId("my-swap-status").first()).toContainText("Waiting for your deposit");
  await checkout.review();
  await page.waitForTimeout(500);
  await expect(page.getByTestId("waiting-twin")).toHaveCount(0);
});
