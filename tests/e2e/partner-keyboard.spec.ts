// The dashboard by keyboard and screen reader, on an app of its own (its login limit of 5 a minute
// is not shared with dashboard-access.spec.ts), with WEBHOOK_URL pointed at a receiver on loopback: the login
// form's messages, and "Redeliver" keeping focus while it queues an event again.
import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { startApp, type RunningApp } from "../support/servers";
import { generousClientLimits } from "./client-limits";
import { createSwapThroughApi } from "./fixtures";

const PASSWORD = "operator webhooks password";
let app: RunningApp;
let receiver: Server;
let received = 0;

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  const port = typeof address === "object" && address ? address.port : 0;
  app = await startApp({
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
    WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    ...generousClientLimits,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

test("Redeliver, pressed from the keyboard, keeps focus and says 'Queued'; the paging range is a live region", async ({
  page,
  request,
}) => {
  const created = await createSwapThroughApi(request, app.origin);
  await expect.poll(() => received, { timeout: 30_000 }).toBeGreaterThan(0);

  await page.goto(`${app.origin}/partner/login`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByTestId("range")).toHaveAttribute("aria-live", "polite");

  const log = page.getByRole("region", { name: "Webhook deliveries" });
  const name = `Redeliver swap.created for swap ${created.id}`;
  const redeliver = log.getByRole("button", { name });
  await expect(redeliver).toBeVisible({ timeout: 20_000 });
  const row = log.getByRole("listitem").filter({ has: page.getByRole("button", { name }) });
  const status = row.getByRole("status");
  await expect(status).toBeEmpty();
  // The row says when the event happened and, once taken, when it was delivered.
  await expect(row).toContainText(/event .+ · delivered /, { timeout: 20_000 });

  const before = received;
  await redeliver.focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Queued");
  await expect(redeliver).toBeFocused();
  // Queued is sent: the receiver hears it again.
  await expect.poll(() => received, { timeout: 30_000 }).toBeGreaterThan(before);
});

test("an empty password is said even after an earlier error, with focus left on the field", async ({ page }) => {
  await page.goto(`${app.origin}/partner/login`);
  const password = page.getByLabel("Password");
  await password.fill("not the password");
  await page.keyboard.press("Enter");
  const alert = page.locator("form").getByRole("alert");
  await expect(alert).toHaveText("That password is not correct.");
  await password.fill("");
  await page.keyboard.press("Enter");
  await expect(alert).toHaveText("Enter the password.");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
});

test("signing in puts focus on the dashboard's heading, and signing out on the password field, not the page's top", async ({
  page,
}) => {
  await page.goto(`${app.origin}/partner/login`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole("heading", { level: 1, name: "Swap history" })).toBeFocused();
  await page.getByRole("button", { name: "Sign out" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/partner\/login$/);
  await expect(page.getByLabel("Password")).toBeFocused();
  // A page opened from a link takes no focus by itself.
  await page.goto(`${app.origin}/partner/login`);
  await expect(page.getByLabel("Password")).not.toBeFocused();
});
