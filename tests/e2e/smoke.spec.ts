import { expect, test } from "./fixtures";

test("the checkout opens with the sandbox badge and a price for the preset amount", async ({ page }) => {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.01");
  await expect(page.getByText("Sandbox — no real funds")).toBeVisible();
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
});

// The watch on browser logs (tests/e2e/fixtures.ts, on in every test) can fail: a key written to
// the console, as a careless client-side error log would, turns this test red, which test.fail expects.
test("the browser-log key watch catches a key printed to the console", async ({ page }) => {
  test.fail();
  await page.goto("/");
  // Wait for the console event itself, so the watch has it before the test ends.
  await Promise.all([
    page.waitForEvent("console", (message) => message.text().startsWith("upstream said:")),
    page.evaluate((key) => console.error(`upstream said: bad key ${key}`), process.env.LEAK_CANARY_KEY ?? "lsk_test_sandbox"),
  ]);
});

// The CSP watch (tests/e2e/fixtures.ts, on in every test) can fail: a string run as code, the way
// zod's JIT probe did with `new Function`, is refused by the page's policy and turns this test red,
// which test.fail expects. (The string goes through the page's own timer: code that Playwright
// evaluates is exempt from the page's policy.)
test("the CSP watch catches an eval the page's policy refuses", async ({ page }) => {
  test.fail();
  await page.goto("/");
  await page.evaluate(() => {
    setTimeout("window.evaluated = true");
    return new Promise((resolve) => setTimeout(resolve, 200));
  });
});
