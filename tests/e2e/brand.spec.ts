// Issue 36, part B, as a user and a partner see it: the partner's brand (BRAND_*, TERMS_URL,
// PRIVACY_URL) on the checkout, the asset picker's chain badges, network chips, popular assets,
// selected row and "on Tron", the quote's dollar value and what its rate is, and the embed page's
// accent on an enabled button and in-page signing. Screenshots at 390 and 1280 px, light and dark.
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { shoot } from "./shots";

const PASSWORD = "brand-spec-operator-password";
const LOGO_PORT = Number(process.env.E2E_PORT ?? 3210) + 1000;
const LOGO_URL = `http://127.0.0.1:${LOGO_PORT}/logo.svg`;
const ACCENT = "7c3aed";
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 32"><rect width="32" height="32" rx="8" fill="#${ACCENT}"/><path d="M9 23l7-14 7 14M11.5 18h9" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round"/><text x="38" y="22" font-family="sans-serif" font-size="15" font-weight="700" fill="#${ACCENT}">Acme</text></svg>`;

// Each screen is shot four times (two widths, light and dark), each after an axe run: over a minute
// on a busy 2-core machine.
test.describe.configure({ timeout: 150_000 });

test.use({
  appEnv: {
    APP_SECRET: "brand-spec-app-secret-0123456789-abcdefghij",
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    BRAND_NAME: "Acme Pay",
    BRAND_LOGO_URL: LOGO_URL,
    BRAND_ACCENT: `#${ACCENT}`,
    TERMS_URL: "https://acme.example/terms",
    PRIVACY_URL: "https://acme.example/privacy",
  },
});

let logoServer: Server;
test.beforeAll(async () => {
  logoServer = createServer((req, res) => {
    res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "no-store" });
    res.end(LOGO);
  });
  await new Promise<void>((resolve) => logoServer.listen(LOGO_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => logoServer?.close());

const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** At both sizes, light and dark: no sideways scroll, axe, and brand/<name>-<width>-<scheme>.png (./shots). */
async function shootAndCheck(
  page: Page,
  name: string,
  options: { fullPage?: boolean; beforeEach?: () => Promise<void> } = {},
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await options.beforeEach?.();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `${name} ${size.width}`,
      ).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `${name} ${size.width} ${colorScheme}`);
      await shoot(page, "brand", `${name}-${size.width}-${colorScheme}`, {
        fullPage: options.fullPage ?? true,
        animations: "disabled",
      });
    }
  }
  await page.emulateMedia({ colorScheme: null });
}

test("the checkout is the partner's: name and logo in the header, its accent, terms, privacy and a small powered-by", async ({
  page,
}) => {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.01");
  const brand = page.getByTestId("site-brand");
  await expect(brand).toHaveText("Acme Pay");
  await expect(brand).toHaveAttribute("href", "/");
  // The logo loads: its origin is in the CSP's img-src (the fixture fails the test on any violation).
  const logo = page.getByTestId("brand-logo");
  await expect(logo).toHaveAttribute("src", LOGO_URL);
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "https://acme.example/terms");
  await expect(page.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "https://acme.example/privacy");
  await expect(page.getByTestId("powered-by")).toHaveText("Powered by Swap Checkout");
  // The accent is the partner's, on the page's focus ring and enabled buttons.
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()),
  ).toBe(`#${ACCENT}`);
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await shootAndCheck(page, "checkout-branded");
});

test("the swap page carries the brand too", async ({ page, openNewSwap }) => {
  await openNewSwap();
  await expect(page.getByTestId("site-brand")).toHaveText("Acme Pay");
  await expect(page).toHaveTitle(/ · Acme Pay$/);
  await expect(page.getByRole("link", { name: "Privacy" })).toBeVisible();
});

