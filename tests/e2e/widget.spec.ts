// The widget: /widget alone and framed by a partner's page through embed.js (the events it hears, the
// origins allowed to frame it, forged messages), signed configs, its look, the embed page.
import { expect } from "./fixtures";
import { inSeconds, signConfig } from "../support/widget-config";
import { shotsDir } from "./shots";
import { SwapPage } from "./pages/swap-page";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { HostPage, WidgetPage, widgetKey, widgetTest as test } from "./pages/widget-page";

test("the partner's page receives ready, resize, quote, swap_created, status and terminal in order while a swap completes", async ({
  page,
  sites,
}) => {
  // The partner's console stays clean: no message posted to an origin that is not the parent's, no
  // focus the browser refuses inside a cross-origin frame.
  const noise: string[] = [];
  page.on("console", (m) => {
    if (/postMessage|autofocus/i.test(m.text())) noise.push(m.text());
  });
  const partner = new HostPage(page, sites.host);
  const { widget } = partner;
  await partner.goto("?from=BTC&to=USDT.tron&amount=0.01&theme=dark&accent=18e299");
  await widget.createSwap();
  await expect(widget.status).toHaveAttribute("data-status", "waiting_deposit");
  await widget.depositUntilCompleted();

  await partner.heard("terminal");
  const events = await partner.received();
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
  const height = await partner.frame.evaluate((f) => (f as HTMLIFrameElement).style.height);
  expect(height).toMatch(/px$/);
  expect(noise).toEqual([]);
});

test("a site that is not in WIDGET_ALLOWED_ORIGINS can neither frame the widget nor receive its events", async ({
  page,
  sites,
}) => {
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/frame-ancestors|Refused to frame/i.test(m.text())) blocked.push(m.text());
  });
  const stranger = new HostPage(page, sites.stranger);
  await stranger.goto("?from=BTC&to=USDT.tron&amount=0.01");
  // Chromium reports the refusal instead of loading the widget's document, so no widget code ran
  // in that frame and nothing can have been posted from it: no wait is needed before checking.
  await expect.poll(() => blocked.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await stranger.received()).toEqual([]);
  await expect(stranger.widget.reviewButton).toHaveCount(0);
});

test("a tampered config and an expired one are each refused with a clear message and create nothing", async ({
  page,
  sites,
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
  const widget = new WidgetPage(page);
  for (const [kind, config] of Object.entries(configs)) {
    await widget.goto(sites.app.origin, `from=BTC&to=USDT.tron&amount=0.01&config=${config}`);
    await expect(widget.configRefused, kind).toBeVisible();
    await expect(widget.reviewButton, kind).toHaveCount(0);
    expect(quotes, kind).toEqual([]);

    // The BFF refuses the same config on a direct call, too.
    const response = await page.request.post(`${sites.app.origin}/api/v1/quote`, {
      headers: { "x-widget-config": config, "content-type": "application/json" },
      data: { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
    });
    expect(response.status(), kind).toBe(400);
    expect((await response.json()).error.code, kind).toBe("validation_error");
  }

  // The control: the genuine config, signed the same way, opens the checkout.
  await widget.goto(sites.app.origin, `from=BTC&to=USDT.tron&amount=0.01&config=${genuine}`);
  await widget.expectQuote();
  await expect(widget.configRefused).toHaveCount(0);
});

test("with includeToken in the signed config, swap_created carries the access token, and it opens the swap", async ({
  page,
  sites,
}) => {
  const config = signConfig({ exp: inSeconds(600), includeToken: true }, widgetKey);
  const partner = new HostPage(page, sites.host);
  await partner.goto(`?from=BTC&to=USDT.tron&amount=0.01&config=${config}`);
  await partner.widget.createSwap();
  const created = await partner.heard("swap_created");
  expect(created.payload.accessToken).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{20,100}$/));
  const read = await page.request.get(`${sites.app.origin}/api/v1/swap/${created.payload.id}`, {
    headers: { "x-swap-token": String(created.payload.accessToken) },
  });
  expect(read.status()).toBe(200);
});

test("a swap made in the widget is listed in the widget after the partner's page reloads, and opens in the widget with its look", async ({
  page,
  sites,
}) => {
  // On the partner's own site (a browser keeps a cross-site frame's storage only where it allows
  // third-party storage: Chromium's private windows, this test's browser, do not).
  const partner = new HostPage(page, sites.ownSite);
  const { widget } = partner;
  await partner.goto("?from=BTC&to=USDT.tron&amount=0.01&theme=dark&locale=en");
  await widget.createSwap();
  const { id } = (await partner.heard("swap_created")).payload as { id: string };
  await expect(widget.depositAddress).toBeVisible();

  // The partner's page reloads (or the person comes back before sending): a fresh checkout, with
  // the swap listed under it.
  await page.reload();
  await widget.expectQuote();
  await expect(widget.swapsOnThisDevice).toBeVisible();
  const link = widget.swapLink(id);
  await expect(link).toHaveAttribute("href", new RegExp(`^/widget/swap/${id}\\?.*theme=dark.*#t=`));
  await link.click();
  await expect(widget.depositAddress).toBeVisible();
});

