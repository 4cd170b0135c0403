import type { Page, Response } from "@playwright/test";
import { createSwapThroughApi, expect, test } from "./fixtures";

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
    page.evaluate(
      (key) => console.error(`upstream said: bad key ${key}`),
      process.env.LEAK_CANARY_KEY ?? "lsk_test_sandbox",
    ),
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

// zod's runtime stays on the server: the browser checks our own answers with generated guards. One
// import of a value from lib/schema/partner (which holds the schemas) put ~22 KiB of zod back on
// the swap page and the widget unnoticed; this catches it. zod's objects carry `_zod` on every
// schema, a property name minification keeps.
/** The code of every script `path` loads until the network goes quiet (as `npm run measure:js` counts it). */
async function scriptsOfPage(page: Page, path: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  };
  page.on("response", listener);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", listener);
  return Promise.all(bodies);
}

test("the checkout, the swap page and the widget load no zod", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const scriptsOf = (path: string) => scriptsOfPage(page, path);
  for (const path of [
    "/?from=BTC&to=USDT.tron&amount=0.01",
    created.path,
    `/widget/swap/${created.id}#t=${created.token}`,
    "/widget?from=BTC&to=USDT.tron",
  ]) {
    const scripts = await scriptsOf(path);
    expect(scripts.length, path).toBeGreaterThan(3);
    expect(scripts.filter((code) => code.includes("._zod")).length, `${path} loads zod`).toBe(0);
  }
});

// The budget of these pages (docs/benchmarks.md "Shipped JavaScript"): tailwind-merge (~10 KiB gzip)
// stays out of them (components/ui/join.ts), the review step loads on the way to it, and the
// widget's checkout does not bring the status page with it. "fvn-normal" is one of tailwind-merge's
// class groups, a name minification keeps; the test ids name the review's and the deposit card's code.
test("the first load carries no tailwind-merge and no later step's code", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const cases = [
    { path: "/?from=BTC&to=USDT.tron&amount=0.01", later: ["review-payout-address", "deposit-address"] },
    { path: created.path, later: ["review-payout-address"] },
    { path: "/widget?from=BTC&to=USDT.tron", later: ["review-payout-address", "deposit-address"] },
  ];
  for (const { path, later } of cases) {
    const scripts = await scriptsOfPage(page, path);
    expect(scripts.length, path).toBeGreaterThan(3);
    expect(scripts.filter((code) => code.includes('"fvn-normal"')).length, `${path} loads tailwind-merge`).toBe(0);
    for (const id of later) expect(scripts.filter((code) => code.includes(id)).length, `${path} loads ${id}`).toBe(0);
  }
});
