import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startApp, freePort, type RunningApp } from "../support/servers";
import { generousClientLimits } from "./client-limits";
import { inSeconds, signConfig, widgetConfigKey } from "../support/widget-config";
import { shotsDir } from "./shots";
import { SwapPage } from "./pages/swap-page";
import { TRON_ADDRESS } from "./pages/checkout-page";

const APP_SECRET = "widget-spec-app-secret-0123456789-abcdefgh";
const widgetKey = widgetConfigKey(APP_SECRET);

// A partner's site on another loopback origin frames the widget through embed.js.
type HostEvent = { type: string; payload: Record<string, unknown> };

let app: RunningApp;
let host: { server: Server; origin: string };
let stranger: { server: Server; origin: string };
let ownSite: { server: Server; origin: string };

/** A page on another origin that, framed by the host, posts widget-shaped events to its parent. */
const forgerPage = `<!doctype html><html><head><title>Ad</title></head><body><script>
  parent.postMessage({ source: "swap-checkout", type: "terminal", payload: { id: "FORGED000000", status: "completed" } }, "*");
  parent.postMessage({ source: "swap-checkout", type: "resize", payload: { height: 5 } }, "*");
</script></body></html>`;

function hostPage(appOrigin: string, widgetQuery: string, forgerOrigin?: string) {
  return `<!doctype html><html><head><title>Partner shop</title></head><body>
<h1>Partner shop</h1><div id="checkout"></div>
${forgerOrigin ? `<iframe id="forger" title="Ad" src="${forgerOrigin}/forger"></iframe>` : ""}
<script>
  // Every message the host window gets, whoever sent it (to know when a forged one has arrived).
  window.allMessages = [];
  window.addEventListener("message", function (e) { window.allMessages.push({ origin: e.origin, type: e.data && e.data.type }); });
</script>
<script src="${appOrigin}/embed.js"></script>
<script>
  window.received = [];
  window.handle = SwapCheckout.mount(document.getElementById("checkout"), {
    src: "${appOrigin}/widget${widgetQuery}",
    onEvent: function (e) { window.received.push(e); },
  });
</script></body></html>`;
}

async function serveHost(hostname: string, appOrigin: () => string): Promise<{ server: Server; origin: string }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (url.pathname === "/forger") return res.end(forgerPage);
    const query = url.searchParams.get("w") ?? "";
    const forger = url.searchParams.get("forger");
    res.end(hostPage(appOrigin(), query, forger ?? undefined));
  });
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  return { server, origin: `http://${hostname}:${port}` };
}

test.beforeAll(async () => {
  // The partner's site is "localhost"; the app is "127.0.0.1"; a stranger is "127.0.0.2".
  host = await serveHost("localhost", () => app.origin);
  stranger = await serveHost("127.0.0.2", () => app.origin);
  // A partner that runs the checkout on its own site (checkout.shop.example in shop.example).
  ownSite = await serveHost("127.0.0.1", () => app.origin);
  app = await startApp({
    APP_SECRET,
    WIDGET_ALLOWED_ORIGINS: `${host.origin},${ownSite.origin}`,
    SANDBOX_STEP_SECONDS: "1",
    ...generousClientLimits,
  });
});

test.afterAll(async () => {
  await app?.stop();
  host?.server.close();
  stranger?.server.close();
  ownSite?.server.close();
});

/**
 * In the host page's widget, preset to BTC → USDT on Tron with an amount: waits for the quote,
 * enters a valid payout address, reviews and creates the swap. Returns the widget's frame.
 */
