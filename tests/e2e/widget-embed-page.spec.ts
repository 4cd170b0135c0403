// The embed page /widget/embed: asset pickers, HTML and React snippets, the accent's warning, a phone preview, axe.
import { axe } from "./axe";
import { expect } from "./fixtures";
import { shoot } from "./shots";
import { widgetTest as test } from "./pages/widget-page";

test("the embed page: asset pickers, HTML and React snippets shown whole, an accent contrast warning, a phone-width preview, and a reference", async ({
  page,
  sites,
}) => {
  // Four axe runs and full-page screenshots of a page holding the widget: past 60 s on a busy machine.
  test.setTimeout(150_000);
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
      const results = await axe(page).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.help}`),
        `axe ${colorScheme} ${width}`,
      ).toEqual([]);
      // The header's brand starts where the page's heading does (the page is wider than the checkout).
      const brand = (await page.getByTestId("site-brand").boundingBox())!;
      const heading = (await page.getByRole("heading", { level: 1, name: "Embed the checkout" }).boundingBox())!;
      expect(Math.abs(brand.x - heading.x), `header and page aligned at ${width} px`).toBeLessThanOrEqual(1);
      await shoot(page, "widget", `embed-${width}-${colorScheme}`, { fullPage: true });
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
