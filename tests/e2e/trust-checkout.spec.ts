// The checkout side of issue 36: a refused price is a routine, amber re-price with old → new and
// "Accept the new price"; the refund address is in the form without a click; the start page offers
// "Continue your swap" for a swap still waiting on this device.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, screenshotStep, test } from "./fixtures";
import { axeBothSchemes, movingEstimates } from "./trust-helpers";

const OTHER_TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";

function recordQuotes(page: Page) {
  const ids: string[] = [];
  page.on("response", async (response) => {
    if (
      response.request().method() !== "POST" ||
      new URL(response.url()).pathname !== "/api/v1/quote" ||
      response.status() !== 200
    )
      return;
    ids.push(((await response.json()) as { id: string }).id);
  });
  return ids;
}

test("a quote taken by someone else: amber, old → new, 'Accept the new price', then the swap is made", async ({
  page,
  checkout,
  request,
  baseURL,
}) => {
  const quoteIds = recordQuotes(page);
  // The price that replaces the taken one carries another estimate (quote-taken.spec.ts has the
  // sandbox's own, the same figure, said as unchanged).
  const prices = await movingEstimates(page, "950.5");
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await expect(review.createButton).toBeEnabled();
  await expect.poll(() => quoteIds.length).toBeGreaterThan(0);
  prices.move();
  const taken = await request.post(`${baseURL}/api/v1/swap`, {
    headers: { "idempotency-key": randomUUID() },
    data: { quoteId: quoteIds.at(-1), destination: { address: OTHER_TRON_ADDRESS } },
  });
  expect(taken.status()).toBe(200);
  const before = await page.getByTestId("review-receive").textContent();

  await review.createButton.click();
  const box = page.getByTestId("reprice");
  await expect(box).toContainText("That price can no longer be used, so here is a new one");
  await expect(box).toHaveClass(/bg-amber-50/);
  // Not the red error box.
  await expect(page.locator(".bg-rose-50")).toHaveCount(0);
  await expect(page.getByTestId("reprice-before")).toHaveText(before!.trim());
  await expect(page.getByTestId("reprice-after")).toHaveText("≈ 950.5 USDT");
  await expect(page.getByTestId("reprice-unchanged")).toHaveCount(0);
  await expect(review.acceptNewPrice).toBeVisible();
  // "Create swap" waits for the acceptance.
  await expect(review.createButton).toHaveAttribute("aria-disabled", "true");
  await screenshotStep(page, "quote-taken-new-figure");
  await axeBothSchemes(page, "re-price");
  // In a right-to-left page (Arabic, Hebrew, Persian) the old figure is on the right and the arrow
  // points left, to the new one.
  await page.evaluate(() => (document.documentElement.dir = "rtl"));
  const [old, now] = await Promise.all(
    ["reprice-before", "reprice-after"].map((id) => page.getByTestId(id).boundingBox()),
  );
  expect(old!.x, "the old figure to the right of the new one").toBeGreaterThan(now!.x);
  expect(await page.getByTestId("reprice-arrow").evaluate((arrow) => getComputedStyle(arrow).scale)).toBe("-1 1");
  await page.evaluate(() => (document.documentElement.dir = "ltr"));

  await review.acceptNewPrice.click();
  await expect(box).toBeHidden();
  const swap = await review.create();
  await swap.expectStatus("waiting_deposit");
});

test("the refund address is in the form, visible without a click, and checked as before", async ({
  page,
  checkout,
}) => {
  await checkout.fillValidBtcToUsdtTron();
  const refund = page.getByLabel("Refund address for BTC on Bitcoin");
  await expect(refund).toBeVisible();
  await expect(page.getByLabel("E-mail for status updates")).toBeVisible();
  await expect(page.getByText("Refund address and e-mail (optional)")).toHaveCount(0);
  await refund.fill("not-an-address");
  await expect(page.locator("#refund-check")).toContainText("This is not a valid Bitcoin address");
  await expect(refund).toHaveAttribute("aria-invalid", "true");
  // Emptied, the field is no longer called wrong, at once: not after the check's pause (450 ms).
  const emptied = await refund.evaluate(async (input: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { line: document.getElementById("refund-check")?.textContent ?? "", invalid: input.ariaInvalid };
  });
  expect(emptied).toEqual({ line: "", invalid: "false" });
  await screenshotStep(page, "checkout-quote");
});

test("the start page offers 'Continue your swap' for a swap on this device still waiting, with its time left", async ({
  page,
  checkout,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("continue-swap-banner")).toHaveCount(0);
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  const id = swap.id;

  await page.goto("/");
  const banner = page.getByTestId("continue-swap-banner");
  await expect(banner).toContainText("A swap on this device is waiting for your deposit");
  await expect(banner.getByTestId("continue-swap-left")).toHaveText(/^\d:\d{2}:\d{2} left$/);
  await expect(banner).toHaveAttribute("data-swap-id", id);
  await screenshotStep(page, "continue-swap");
  await axeBothSchemes(page, "continue-swap banner");
  await banner.getByRole("link", { name: "Continue your swap" }).click();
  await expect(page).toHaveURL(new RegExp(`/swap/${id}#t=`));
  await swap.expectStatus("waiting_deposit");
});