async function createSwapInWidget(page: Page) {
  const widget = page.frameLocator("iframe");
  await expect(widget.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await widget.getByLabel(/Your USDT address on Tron/).fill("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r");
  await expect(widget.getByText("Valid Tron address")).toBeVisible();
  // A press that lands as the price renews does nothing, as for a person, who presses again.
  const reviewButton = widget.getByRole("button", { name: "Review swap" });
  const createButton = widget.getByRole("button", { name: "Create swap" });
  await expect(async () => {
    if (await reviewButton.isVisible()) await reviewButton.click({ timeout: 2_000 });
    await expect(createButton).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await createButton.click();
  return widget;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: HostEvent[] }).received);

test("the partner's page receives ready, resize, quote, swap_created, status and terminal in order while a swap completes", async ({
  page,
}) => {
  // The partner's console stays clean: no message posted to an origin that is not the parent's, no
  // focus the browser refuses inside a cross-origin frame.
  const noise: string[] = [];
  page.on("console", (m) => {
    if (/postMessage|autofocus/i.test(m.text())) noise.push(m.text());
  });
  await page.goto(
    `${host.origin}/?w=${encodeURIComponent("?from=BTC&to=USDT.tron&amount=0.01&theme=dark&accent=18e299")}`,
  );
  const widget = await createSwapInWidget(page);
  await expect(widget.getByTestId("swap-status")).toHaveAttribute("data-status", "waiting_deposit");
  await widget.getByRole("button", { name: "Simulate full deposit" }).click();
  await expect(async () => {
    await widget
      .getByRole("button", { name: "Check now" })
      .click({ timeout: 1000 })
      .catch(() => {});
    await expect(widget.getByTestId("swap-status")).toHaveAttribute("data-status", "completed", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  await expect.poll(async () => (await received(page)).some((e) => e.type === "terminal")).toBe(true);
  const events = await received(page);
  const types = events.map((e) => e.type);
  const order = ["ready", "quote", "swap_created", "status", "terminal"].map((type) => types.indexOf(type));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(types).toContain("resize");

  // A quote id is not for the host page's scripts: the quote event says the price, not the id.
  const quoteEvent = events.find((e) => e.type === "quote")!;
  expect(Object.keys(quoteEvent.payload).sort()).toEqual(["expiresAt", "from", "rate", "to"]);

  const created = events.find((e) => e.type === "swap_created")!;
  expect(created.payload.id).toMatch(/^[A-Z0-9]{12}$/);
  expect(created.payload).not.toHaveProperty("accessToken");
  expect(events.find((e) => e.type === "terminal")!.payload).toEqual({ id: created.payload.id, status: "completed" });
  const resize = events.find((e) => e.type === "resize")!;
  expect(resize.payload.height).toBeGreaterThan(200);
  // Never a height of 0 while the widget goes from its checkout to its status page (the host would
  // shrink the frame, then jump back).
  expect(events.filter((e) => e.type === "resize").map((e) => e.payload.height)).not.toContain(0);
  // autoResize: the host sized the iframe to the widget's content.
  const height = await page.locator("iframe").evaluate((f) => (f as HTMLIFrameElement).style.height);
  expect(height).toMatch(/px$/);
  expect(noise).toEqual([]);
});

test("a site that is not in WIDGET_ALLOWED_ORIGINS can neither frame the widget nor receive its events", async ({
  page,
}) => {
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/frame-ancestors|Refused to frame/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`${stranger.origin}/?w=${encodeURIComponent("?from=BTC&to=USDT.tron&amount=0.01")}`);
  // Chromium reports the refusal instead of loading the widget's document, so no widget code ran
  // in that frame and nothing can have been posted from it: no wait is needed before checking.
  await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await received(page)).toEqual([]);
  await expect(page.frameLocator("iframe").getByRole("button", { name: "Review swap" })).toHaveCount(0);
});

test("a tampered config and an expired one are each refused with a clear message and create nothing", async ({
  page,
}) => {
  const quotes: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v1/quote")) quotes.push(r.url());
  });
  const genuine = signConfig({ exp: inSeconds(600), customerId: "cust-7" }, widgetKey);
  const [, signature] = genuine.split(".");
  const configs = {
    // Another customer's payload under the genuine signature.
    tampered: `${Buffer.from(JSON.stringify({ exp: inSeconds(600), customerId: "someone-else" })).toString("base64url")}.${signature}`,
    // Correctly signed (the documented recipe), but its time is up.
    expired: signConfig({ exp: inSeconds(-60), customerId: "cust-7" }, widgetKey),
    // Longer than any config is: refused, not taken as no config at all (an open checkout).
    oversized: `${genuine}${"A".repeat(4200)}`,
  };
  for (const [kind, config] of Object.entries(configs)) {
    await page.goto(`${app.origin}/widget?from=BTC&to=USDT.tron&amount=0.01&config=${config}`);
    await expect(page.getByRole("alert").filter({ hasText: "This checkout cannot be opened" }), kind).toBeVisible();
    await expect(page.getByRole("button", { name: "Review swap" }), kind).toHaveCount(0);
    expect(quotes, kind).toEqual([]);

    // The BFF refuses the same config on a direct call, too.
    const response = await page.request.post(`${app.origin}/api/v1/quote`, {
      headers: { "x-widget-config": config, "content-type": "application/json" },
      data: { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
    });
    expect(response.status(), kind).toBe(400);
    expect((await response.json()).error.code, kind).toBe("validation_error");
  }

  // The control: the genuine config, signed the same way, opens the checkout.
  await page.goto(`${app.origin}/widget?from=BTC&to=USDT.tron&amount=0.01&config=${genuine}`);
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await expect(page.getByRole("alert").filter({ hasText: "This checkout cannot be opened" })).toHaveCount(0);
});

test("with includeToken in the signed config, swap_created carries the access token, and it opens the swap", async ({
  page,
}) => {
  const config = signConfig({ exp: inSeconds(600), includeToken: true }, widgetKey);
  await page.goto(`${host.origin}/?w=${encodeURIComponent(`?from=BTC&to=USDT.tron&amount=0.01&config=${config}`)}`);
  await createSwapInWidget(page);
  await expect.poll(async () => (await received(page)).some((e) => e.type === "swap_created")).toBe(true);
  const created = (await received(page)).find((e) => e.type === "swap_created")!;
  expect(created.payload.accessToken).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{20,100}$/));
  const read = await page.request.get(`${app.origin}/api/v1/swap/${created.payload.id}`, {
    headers: { "x-swap-token": String(created.payload.accessToken) },
  });
  expect(read.status()).toBe(200);
});

