// The dashboard's search: a swap found by its order id, its details, the open swap in the URL, Back and Forward.
import { expect } from "@playwright/test";
import { seededTest as test } from "./pages/dashboard-page";

const FILTERED = "status=completed,failed";

// axe and the 160-row reads through the API are slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("a search by an order id finds that one swap; its details show the status history and a live read, and Close keeps the search", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto(FILTERED);
  await dashboard.clear.click();
  await expect(page).toHaveURL(/\/partner$/);
  const target = (await dashboard.apiRows(""))[9]!;
  await dashboard.search.fill(target.externalId!);
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}`));
  await expect(dashboard.range).toHaveText("1–1 of 1");
  await dashboard.openSwap(target.id);
  const { detail } = dashboard;
  await expect(detail.getByTestId("status-history")).toContainText(/seen /);
  await expect(detail).toContainText(target.externalId!);
  await detail.getByRole("button", { name: "Read live status" }).click();
  await expect(detail.getByRole("button", { name: "Read live status" })).toBeEnabled();
  // The read leaves a sign that it happened, and when.
  await expect(detail.getByTestId("read-live-done")).toContainText(
    /^Read live from the provider at \d{1,2}:\d{2}:\d{2}/,
  );
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));
});

test("the open swap is in the URL: Back closes it, Forward and a reload open it, Escape closes it and keeps the search", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto();
  const target = (await dashboard.apiRows(""))[9]!;
  await dashboard.goto(`q=${target.externalId}`);
  await expect(dashboard.range).toHaveText("1–1 of 1");
  const { detail } = dashboard;
  await dashboard.openSwap(target.id);
  await expect(page).toHaveURL(new RegExp(`swap=${target.id}`));
  await page.goBack();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));
  await page.goForward();
  await expect(detail).toBeVisible();
  await page.reload();
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(target.externalId!);
  // Opened from a link, Escape closes it and the URL drops it, keeping the search.
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`q=${target.externalId}$`));
  await expect(dashboard.range).toHaveText("1–1 of 1");
});

test("a search is one choice in the history: Back returns to the filter before it and empties the box, Forward brings it back", async ({
  page,
  dashboard,
}) => {
  await dashboard.goto("status=completed");
  await expect(dashboard.statusFilter("Completed")).toHaveAttribute("aria-pressed", "true");
  const { search } = dashboard;
  await search.fill("ord");
  await expect.poll(() => dashboard.param("q")).toBe("ord");
  await search.fill("order");
  await expect.poll(() => dashboard.param("q")).toBe("order");
  await page.goBack();
  await expect.poll(() => dashboard.param("q")).toBe(null);
  expect(dashboard.param("status")).toBe("completed");
  await expect(search).toHaveValue("");
  await page.goForward();
  await expect.poll(() => dashboard.param("q")).toBe("order");
  await expect(search).toHaveValue("order");
  await page.goBack();
  await expect.poll(() => dashboard.param("q")).toBe(null);
  await expect.poll(() => dashboard.param("status")).toBe("completed");
});
