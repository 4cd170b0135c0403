// The widget's look: the picker in view on a phone, long amounts at 320 px, a partner's accent, and its screenshots.
import { axe } from "./axe";
import { expect } from "./fixtures";
import { screenshotsOnly, shoot, takingScreenshots } from "./shots";
import { TRON_ADDRESS } from "./pages/checkout-page";
import { HostPage, WidgetPage, widgetTest as test } from "./pages/widget-page";

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
  const widget = new WidgetPage(page);
  // Pure red and mid grey: white text on them is 4.0:1; the page's dark ink, 4.46:1.
  for (const accent of ["ff0000", "808080", "1e40af"]) {
    await widget.goto(sites.app.origin, `from=BTC&to=USDT.tron&amount=0.01&theme=light&accent=${accent}`);
    await widget.tronAddress.fill(TRON_ADDRESS);
    await expect(widget.reviewButton).toBeEnabled();
    await expect(page.getByRole("main")).toHaveCount(1);
    const results = await axe(page).withRules(["color-contrast", "landmark-one-main", "region"]).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(" | ")}`),
      accent,
    ).toEqual([]);
  }
});

test("screenshots of the widget: light, dark and a partner accent, at phone and desktop widths", async ({
  page,
  sites,
}) => {
  // Pictures only: the accent's contrast and the phone layout are asserted by the tests above.
  test.skip(!takingScreenshots, screenshotsOnly);
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
      await shoot(page, "widget", `${look.name}-${viewport.width}`, { fullPage: true });
    }
  }
  await page.goto(`${sites.app.origin}/widget/embed`);
  await expect(page.getByRole("heading", { name: "Embed the checkout" })).toBeVisible();
  await expect(new WidgetPage(page, page.frameLocator("iframe")).quoteDetails).toBeVisible();
  await shoot(page, "widget", "embed-1280", { fullPage: true });
});
