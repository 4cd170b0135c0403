// Who gets into the operator dashboard: the sign-in form's messages, a visitor without a session,
// a session that ends while the operator works, signing out, the wait after too many attempts,
// and the login page under axe. The list itself: dashboard-history.spec.ts.
import { expect, test } from "@playwright/test";
import { startApp, type RunningApp } from "../support/servers";
import { generousClientLimits } from "./client-limits";
import { DashboardPage } from "./pages/dashboard-page";
import { shoot } from "./shots";

const PASSWORD = "operator e2e password";

let app: RunningApp;

// Serial: the tests share one app and its login limit of 5 attempts a minute for a browser that has
// not signed in before (each test's is new); the last test spends what is left.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  app = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, ...generousClientLimits });
});

test.afterAll(async () => {
  await app?.stop();
});

test("/partner sends a visitor without a session to the login page", async ({ page }) => {
  await page.goto(`${app.origin}/partner?status=completed`);
  // With the view asked for kept, to return to after signing in (no session ended: none was there).
  await expect(page).toHaveURL(/\/partner\/login\?back=status%3Dcompleted$/);
  await expect(new DashboardPage(page, app.origin).loginHeading).toBeVisible();
});

test("the login page passes axe in light and dark", async ({ page }) => {
  const dashboard = new DashboardPage(page, app.origin);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dashboard.gotoLogin();
    await dashboard.expectNoSeriousViolations(`login, ${colorScheme}`);
    await shoot(page, "partner", `login-1280-${colorScheme}`);
  }
});

// Sign-in attempts from here: 1.
test("a wrong password is refused with a clear message", async ({ page }) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.login("not the password");
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await expect(dashboard.password).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/partner\/login$/);
});

// 2 (an empty password is refused in the browser, and counts for nothing).
test("an empty password is said, with focus left on the field; the right one opens the dashboard", async ({ page }) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.gotoLogin();
  await dashboard.password.focus();
  await page.keyboard.press("Enter");
  await expect(dashboard.loginAlert).toHaveText("Enter the password.");
  await expect(dashboard.password).toHaveAttribute("aria-invalid", "true");
  await expect(dashboard.password).toBeFocused();
  await dashboard.password.fill(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/partner$/);
  await expect(dashboard.heading).toBeVisible();
});

// 3 (signing in again is from a browser that has signed in before: not counted).
test("a session that ends while the operator works: the login page says so, and signing in again returns to the same filters", async ({
  page,
}) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.login(PASSWORD);
  await expect(page).toHaveURL(/\/partner$/);
  await dashboard.statusFilter("Completed").click();
  await expect.poll(() => dashboard.param("status")).toBe("completed");
  // Ended on the server; the browser still holds its cookie.
  const session = (await page.context().cookies()).find((c) => c.name === "swap_dashboard")!;
  const ended = await fetch(`${app.origin}/api/partner/session`, {
    method: "DELETE",
    headers: { cookie: `swap_dashboard=${session.value}` },
  });
  expect(ended.status).toBe(204);
  await dashboard.statusFilter("Failed").click();
  await expect(page).toHaveURL(/\/partner\/login\?ended=1&back=/);
  await expect(dashboard.sessionEnded).toBeVisible();
  await dashboard.password.fill(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/partner\?/);
  expect(dashboard.param("status")).toBe("completed,failed");
  await expect(dashboard.statusFilter("Completed")).toHaveAttribute("aria-pressed", "true");
  await expect(dashboard.statusFilter("Failed")).toHaveAttribute("aria-pressed", "true");
});

// 4.
test("signing out returns to the login page and closes the dashboard and its API again", async ({ page }) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.login(PASSWORD);
  await expect(page).toHaveURL(/\/partner$/);
  await dashboard.signOut.click();
  await expect(page).toHaveURL(/\/partner\/login$/);
  await dashboard.goto();
  await expect(page).toHaveURL(/\/partner\/login$/);
  expect((await page.request.get(`${app.origin}/api/partner/swaps`)).status()).toBe(401);
});

// The race Sign out used to lose on a busy machine, made to happen every time: its session is
// ended on the server, but its answer is held, so the dashboard is still on screen when a read of
// its own comes back 401. That 401 is the operator's doing: no "your session ended".
test("a dashboard read answered 401 while Sign out is under way does not call the session ended", async ({ page }) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.login(PASSWORD);
  await expect(page).toHaveURL(/\/partner$/);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ended!: () => void;
  const endedOnServer = new Promise<void>((resolve) => (ended = resolve));
  await page.route("**/api/partner/session", async (route) => {
    if (route.request().method() !== "DELETE") return route.continue();
    const response = await route.fetch();
    expect(response.status()).toBe(204);
    ended();
    await released;
    await route.fulfill({ response });
  });
  await dashboard.signOut.click();
  await endedOnServer;
  // The session is gone on the server; the dashboard has not left yet. The window regaining focus
  // revalidates its reads, as it does when an operator comes back to the tab.
  const refused = page.waitForResponse((r) => r.url().includes("/api/partner/") && r.status() === 401);
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await refused;
  // Long enough for the dashboard's lapse handler to act on that 401, were it going to.
  await page.waitForTimeout(1_000);
  expect(page.url()).not.toContain("ended=1");
  release();
  await expect(page).toHaveURL(/\/partner\/login$/);
  await expect(dashboard.sessionEnded).toHaveCount(0);
});

// Last: it spends this client's login attempts for the minute.
test("after too many attempts the wait is said once: the alert's text stays put while the visible countdown runs", async ({
  page,
}) => {
  const dashboard = new DashboardPage(page, app.origin);
  await dashboard.gotoLogin();
  const alert = dashboard.loginAlert;
  for (let attempt = 0; attempt < 6 && !(await dashboard.signInButton.isDisabled()); attempt++) {
    await dashboard.password.fill(`not the password ${attempt}`);
    await dashboard.signInButton.click();
    await expect(alert).not.toBeEmpty();
  }
  await expect(alert).toContainText("Too many attempts. You can try again in");
  const heard = async () => (await alert.ariaSnapshot()).trim();
  const visible = async () => (await alert.innerText()).trim();
  const [heardBefore, seenBefore] = [await heard(), await visible()];
  await page.waitForTimeout(2_100);
  expect(await heard()).toBe(heardBefore);
  expect(await visible()).not.toBe(seenBefore);
});