test("embed.js ignores widget-shaped messages that do not come from its own iframe", async ({ page, sites }) => {
  // The host frames the widget and, beside it, a stranger's frame that posts forged events.
  const partner = new HostPage(page, sites.host);
  await partner.goto("?from=BTC&to=USDT.tron&amount=0.01", { forger: sites.stranger.origin });
  await expect(page.frameLocator("iframe#forger").locator("body")).toBeAttached();
  // The page itself posts one too (same window, wrong source).
  await page.evaluate(() =>
    window.postMessage(
      { source: "swap-checkout", type: "terminal", payload: { id: "SELF00000000", status: "failed" } },
      "*",
    ),
  );
  // Once the host window has seen the forged messages, embed.js has seen them as well.
  await expect.poll(() => partner.messagesFrom(sites.stranger.origin)).toBe(2);
  await expect.poll(() => partner.messagesFrom(sites.host.origin)).toBe(1);
  await partner.heard("ready");
  const events = await partner.received();
  expect(events.filter((e) => e.type === "terminal")).toEqual([]);
  expect(events.some((e) => e.type === "resize" && e.payload.height === 5)).toBe(false);
  // The widget's own iframe was not resized by the forged 5 px.
  const height = await partner.frame.evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height);
  expect(height).toBeGreaterThan(200);
});

test("'Start a new swap' opens the checkout the partner embedded: the signed config, its locks and the presets stay", async ({
  page,
  sites,
}) => {
  const config = signConfig(
    { exp: inSeconds(600), customerId: "cust-9", to: "USDT.tron", destination: { address: TRON_ADDRESS } },
    widgetKey,
  );
  const configsSent: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/quote")) configsSent.push(r.headers()["x-widget-config"] ?? "none");
  });
  const widget = new WidgetPage(page);
  await widget.goto(sites.app.origin, `from=BTC&amount=0.01&theme=dark&config=${config}`);
  await expect(widget.tronAddress).toHaveValue(TRON_ADDRESS);
  await expect(widget.tronAddressValid).toBeVisible();
  await widget.reviewButton.click();
  await widget.createButton.click();
  const swap = new SwapPage(page);
  await swap.expectStatus("waiting_deposit");
  await swap.simulateDeposit({ outcome: "Fails" });
  // The sandbox's buttons went with the deposit: focus stayed in its panel.
  await expect(page.getByRole("heading", { name: "Sandbox controls" })).toBeFocused();
  await swap.pollUntil("failed", "button");

  await expect(swap.newSwap).toHaveAttribute("href", new RegExp(`^/widget\\?.*config=${config}`));
  configsSent.length = 0;
  await swap.newSwap.click();
  await widget.expectQuote();
  await expect(widget.tronAddress).toHaveValue(TRON_ADDRESS);
  await expect(widget.tronAddress).toHaveAttribute("readonly", "");
  await expect(widget.amount).toHaveValue("0.01");
  await expect(page.getByRole("button", { name: /^You receive: USDT (on )?Tron/ })).toBeDisabled();
  await expect(page.getByTestId("widget-document")).toHaveClass(/\bdark\b/);
  // The new checkout's quotes carry the config again (its customerId, its locks).
  expect(configsSent.length).toBeGreaterThan(0);
  expect(new Set(configsSent)).toEqual(new Set([config]));
});

test("a config that sells an asset the service does not offer says so, instead of a picker that will not open", async ({
  page,
  sites,
}) => {
  const widget = new WidgetPage(page);
  const config = signConfig({ exp: inSeconds(600), to: "ZZZ.tron" }, widgetKey);
  await widget.goto(sites.app.origin, `from=BTC&amount=0.01&config=${config}`);
  await expect(
    page.getByRole("status").filter({ hasText: "ZZZ (Tron) is not available for swaps right now" }),
  ).toBeVisible();
  await expect(widget.mainButton).toBeDisabled();
  await expect(widget.mainButton).toHaveText(/Not available right now/);
  // The control: the same page selling an asset that is offered has no such message.
  const offered = signConfig({ exp: inSeconds(600), to: "USDT.tron" }, widgetKey);
  await widget.goto(sites.app.origin, `from=BTC&amount=0.01&config=${offered}`);
  await widget.expectQuote();
  await expect(page.getByTestId("locked-to-unavailable")).toHaveCount(0);
});

