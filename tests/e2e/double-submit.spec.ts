// One click, one swap: a double click or two quick clicks on "Create swap" make one swap.
import type { Page, Request, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { ReviewPage } from "./pages/review-page";
import { SwapPage } from "./pages/swap-page";

const isCreate = (r: Request) => r.method() === "POST" && new URL(r.url()).pathname === "/api/v1/swap";

/**
 * Holds every POST /api/v1/swap the page sends until `release()`, then lets it through or, with
 * `abort`, fails it as a lost connection would: order of events, never a delay.
 */
async function holdCreates(page: Page, then: "continue" | "abort" = "continue"): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/v1/swap", async (route) => {
    await held;
    await (then === "abort" ? route.abort("internetdisconnected") : route.continue());
  });
  return release;
}

/** Every POST /api/v1/swap the page sends, with its Idempotency-Key and the swap id it got back. */
function recordCreates(page: Page) {
  const keys: string[] = [];
  const answers: Promise<{ status: number; id: string | undefined; replayed: boolean }>[] = [];
  page.on("request", (request) => {
    if (isCreate(request)) keys.push(request.headers()["idempotency-key"] ?? "");
  });
  page.on("response", (response: Response) => {
    if (!isCreate(response.request())) return;
    answers.push(
      response.json().then((body: { swap?: { id: string } }) => ({
        status: response.status(),
        id: body.swap?.id,
        replayed: response.headers()["idempotent-replayed"] === "true",
      })),
    );
  });
  return { keys, answers: () => Promise.all(answers) };
}

async function expectOneSwap(page: Page, record: ReturnType<typeof recordCreates>) {
  const swap = new SwapPage(page);
  await swap.waitForLoad();
  await expect.poll(async () => (await record.answers()).length).toBe(record.keys.length);
  const answers = await record.answers();
  expect(record.keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(record.keys).size, "every attempt carries the same Idempotency-Key").toBe(1);
  expect(record.keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(new Set(answers.map((a) => a.id)).size, "every answer names the same swap").toBe(1);
  expect(answers.filter((a) => !a.replayed).length, "only one request really created a swap").toBe(1);
  expect(swap.id).toBe(answers[0]?.id);
  await swap.expectStatus("waiting_deposit");
}

async function reviewReady(checkout: { fillValidBtcToUsdtTron(): Promise<void>; review(): Promise<ReviewPage> }) {
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await expect(review.createButton).toBeEnabled();
  return review;
}

test("a double click on 'Create swap' creates exactly one swap", async ({ page, checkout }) => {
  const review = await reviewReady(checkout);
  const record = recordCreates(page);
  await review.createButton.dblclick();
  await expectOneSwap(page, record);
});

test("two quick clicks on 'Create swap' create exactly one swap", async ({ page, checkout }) => {
  const review = await reviewReady(checkout);
  const record = recordCreates(page);
  // Hold the request until both clicks have landed: the second one comes while the first is in
  // flight, by order of events rather than by a delay.
  const release = await holdCreates(page);
  // Mouse clicks land at viewport coordinates: the button must be on screen (the review is taller
  // than a 720 px viewport since it says what the rate includes).
  await review.createButton.scrollIntoViewIfNeeded();
  const box = await review.createButton.boundingBox();
  if (!box) throw new Error("the Create swap button has no box");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
  await page.mouse.click(x, y);
  const creating = page.getByRole("button", { name: "Creating your swap…" });
  await expect(creating).toBeVisible();
  await expect(creating).toBeDisabled();
  // Nor can the details change under the swap being made: the way back is closed meanwhile.
  await expect(review.editButton).toBeDisabled();
  await expect(review.backButton).toBeDisabled();
  release();
  await expectOneSwap(page, record);
});

test("from the keyboard, focus stays on 'Create swap' while the swap is made, and is still there when it fails", async ({
  page,
  checkout,
}) => {
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const release = await holdCreates(page, "abort");
  await review.createButton.focus();
  await page.keyboard.press("Enter");
  const creating = page.getByRole("button", { name: "Creating your swap…" });
  await expect(creating).toBeFocused();
  release();
  await expect(page.getByRole("alert").filter({ hasText: "You seem to be offline." })).toBeVisible({ timeout: 30_000 });
  await expect(review.createButton).toBeFocused();
});

test("a swap refused because the key's shared budget is spent says the service is busy, not that this person asked too often, with the wait", async ({
  page,
  checkout,
}) => {
  await page.clock.install();
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await page.route("**/api/v1/swap", (route) =>
    route.fulfill({
      status: 429,
      headers: { "content-type": "application/json", "retry-after": "20", "x-request-id": "req_busy" },
      body: JSON.stringify({
        error: { code: "rate_limited", message: "Too many requests.", details: { budget: "create" } },
        requestId: "req_busy",
      }),
    }),
  );
  await review.createButton.click();
  const alert = page.getByRole("alert").filter({ hasText: "the swap service is busy" });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).not.toContainText("Too many requests in a short time");
  await expect(alert).toContainText("You can try again in 20 seconds.");
  // The wait counts down where people see it, and ends in "now", not in a stale "20 seconds".
  await page.clock.runFor(5_000);
  await expect(alert.getByTestId("retry-in")).toContainText("You can try again in 15 seconds.");
  await page.clock.runFor(16_000);
  await expect(alert.getByTestId("retry-in")).toHaveText("You can try again now.");
});

test("a creation that takes long says so, and that the swap is made once, so nobody reloads or clicks again", async ({
  page,
  checkout,
}) => {
  await page.clock.install();
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  const release = await holdCreates(page);
  await review.createButton.click();
  const note = page.getByTestId("creating-slow");
  await page.clock.runFor(5_000);
  await expect(note).toHaveCount(0);
  await page.clock.runFor(4_000);
  await expect(note).toContainText("Keep this page open: your swap is made once");
  release();
  await expect(page).toHaveURL(/\/swap\/[A-Z0-9]{12}#t=/, { timeout: 20_000 });
});

test("offline, 'Create swap' says so at once rather than spinning through retries, and pressed again once back online makes the one swap", async ({
  page,
  checkout,
}) => {
  await checkout.fillValidBtcToUsdtTron();
  const review = await checkout.review();
  await page.context().setOffline(true);
  await review.createButton.click();
  // The retries' 1 + 2 + 3 s would end well after this.
  await expect(page.getByRole("alert").filter({ hasText: "You seem to be offline." })).toBeVisible({ timeout: 2_500 });
  await expect(review.createButton).toBeEnabled();

  await page.context().setOffline(false);
  await review.createButton.click();
  await expect(page).toHaveURL(/\/swap\/[A-Z0-9]{12}/);
});