test("a swap made in the widget is listed in the widget after the partner's page reloads, and opens in the widget with its look", async ({
  page,
}) => {
  // On the partner's own site (a browser keeps a cross-site frame's storage only where it allows
  // third-party storage: Chromium's private windows, this test's browser, do not).
  const widgetQuery = "?from=BTC&to=USDT.tron&amount=0.01&theme=dark&locale=en";
  await page.goto(`${ownSite.origin}/?w=${encodeURIComponent(widgetQuery)}`);
  const widget = await createSwapInWidget(page);
  await expect.poll(async () => (await received(page)).some((e) => e.type === "swap_created")).toBe(true);
  const { id } = (await received(page)).find((e) => e.type === "swap_created")!.payload as { id: string };
  await expect(widget.getByTestId("deposit-address")).toBeVisible();

  // The partner's page reloads (or the person comes back before sending): a fresh checkout, with
  // the swap listed under it.
  await page.reload();
  await expect(widget.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await expect(widget.getByRole("heading", { name: "Your swaps on this device" })).toBeVisible();
  const link = widget.locator(`[data-swap-id="${id}"] a`).first();
  await expect(link).toHaveAttribute("href", new RegExp(`^/widget/swap/${id}\\?.*theme=dark.*#t=`));
  await link.click();
  await expect(widget.getByTestId("deposit-address")).toBeVisible();
});

test("embed.js ignores widget-shaped messages that do not come from its own iframe", async ({ page }) => {
  // The host frames the widget and, beside it, a stranger's frame that posts forged events.
  await page.goto(
    `${host.origin}/?forger=${encodeURIComponent(stranger.origin)}&w=${encodeURIComponent("?from=BTC&to=USDT.tron&amount=0.01")}`,
  );
  await expect(page.frameLocator("iframe#forger").locator("body")).toBeAttached();
  // The page itself posts one too (same window, wrong source).
  await page.evaluate(() =>
    window.postMessage(
      { source: "swap-checkout", type: "terminal", payload: { id: "SELF00000000", status: "failed" } },
      "*",
    ),
  );
  // Once the host window has seen the forged messages, embed.js has seen them as well.
  const seenFrom = (origin: string) =>
    page.evaluate(
      (o) =>
        (window as unknown as { allMessages: Array<{ origin: string }> }).allMessages.filter((m) => m.origin === o)
          .length,
      origin,
    );
  await expect.poll(() => seenFrom(stranger.origin)).toBe(2);
  await expect.poll(() => seenFrom(host.origin)).toBe(1);
  await expect.poll(async () => (await received(page)).some((e) => e.type === "ready")).toBe(true);
  const events = await received(page);
  expect(events.filter((e) => e.type === "terminal")).toEqual([]);
  expect(events.some((e) => e.type === "resize" && e.payload.height === 5)).toBe(false);
  // The widget's own iframe was not resized by the forged 5 px.
  const height = await page
    .locator("#checkout iframe")
    .evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height);
  expect(height).toBeGreaterThan(200);
});

