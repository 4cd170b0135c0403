// The widget framed by a partner's page through embed.js: the events it hears, who may frame it, forged messages.
import { expect } from "./fixtures";
import { inSeconds, signConfig } from "../support/widget-config";
import { HostPage, widgetKey, widgetTest as test } from "./pages/widget-page";

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
