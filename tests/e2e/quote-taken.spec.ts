// A quote id is not a credential: when someone else used the user's quote first (say, a script on
// the page that embeds the widget), the user sees a plain message and a new price, keeps what they
// typed, and never sees the deposit instructions of a swap that pays out to someone else.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, screenshotStep, test } from "./fixtures";
import { TRON_ADDRESS } from "./pages/checkout-page";

const OTHER_TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";

/** The id of each quote the page receives, newest last. */
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

test("a quote used by someone else leads to a clear message and a new price, never to their deposit instructions", async ({
  page,
  checkout,
  request,
  baseURL,
}) => {
  const quoteIds = recordQuotes(page);
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await expect(review.createButton).toBeEnabled();
  await expect.poll(() => quoteIds.length).toBeGreaterThan(0);
  const stolenQuoteId = quoteIds.at(-1)!;

  // Someone else creates the swap from the user's quote first, paying out to their own address.
  const taken = await request.post(`${baseURL}/api/v1/swap`, {
    headers: { "idempotency-key": randomUUID() },
    data: { quoteId: stolenQuoteId, destination: { address: OTHER_TRON_ADDRESS } },
  });
  expect(taken.status(), await taken.text()).toBe(200);
  const theirs = (await taken.json()) as { swap: { id: string; deposit: { address: string } } };

  const creates: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v1/swap")
      creates.push(response.status());
  });
  await review.createButton.click();

  await expect(
    page.getByRole("alert").filter({ hasText: "That price can no longer be used, so here is a new one" }),
  ).toBeVisible();
  expect(creates).toEqual([409]);
  await expect(page).not.toHaveURL(new RegExp(theirs.swap.id));
  await expect(page.getByText(theirs.swap.deposit.address)).toHaveCount(0);

  // A new price arrives; what the user typed is still there.
  await expect.poll(() => quoteIds.length).toBeGreaterThan(quoteIds.indexOf(stolenQuoteId) + 1);
  expect(quoteIds.at(-1)).not.toBe(stolenQuoteId);
  await expect(review.row("Payout address")).toContainText(TRON_ADDRESS.slice(0, 8));
  // The sandbox's prices are fixed: the new price has the same figure, said once as unchanged, not
  // "≈ 968.61 USDT → ≈ 968.61 USDT".
  await expect(page.getByTestId("reprice-figures")).toHaveText("You receive≈ 968.61 USDT(unchanged)");
  await expect(page.getByTestId("reprice-before")).toHaveCount(0);
  await expect(page.getByTestId("reprice-arrow")).toHaveCount(0);
  await screenshotStep(page, "quote-taken");

  // Confirming the new price makes the user's own swap, paying out where they said.
  if (await review.acceptNewPrice.isVisible()) await review.acceptNewPrice.click();
  const swap = await review.create();
  expect(swap.id).not.toBe(theirs.swap.id);
  await expect(page.getByText(TRON_ADDRESS).first()).toBeVisible();
});