test("'Start a new swap' opens the checkout the partner embedded: the signed config, its locks and the presets stay", async ({
  page,
}) => {
  const TRON = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
  const config = signConfig(
    { exp: inSeconds(600), customerId: "cust-9", to: "USDT.tron", destination: { address: TRON } },
    widgetKey,
  );
  const configsSent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/quote")) configsSent.push(r.headers()["x-widget-config"] ?? "none");
  });
  await page.goto(`${app.origin}/widget?from=BTC&amount=0.01&theme=dark&config=${config}`);
  const address = page.getByLabel(/Your USDT address on Tron/);
  await expect(address).toHaveValue(TRON);
  await expect(page.getByText("Valid Tron address")).toBeVisible();
  await page.getByRole("button", { name: "Review swap" }).click();
  await page.getByRole("button", { name: "Create swap" }).click();
  const swap = new SwapPage(page);
  await swap.expectStatus("waiting_deposit");
  await swap.simulateDeposit({ outcome: "Fails" });
  // The sandbox's buttons went with the deposit: focus stayed in its panel.
  await expect(page.getByRole("heading", { name: "Sandbox controls" })).toBeFocused();
  await swap.pollUntil("failed", "button");

  await expect(swap.newSwap).toHaveAttribute("href", new RegExp(`^/widget\\?.*config=${config}`));
  configsSent.length = 0;
  await swap.newSwap.click();
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await expect(address).toHaveValue(TRON);
  await expect(address).toHaveAttribute("readonly", "");
  await expect(page.getByRole("textbox", { name: "You send", exact: true })).toHaveValue("0.01");
  await expect(page.getByRole("button", { name: /^You receive: USDT (on )?Tron/ })).toBeDisabled();
  await expect(page.getByTestId("widget-document")).toHaveClass(/\bdark\b/);
  // The new checkout's quotes carry the config again (its customerId, its locks).
  expect(configsSent.length).toBeGreaterThan(0);
  expect(new Set(configsSent)).toEqual(new Set([config]));
});

test("a config that sells an asset the service does not offer says so, instead of a picker that will not open", async ({
  page,
}) => {
  const config = signConfig({ exp: inSeconds(600), to: "ZZZ.tron" }, widgetKey);
  await page.goto(`${app.origin}/widget?from=BTC&amount=0.01&config=${config}`);
  await expect(
    page.getByRole("status").filter({ hasText: "ZZZ (Tron) is not available for swaps right now" }),
  ).toBeVisible();
  const main = page.getByTestId("main-button");
  await expect(main).toBeDisabled();
  await expect(main).toHaveText(/Not available right now/);
  // The control: the same page selling an asset that is offered has no such message.
  await page.goto(
    `${app.origin}/widget?from=BTC&amount=0.01&config=${signConfig({ exp: inSeconds(600), to: "USDT.tron" }, widgetKey)}`,
  );
  await expect(page.getByTestId("quote-details")).toContainText("1 BTC ≈");
  await expect(page.getByTestId("locked-to-unavailable")).toHaveCount(0);
});

