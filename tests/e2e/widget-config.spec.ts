// Signed widget configs: bad ones refused, locks kept for a new swap, an asset not offered, expiry while open.
import { expect } from "./fixtures";
import { inSeconds, signConfig } from "../support/widget-config";
import { SwapPage } from "./pages/swap-page";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { HostPage, WidgetPage, widgetKey, widgetTest as test } from "./pages/widget-page";

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