test("a config that expires while the widget is open is said at once, the host page hears config_refused, and nothing is created", async ({
  page,
  sites,
}) => {
  // Long enough to reach Review on a busy machine (8 s was not), short enough to wait out.
  const exp = inSeconds(20);
  const config = signConfig({ exp, customerId: "cust-10" }, widgetKey);
  const created: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/api/v1/swap") && r.request().method() === "POST") created.push(r.status());
  });
  const partner = new HostPage(page, sites.host);
  const { widget } = partner;
  await partner.goto(`?from=BTC&to=USDT.tron&amount=0.01&config=${config}`);
  await widget.fillTronAddress();
  await widget.reviewButton.click();
  await expect(widget.configExpired).toHaveCount(0);
  // At its expiry the widget says so by itself, before anyone presses Create, and tells the host
  // page, which can sign a fresh config and mount the widget again.
  await expect(widget.configExpired).toContainText("This checkout's settings from the site have expired", {
    timeout: 30_000,
  });
  await expect.poll(() => partner.configRefusals()).toEqual([{ reason: "expired" }]);
  // The server's clock decides; a second past its expiry there too, Create is refused in words.
  await page.waitForTimeout(Math.max(0, (exp + 1) * 1000 - Date.now()));
  await widget.createButton.click();
  await expect(widget.alert("This checkout's settings from the site have expired. Nothing was created.")).toBeVisible();
  await expect(widget.alert("highlighted fields")).toHaveCount(0);
  expect(created).toEqual([400]);

  // A config refused on arrival is told to the host page the same way.
  await partner.goto(`?from=BTC&to=USDT.tron&amount=0.01&config=${config}`);
  await expect(widget.configRefused).toBeVisible();
  await expect.poll(() => partner.configRefusals()).toEqual([{ reason: "expired" }]);
});

test("on a phone, the asset picker opens where its button is, in view, even when the host page is scrolled far into a tall widget", async ({
  page,
  sites,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const partner = new HostPage(page, sites.host);
  const { widget } = partner;
  await partner.goto("?from=BTC&to=USDT.tron&amount=0.01");
  await widget.expectQuote();
  // Scrolled so the "You receive" button sits low on the screen, as a person reaching it would.
  const button = widget.receiveButton;
  const frame = (await partner.frame.boundingBox())!;
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
  const { dialog } = widget;
  await expect(dialog).toBeVisible();
  // Nor does the partner's page jump under the person's finger to bring it into view.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  for (const part of [dialog.getByRole("heading", { level: 2 }), dialog.getByRole("button", { name: "Close" })]) {
    const box = (await part.boundingBox())!;
    expect(box.y, "the dialog's top is on screen").toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, "the dialog's top is on screen").toBeLessThanOrEqual(667);
  }
});

test("on a 320 or 360 px phone a long estimated amount is shown whole, not cut", async ({ page, sites }) => {
  const widget = new WidgetPage(page);
  for (const [width, query] of [
    [360, "from=USDT.tron&to=BTC&amount=100"],
    [320, "from=USDT.tron&to=BTC&amount=100"],
    [320, "from=BTC&to=USDT.tron&amount=0.05"],
    // About the longest the catalogue gives: "≈ 106,943.27604166" (18 characters).
    [320, "from=ETH.ethereum&to=POL.polygon&amount=14.987654"],
  ] as const) {
    await page.setViewportSize({ width, height: 740 });
    await widget.goto(sites.app.origin, query);
    const amount = widget.estimateShown;
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
  sites,
}) => {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const widget = new WidgetPage(page);
  // Pure red and mid grey: white text on them is 4.0:1; the page's dark ink, 4.46:1.
  for (const accent of ["ff0000", "808080", "1e40af"]) {
    await widget.goto(sites.app.origin, `from=BTC&to=USDT.tron&amount=0.01&theme=light&accent=${accent}`);
    await widget.tronAddress.fill(TRON_ADDRESS);
    await expect(widget.reviewButton).toBeEnabled();
    await expect(page.getByRole("main")).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).withRules(["color-contrast", "landmark-one-main", "region"]).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(" | ")}`),
      accent,
    ).toEqual([]);
  }
});

test("screenshots of the widget: light, dark and a partner accent, at phone and desktop widths", async ({
  page,
  sites,
}) => {
  const shots = shotsDir("widget");
  const looks = [
    { name: "light", query: "theme=light" },
    { name: "dark", query: "theme=dark" },
    { name: "accent", query: "theme=light&accent=6d28d9" },
  ];
  const widget = new WidgetPage(page);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const look of looks) {
      await widget.goto(sites.app.origin, `from=ETH&to=USDC.base&amount=0.5&${look.query}`);
      await widget.expectQuote("ETH");
      await page.screenshot({ path: `${shots}${look.name}-${viewport.width}.png`, fullPage: true });
    }
  }
  await page.goto(`${sites.app.origin}/widget/embed`);
  await expect(page.getByRole("heading", { name: "Embed the checkout" })).toBeVisible();
  await expect(new WidgetPage(page, page.frameLocator("iframe")).quoteDetails).toBeVisible();
  await page.screenshot({ path: `${shots}embed-1280.png`, fullPage: true });
});

test("the embed page: asset pickers, HTML and React snippets shown whole, an accent contrast warning, a phone-width preview, and a reference", async ({
  page,
  sites,
}) => {
  // Four axe runs and full-page screenshots of a page holding the widget: past 60 s on a busy machine.
  test.setTimeout(150_000);
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${sites.app.origin}/widget/embed`);
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
      await page.screenshot({ path: `${shotsDir("widget")}embed-${width}-${colorScheme}.png`, fullPage: true });
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
