// The checkout as a partner embeds it: /widget opened alone, or framed by a partner's page through
// embed.js (served here on loopback origins of its own), the events that page hears, and the app
// the widget specs share (started once for all of them: `widgetTest`).
import { createServer, type Server } from "node:http";
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { startApp, freePort, type RunningApp } from "../../support/servers";
import { widgetConfigKey } from "../../support/widget-config";
import { generousClientLimits } from "../client-limits";
import { test } from "../fixtures";
import { TRON_ADDRESS } from "./checkout-page";

const APP_SECRET = "widget-spec-app-secret-0123456789-abcdefgh";
/** The key the widget app's configs are signed with (a partner derives it from APP_SECRET). */
export const widgetKey = widgetConfigKey(APP_SECRET);

/** An event embed.js hands the partner's page (ready, resize, quote, swap_created, status, terminal, config_refused). */
export type WidgetEvent = { type: string; payload: Record<string, unknown> };

/** The widget's checkout and swap page, in the page itself (/widget) or in the partner page's frame. */
export class WidgetPage {
  readonly quoteDetails: Locator;
  readonly amount: Locator;
  /** The estimate in "You receive", as shown ("≈ 968.61"; the asset is said to screen readers only). */
  readonly estimateShown: Locator;
  readonly tronAddress: Locator;
  readonly tronAddressValid: Locator;
  /** The "You receive" picker's button. */
  readonly receiveButton: Locator;
  /** The form's main button: "Review swap" when ready, else it names what is missing. */
  readonly mainButton: Locator;
  readonly reviewButton: Locator;
  readonly createButton: Locator;
  readonly status: Locator;
  readonly depositAddress: Locator;
  readonly fullDeposit: Locator;
  readonly checkNow: Locator;
  /** "This checkout cannot be opened": a config refused on arrival. */
  readonly configRefused: Locator;
  /** The notice that the config expired while the widget was open. */
  readonly configExpired: Locator;
  readonly swapsOnThisDevice: Locator;
  /** The asset picker, once open. */
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly scope: Page | FrameLocator = page,
  ) {
    this.quoteDetails = scope.getByTestId("quote-details");
    this.amount = scope.getByRole("textbox", { name: "You send", exact: true });
    this.estimateShown = scope.locator('output[aria-labelledby="receive-label"] span:not(.sr-only)');
    this.tronAddress = scope.getByLabel(/Your USDT address on Tron/);
    this.tronAddressValid = scope.getByText("Valid Tron address");
    this.receiveButton = scope.getByRole("button", { name: /^You receive: .* Change asset$/ });
    this.mainButton = scope.getByTestId("main-button");
    this.reviewButton = scope.getByRole("button", { name: "Review swap" });
    this.createButton = scope.getByRole("button", { name: "Create swap" });
    this.status = scope.getByTestId("swap-status");
    this.depositAddress = scope.getByTestId("deposit-address");
    this.fullDeposit = scope.getByRole("button", { name: "Simulate full deposit" });
    this.checkNow = scope.getByRole("button", { name: "Check now" });
    this.configRefused = this.alert("This checkout cannot be opened");
    this.configExpired = scope.getByTestId("config-expired");
    this.swapsOnThisDevice = scope.getByRole("heading", { name: "Your swaps on this device" });
    this.dialog = scope.getByRole("dialog");
  }

  /** The link to swap `id` in "Your swaps on this device". */
  swapLink(id: string): Locator {
    return this.scope.locator(`[data-swap-id="${id}"] a`).first();
  }

  /** An alert that says `text` (a part of it). */
  alert(text: string): Locator {
    return this.scope.getByRole("alert").filter({ hasText: text });
  }

  /** Opens /widget alone on `origin`, with the widget's query ("from=BTC&amount=0.01&config=…"). */
  async goto(origin: string, query: string) {
    await this.page.goto(`${origin}/widget?${query}`);
  }

  /** Waits for a quote: the rate of 1 `from` in the quote's details. */
  async expectQuote(from = "BTC") {
    await expect(this.quoteDetails).toContainText(`1 ${from} ≈`);
  }

  async fillTronAddress() {
    await this.tronAddress.fill(TRON_ADDRESS);
    await expect(this.tronAddressValid).toBeVisible();
  }

  /**
   * Preset to BTC → USDT on Tron with an amount: waits for the quote, enters a valid payout address,
   * reviews and creates the swap. A press on Review that lands as the price renews does nothing, as
   * for a person, who presses again: so does this.
   */
  async createSwap() {
    await this.expectQuote();
    await this.fillTronAddress();
    await expect(async () => {
      if (await this.reviewButton.isVisible()) await this.reviewButton.click({ timeout: 2_000 });
      await expect(this.createButton).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await this.createButton.click();
  }

  /** Plays a full deposit with the sandbox panel and presses "Check now" until the swap has completed. */
  async depositUntilCompleted() {
    await this.fullDeposit.click();
    await expect(async () => {
      await this.checkNow.click({ timeout: 1000 }).catch(() => {});
      await expect(this.status).toHaveAttribute("data-status", "completed", { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  }
}

/** A partner's page that frames the widget through embed.js, and what it heard. */
export class HostPage {
  readonly widget: WidgetPage;
  /** The widget's iframe (embed.js puts it in #checkout). */
  readonly frame: Locator;

  constructor(
    readonly page: Page,
    readonly site: HostSite,
  ) {
    this.widget = new WidgetPage(page, page.frameLocator("#checkout iframe"));
    this.frame = page.locator("#checkout iframe");
  }

  /** Opens the site's page with the widget's query ("?from=BTC&…"); `forger`: a frame from that origin beside it posts forged events. */
  async goto(widgetQuery: string, options: { forger?: string } = {}) {
    const forger = options.forger ? `forger=${encodeURIComponent(options.forger)}&` : "";
    await this.page.goto(`${this.site.origin}/?${forger}w=${encodeURIComponent(widgetQuery)}`);
  }

  /** Every event embed.js handed the page's onEvent, in order. */
  received(): Promise<WidgetEvent[]> {
    return this.page.evaluate(() => (window as unknown as { received: WidgetEvent[] }).received);
  }

  /** Waits until the page has heard an event of `type`, and returns the first. */
  async heard(type: string): Promise<WidgetEvent> {
    await expect.poll(async () => (await this.received()).some((e) => e.type === type)).toBe(true);
    return (await this.received()).find((e) => e.type === type)!;
  }

  /** The payloads of the `config_refused` events heard so far. */
  async configRefusals() {
    return (await this.received()).filter((e) => e.type === "config_refused").map((e) => e.payload);
  }

  /** How many messages of any kind the host window got from `origin` (embed.js's or not). */
  messagesFrom(origin: string): Promise<number> {
    return this.page.evaluate(
      (o) =>
        (window as unknown as { allMessages: Array<{ origin: string }> }).allMessages.filter((m) => m.origin === o)
          .length,
      origin,
    );
  }
}

// The partner's site: a page that mounts the widget with embed.js, and a stranger's "ad" that, framed
// beside it, posts widget-shaped events to its parent.
type HostSite = { server: Server; origin: string };

const forgerPage = `<!doctype html><html><head><title>Ad</title></head><body><script>
  parent.postMessage({ source: "swap-checkout", type: "terminal", payload: { id: "FORGED000000", status: "completed" } }, "*");
  parent.postMessage({ source: "swap-checkout", type: "resize", payload: { height: 5 } }, "*");
</script></body></html>`;

function hostHtml(appOrigin: string, widgetQuery: string, forgerOrigin?: string) {
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

/** Serves the partner's site on `hostname` (a loopback name: each is an origin of its own), embedding the app at `appOrigin()`. */
async function serveHostSite(hostname: string, appOrigin: () => string): Promise<HostSite> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (url.pathname === "/forger") return res.end(forgerPage);
    const query = url.searchParams.get("w") ?? "";
    const forger = url.searchParams.get("forger");
    res.end(hostHtml(appOrigin(), query, forger ?? undefined));
  });
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  return { server, origin: `http://${hostname}:${port}` };
}

/** The app the widget specs share, with its APP_SECRET, and the sites around it. */
export type WidgetSites = {
  app: RunningApp;
  /** The partner's site, allowed to frame the widget ("localhost"; the app is "127.0.0.1"). */
  host: HostSite;
  /** A site that is not in WIDGET_ALLOWED_ORIGINS ("127.0.0.2"). */
  stranger: HostSite;
  /** A partner that runs the checkout on its own site (checkout.shop.example in shop.example): same host name. */
  ownSite: HostSite;
};

/**
 * The browser tests' `test` with `sites`: one app and its host sites per worker, started when a
 * widget spec first asks and shared by every widget spec file after it (they run in one worker:
 * Playwright groups files by their worker fixtures), stopped with the worker.
 */
export const widgetTest = test.extend<object, { sites: WidgetSites }>({
  // The worker's server is the widget's app (no second one for the worker).
  app: [async ({ sites }, use) => use(sites.app), { scope: "worker" }],
  sites: [
    async ({}, use) => {
      let app: RunningApp | undefined;
      const appOrigin = () => app!.origin;
      const host = await serveHostSite("localhost", appOrigin);
      const stranger = await serveHostSite("127.0.0.2", appOrigin);
      const ownSite = await serveHostSite("127.0.0.1", appOrigin);
      try {
        app = await startApp({
          APP_SECRET,
          WIDGET_ALLOWED_ORIGINS: `${host.origin},${ownSite.origin}`,
          SANDBOX_STEP_SECONDS: "1",
          ...generousClientLimits,
        });
        await use({ app, host, stranger, ownSite });
      } finally {
        await app?.stop();
        for (const site of [host, stranger, ownSite]) site.server.close();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
});
