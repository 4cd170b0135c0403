// The dashboard's webhook log by keyboard: "Redeliver" keeps focus while it queues the event again
// and says "Queued" in a status region that was there before it spoke. Its own app, with WEBHOOK_URL
// pointed at a receiver on loopback.
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

test("Redeliver, pressed from the keyboard, keeps focus and says 'Queued'; the paging range is a live region", async ({ page, request }) => {
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

  const before = received;
  await redeliver.focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("Queued");
  await expect(redeliver).toBeFocused();
  // Queued is sent: the receiver hears it again.
  await expect.poll(() => received, { timeout: 30_000 }).toBeGreaterThan(before);
});
