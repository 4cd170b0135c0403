// The operator dashboard while the ledger is still reading a long history from the provider (20,000
// swaps seeded), on an app of its own with webhooks on: what an empty range and the webhook log say.
import { expect, test } from "@playwright/test";
import { startApp, type RunningApp } from "../support/servers";
import { generousClientLimits } from "./client-limits";
import { DashboardPage, seedSandbox } from "./pages/dashboard-page";

const PASSWORD = "operator e2e password";

let app: RunningApp;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  app = await startApp({
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    ...generousClientLimits,
    WEBHOOK_URL: "http://127.0.0.1:9/hooks",
    WEBHOOK_SECRET: `whsec_${"A".repeat(32)}`,
  });
  // A long history: the ledger reads it for a while after the seed.
  await seedSandbox(app.origin, 20_000);
});

test.afterAll(async () => {
  await app?.stop();
});

test("while the provider's history is still loading, an empty range says so instead of 'no swaps', and an empty webhook log with webhooks on does not ask to set them", async ({
  page,
}) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.login(PASSWORD);
  await expect(page).toHaveURL(/\/partner$/);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await dashboard.goto(`status=completed&createdFrom=${day(150)}T00:00:00.000Z&createdTo=${day(120)}T00:00:00.000Z`);
  await expect(dashboard.freshness).toContainText("still reading the history");
  await expect(
    page
      .getByText(/No swaps match these filters among the [\d,]+ read so far\. The provider's history is still loading/)
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/^Totals so far: the provider's history is still loading/)).toBeVisible();
  await expect(page.getByText("No swaps match these filters.", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/No webhook deliveries yet\. Each swap's events will be listed here/)).toBeVisible();
  await expect(page.getByText(/Set WEBHOOK_URL/)).toHaveCount(0);
});