test("a config that expires while the widget is open is said at once, the host page hears config_refused, and nothing is created", async ({
  page,
}) => {
  // Long enough to reach Review on a busy machine (8 s was not), short enough to wait out.
  const exp = inSeconds(20);
  const config = signConfig({ exp, customerId: "cust-10" }, widgetKey);
  const created: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/api/v1/swap") && r.request().method() === "POST") created.push(r.status());
  });
  await page.goto(`${host.origin}/?w=${encodeURIComponent(`?from=BTC&to=USDT.tron&amount=0.01&config=${config}`)}`);
  const widget = page.frameLocator("iframe");
  await widget.getByLabel(/Your USDT address on Tron/).fill("TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r");
  await expect(widget.getByText("Valid Tron address")).toBeVisible();
  await widget.getByRole("button", { name: "Review swap" }).click();
  await expect(widget.getByTestId("config-expired")).toHaveCount(0);
  // At its expiry the widget says so by itself, before anyone presses Create, and tells the host
  // page, which can sign a fresh config and mount the widget again.
  await expect(widget.getByTestId("config-expired")).toContainText(
    "This checkout's settings from the site have expired",
    { timeout: 30_000 },
  );
  await expect
    .poll(async () => (await received(page)).filter((e) => e.type === "config_refused").map((e) => e.payload))
    .toEqual([{ reason: "expired" }]);
  // The server's clock decides; a second past its expiry there too, Create is refused in words.
  await page.waitForTimeout(Math.max(0, (exp + 1) * 1000 - Date.now()));
  await widget.getByRole("button", { name: "Create swap" }).click();
  await expect(
    widget
      .getByRole("alert")
      .filter({ hasText: "This checkout's settings from the site have expired. Nothing was created." }),
  ).toBeVisible();
  await expect(widget.getByRole("alert").filter({ hasText: "highlighted fields" })).toHaveCount(0);
  expect(created).toEqual([400]);

  // A config refused on arrival is told to the host page the same way.
  await page.goto(`${host.origin}/?w=${encodeURIComponent(`?from=BTC&to=USDT.tron&amount=0.01&config=${config}`)}`);
  await expect(widget.getByRole("alert").filter({ hasText: "This checkout cannot be opened" })).toBeVisible();
  await expect
    .poll(async () => (await received(page)).filter((e) => e.type === "config_refused").map((e) => e.payload))
    .toEqual([{ reason: "expired" }]);
});

test("on a phone, the asset picker opens where its button is, in view, even when the host page is scrolled far into a tall widget", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`${host.origin}/?w=${encodeURIComponent("?from=BTC&to=USDT.tron&amount=0.01")}`);
  const widget = page.frameLocator("iframe");
  await expect(widget.getByTestId("quote-details")).toContainText("1 BTC ≈");
  // Scrolled so the "You receive" button sits low on the screen, as a person reaching it would.
  const button = widget.getByRole("button", { name: /^You receive: .* Change asset$/ });
  const frame = (await page.locator("iframe").boundingBox())!;
  const buttonInFrame = (await button.boundingBox())!.y - frame.y;
  // The partner's page goes on below the widget; scrolled so the frame's top is well above the
  // screen, the button still on it.
  await page.evaluate(() =>
    document.body.append(Object.assign(document.createElement("div"), { style: "height: 1200px" })),
  );
  await page.evaluate((y) => window.scrollTo(0, y), frame.y + buttonInFrame - 140);
  expect((await button.boundingBox())!.y).toBeGreaterThan(0);
  const scrolled = await page.evaluate(() => window.scrollY);
  await button.click();
  const dialog = widget.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // Nor does the partner's page jump under the person's finger to bring it into view.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  for (const part of [dialog.getByRole("heading", { level: 2 }), dialog.getByRole("button", { name: "Close" })]) {
    const box = (await part.boundingBox())!;
    expect(box.y, "the dialog's top is on screen").toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, "the dialog's top is on screen").toBeLessThanOrEqual(667);
  }
});

test("on a 320 or 360 px phone a long estimated amount is shown whole, not cut", async ({ page }) => {
  for (const [width, query] of [
    [360, "from=USDT.tron&to=BTC&amount=100"],
    [320, "from=USDT.tron&to=BTC&amount=100"],
    [320, "from=BTC&to=USDT.tron&amount=0.05"],
    // About the longest the catalogue gives: "≈ 106,943.27604166" (18 characters).
    [320, "from=ETH.ethereum&to=POL.polygon&amount=14.987654"],
  ] as const) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`${app.origin}/widget?${query}`);
    const amount = page.locator('output[aria-labelledby="receive-label"] span:not(.sr-only)');
    await expect(amount, `${width} px, ${query}`).toHaveText(/^≈ [\d,.]+$/);
    const { scroll, client, text } = await amount.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      text: el.textContent,
    }));
    expect(scroll, `${width} px, ${query}: "${text}"`).toBeLessThanOrEqual(client);
  }
});

