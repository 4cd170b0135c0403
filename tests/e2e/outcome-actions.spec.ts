// One outcome language (issue 36): every ended state has one colour and exactly one primary action
// (support configured here, so "Contact support" is one of them); completed for less than quoted
// says so in amber; a refund with no refund address says where it went in its headline.
import { expect, screenshotStep, test } from "./fixtures";
import { paidSwap, primaryActions, axeBothSchemes } from "./trust-helpers";

test.use({ appEnv: { SUPPORT_EMAIL: "help@shop.example" } });

const amber = "needsLook";

test("completed: green, one primary action, 'Start a new swap'", async ({ page, request, baseURL, swapPage }) => {
  const created = await paidSwap(request, baseURL!, { outcome: "completed" });
  await swapPage.goto(created.path);
  await expect(swapPage.statusHeading).toHaveText("Swap complete");
  await expect(page.getByTestId("receipt")).toBeVisible();
  expect(await primaryActions(page)).toEqual(["Start a new swap"]);
});

test("completed for less than quoted: amber, says so in the headline, one primary action", async ({
  page,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await paidSwap(request, baseURL!, { outcome: "completed", amount: "0.005" });
  await swapPage.goto(created.path);
  await expect(swapPage.statusHeading).toHaveText("Swap complete, for less than quoted");
  await expect(swapPage.status).toHaveAttribute("data-outcome", "completedLess");
  await expect(swapPage.status).toHaveClass(/bg-amber-50/);
  await expect(page.getByTestId("receipt")).toBeVisible();
  expect(await primaryActions(page)).toEqual(["Start a new swap"]);
  await screenshotStep(page, "completed-after-underpaid");
  await axeBothSchemes(page, "completed for less than quoted");
  void amber;
});

test("refunded (opened from a link): amber, one primary action", async ({ page, request, baseURL, swapPage }) => {
  const created = await paidSwap(request, baseURL!, { outcome: "refunded" });
  await swapPage.goto(created.path);
  await expect(swapPage.statusHeading).toHaveText("Deposit refunded");
  await expect(swapPage.status).toHaveClass(/bg-amber-50/);
  expect(await primaryActions(page)).toEqual(["Start a new swap"]);
});

test("refunded with no refund address given here: the headline says it went to the service's address; one 'Contact support'", async ({
  page,
  checkout,
}) => {
  test.setTimeout(90_000);
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const swap = await review.create();
  await swap.depositUntil("refunded");
  await expect(swap.statusHeading).toHaveText("Deposit sent to the service's refund address");
  await expect(swap.status).not.toContainText("your deposit was sent back");
  await expect(swap.status).toContainText("No refund address was given when this swap was created");
  expect(await primaryActions(page)).toEqual(["Contact support"]);
  await expect(swap.newSwap).toBeVisible();
  await screenshotStep(page, "refunded-to-service");
  await axeBothSchemes(page, "refunded to the service's address");
});

test("failed: one 'Contact support' button, and the page no longer repeats it three times", async ({
  page,
  request,
  baseURL,
  swapPage,
}) => {
  const created = await paidSwap(request, baseURL!, { outcome: "failed" });
  await swapPage.goto(created.path);
  await expect(swapPage.statusHeading).toHaveText("Swap failed");
  await expect(swapPage.status).toHaveClass(/bg-rose-50/);
  expect(await primaryActions(page)).toEqual(["Contact support"]);
  await expect(page.getByTestId("support-link")).toHaveCount(1);
  await expect(page.getByTestId("support-link")).toHaveAttribute("href", /^mailto:help@shop\.example\?/);
  await screenshotStep(page, "failed");
  await axeBothSchemes(page, "failed");
});