test("the picker: 'on Tron' in the button, chain badges, network chips, popular pinned, the selected row marked", async ({
  page,
}) => {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.01");
  const receive = page.getByRole("button", { name: /^You receive:/ });
  // USDT is on several networks: the button says which, in its main line and its name.
  await expect(receive).toContainText("USDT on Tron");
  await expect(receive).toHaveAccessibleName("You receive: USDT on Tron. Change asset");
  // BTC is on one network: its name and the network beneath.
  await expect(page.getByRole("button", { name: /^You send:/ })).toHaveAccessibleName(
    "You send: BTC Bitcoin. Change asset",
  );
  await expect(receive.locator("[data-chain]")).toHaveAttribute("data-chain", "Tron");

  await receive.click();
  const dialog = page.getByRole("dialog", { name: "You receive: choose an asset" });
  await expect(dialog.getByRole("searchbox")).toBeFocused();
  // Popular first, under its own heading; the chosen row marked, with a check.
  await expect(dialog.getByRole("heading", { name: "Popular" })).toBeVisible();
  const popular = dialog.getByRole("list", { name: "Popular" }).locator("button[data-asset]");
  await expect(popular.first()).toHaveAttribute("data-asset", "BTC.bitcoin");
  const selected = dialog.locator('button[aria-current="true"]');
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAttribute("data-asset", "USDT.tron");
  await expect(selected.getByTestId("picker-check")).toBeVisible();
  // Every row's logo carries its chain.
  await expect(dialog.locator('button[data-asset="USDT.ethereum"] [data-chain]')).toHaveAttribute(
    "data-chain",
    "Ethereum",
  );
  await shootAndCheck(page, "picker-open", { fullPage: false });

  // A network chip filters the list to that network; "All networks" brings the rest back.
  const chips = dialog.getByRole("group", { name: "Networks" });
  await expect(chips.getByRole("button", { name: "All networks" })).toHaveAttribute("aria-pressed", "true");
  await chips.getByRole("button", { name: "Ethereum", exact: true }).click();
  await expect(chips.getByRole("button", { name: "Ethereum", exact: true })).toHaveAttribute("aria-pressed", "true");
  const rows = dialog.locator("button[data-asset]");
  await expect(rows.first()).toBeVisible();
  const refs = await rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-asset")));
  expect(refs.length).toBeGreaterThan(1);
  for (const ref of refs) expect(ref).toMatch(/\.ethereum$/);
  await expect(dialog.getByTestId("picker-found")).toHaveText(`${refs.length} assets`);
  await shootAndCheck(page, "picker-ethereum", { fullPage: false });

  // The keyboard as before: down from the search to the first row, Enter picks it.
  await dialog.getByRole("searchbox").fill("usdc");
  await dialog.getByRole("searchbox").press("ArrowDown");
  await expect(rows.first()).toBeFocused();
  await expect(rows.first()).toHaveAttribute("data-asset", "USDC.ethereum");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(receive).toHaveAccessibleName("You receive: USDC on Ethereum. Change asset");
  await expect(receive.locator("[data-chain]")).toHaveAttribute("data-chain", "Ethereum");
});

test("the quote: a stablecoin side in dollars, no price for anything else, and what the rate is", async ({ page }) => {
  await page.goto("/?from=BTC&to=USDT.tron&amount=0.01");
  const details = page.getByTestId("quote-details");
  await expect(details).toContainText("1 BTC ≈");
  await expect(details).toContainText("In US dollars (1 USDT = 1 USD)");
  await expect(page.getByTestId("usd-value")).toHaveText(/^≈ \$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(page.getByTestId("rate-includes")).toContainText("fees already taken off");

  // Bitcoin for Ether: the service publishes no prices, so no dollar figure is made up.
  await page.goto("/?from=BTC&to=ETH.ethereum&amount=0.01");
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await expect(page.getByTestId("usd-value")).toHaveCount(0);
  await expect(page.getByTestId("rate-includes")).toBeVisible();
});

test("the embed page: the accent on an enabled button, and an operator signs a config on the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/widget/embed");
  // Without a session: a way to sign in, no form.
  await expect(page.getByRole("link", { name: "Sign in to the dashboard" })).toHaveAttribute("href", "/partner/login");
  await expect(page.getByRole("button", { name: "Sign", exact: true })).toHaveCount(0);

  // The accent typed shows on an enabled button beside the preview, with readable text.
  await page.getByRole("textbox", { name: "Accent colour (hex)" }).fill("0a66c2");
  const sample = page.getByTestId("accent-sample-button");
  await expect(sample).toHaveCSS("background-color", "rgb(10, 102, 194)");
  await expect(sample).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(page.getByTestId("snippet")).toContainText("accent=0a66c2");

  // Signed in (the dashboard's login sets the cookie in this browser), the page signs on the server.
  const login = await page.request.post("/api/partner/session", { data: { password: PASSWORD } });
  expect(login.status()).toBe(200);
  await page.goto("/widget/embed");
  await page.getByRole("textbox", { name: "Order reference (externalId)" }).fill("order-42");
  await page.getByRole("checkbox", { name: /Lock the asset received to USDT \(Tron\)/ }).check();
  const signing = page.waitForResponse((r) => r.url().endsWith("/api/partner/widget-config"));
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  expect((await signing).status()).toBe(200);
  await expect(page.getByTestId("sign-status")).toContainText("Signed, valid until");
  const config = await page.getByRole("textbox", { name: "Signed config" }).inputValue();
  expect(config).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("snippet")).toContainText(`config=${config}`);
  // The preview takes it: the receive asset is locked, nothing refused.
  const widget = page.frameLocator("iframe");
  await expect(widget.getByTestId("quote-details")).toBeVisible();
  await expect(widget.getByRole("button", { name: /^You receive:/ })).toBeDisabled();
  await expect(widget.getByTestId("config-expired")).toHaveCount(0);

  // The React snippet is short.
  await page.getByRole("tab", { name: "React" }).click();
  const react = await page.getByTestId("snippet").innerText();
  expect(react.split("\n").length).toBeLessThanOrEqual(20);
  expect(react).toContain(`config=${config}`);
  await page.getByRole("tab", { name: "HTML" }).click();
  await shootAndCheck(page, "embed-signed");
});