test("a partner's accent keeps button text readable (4.5:1) whatever the colour, and the widget has a main landmark", async ({
  page,
}) => {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  // Pure red and mid grey: white text on them is 4.0:1; the page's dark ink, 4.46:1.
  for (const accent of ["ff0000", "808080", "1e40af"]) {
    await page.goto(`${app.origin}/widget?from=BTC&to=USDT.tron&amount=0.01&theme=light&accent=${accent}`);
    await page.locator("#address").fill(TRON_ADDRESS);
    const review = page.getByRole("button", { name: "Review swap" });
    await expect(review).toBeEnabled();
    await expect(page.getByRole("main")).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).withRules(["color-contrast", "landmark-one-main", "region"]).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(" | ")}`),
      accent,
    ).toEqual([]);
  }
});

const shots = () => shotsDir("widget");

test("screenshots of the widget: light, dark and a partner accent, at phone and desktop widths", async ({ page }) => {
  const looks = [
    { name: "light", query: "theme=light" },
    { name: "dark", query: "theme=dark" },
    { name: "accent", query: "theme=light&accent=6d28d9" },
  ];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const look of looks) {
      await page.goto(`${app.origin}/widget?from=ETH&to=USDC.base&amount=0.5&${look.query}`);
      await expect(page.getByTestId("quote-details")).toContainText("1 ETH ≈");
      await page.screenshot({ path: `${shots()}${look.name}-${viewport.width}.png`, fullPage: true });
    }
  }
  await page.goto(`${app.origin}/widget/embed`);
  await expect(page.getByRole("heading", { name: "Embed the checkout" })).toBeVisible();
  await expect(page.frameLocator("iframe").getByTestId("quote-details")).toBeVisible();
  await page.screenshot({ path: `${shots()}embed-1280.png`, fullPage: true });
});

test("the embed page: asset pickers, HTML and React snippets shown whole, an accent contrast warning, a phone-width preview, and a reference", async ({
  page,
}) => {
  // Four axe runs and full-page screenshots of a page holding the widget: past 60 s on a busy machine.
  test.setTimeout(150_000);
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${app.origin}/widget/embed`);
  const snippet = page.getByTestId("snippet");
  await expect(snippet).toContainText("embed.js");

  // Assets are chosen from the list, not typed.
  await page.getByRole("button", { name: /Customer receives/ }).click();
  await page.getByRole("dialog").getByRole("searchbox").fill("USDC");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /USDC.*Base/ })
    .first()
    .click();
  await expect(snippet).toContainText("to=USDC.base");

  // The React tab: a client component wrapping embed.js, with the same widget address.
  await page.getByRole("tab", { name: "React" }).click();
  await expect(snippet).toContainText('"use client"');
  await expect(snippet).toContainText("to=USDC.base");
  expect(await snippet.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // A pale accent gets a contrast warning; a deep one does not.
  await page.getByRole("textbox", { name: "Accent colour (hex)" }).fill("ffff66");
  const note = page.locator("#embed-accent-note");
  // Said politely, not as an alert: it changes with nearly every keystroke of a colour being typed.
  await expect(note).toHaveAttribute("aria-live", "polite");
  await expect(note).toContainText(":1 against the light page");
  // A deep violet reads on the light page, and only that one is checked once the theme is light.
  await page.getByRole("textbox", { name: "Accent colour (hex)" }).fill("6d28d9");
  await expect(note).toContainText("against the dark page");
  await page.getByRole("combobox", { name: "Theme" }).selectOption("light");
  await expect(note).not.toContainText("against");
  await expect(snippet).toContainText("accent=6d28d9");

  // The preview at phone width.
  await page.getByRole("button", { name: "Phone (390 px)" }).click();
  expect(Math.round((await page.locator("iframe").boundingBox())!.width)).toBe(390);
  await expect(page.getByRole("heading", { name: "Reference" })).toBeVisible();
  for (const name of ["config", "swap_created", "terminal"])
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      // The preview's widget included: its main landmark and the page's are told apart by name.
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.help}`),
        `axe ${colorScheme} ${width}`,
      ).toEqual([]);
      await page.screenshot({ path: `${shots()}embed-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  // For a screen reader: the page's language and the widget's are two names, and the events log
  // and the accent's note do not interrupt (no alert, no live log of resize events).
  await expect(page.getByRole("combobox", { name: "Language", exact: true })).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Widget language" })).toHaveCount(1);
  await expect(
    page.locator("[aria-live]").filter({ has: page.getByRole("heading", { name: "Events received" }) }),
  ).toHaveCount(0);
});
