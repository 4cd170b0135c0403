// bench:ledger's `-- --screenshots`: the dashboard and a swap's detail with every swap behind it,
// at 390 and 1280 px, light and dark, into docs/screenshots/partner/, with axe on each.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../../../tests/support/servers";
import { log } from "./options";

/** The dashboard with every swap behind it, at 390 and 1280 px, light and dark; axe on each. */
export async function screenshots(origin: string, cookie: string): Promise<number> {
  const { chromium } = await import("@playwright/test");
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const { chromiumArgs } = await import("../../../playwright.config");
  const dir = join(repoRoot, "docs", "screenshots", "partner");
  await mkdir(dir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumArgs,
  });
  let violations = 0;
  try {
    for (const width of [390, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          viewport: { width, height: width === 390 ? 844 : 800 },
          colorScheme: scheme,
        });
        const [name, value] = cookie.split("=") as [string, string];
        await context.addCookies([{ name, value, url: origin }]);
        const page = await context.newPage();
        await page.goto(`${origin}/partner`);
        await page.getByTestId("total-count").and(page.locator("[data-value]")).waitFor();
        await page
          .getByTestId(width === 390 ? "swap-card" : "swap-row")
          .first()
          .waitFor();
        await page.getByRole("img").first().waitFor();
        // The funnel and the volume come from reads of their own, seconds over 100,000 orders.
        await page.getByTestId("funnel-chart").or(page.getByTestId("funnel-empty")).waitFor({ timeout: 120_000 });
        await page.getByTestId("volume").locator("ul, p").first().waitFor({ timeout: 120_000 });
        await page.screenshot({ path: join(dir, `dashboard-${width}-${scheme}.png`), fullPage: true });
        const axe = await new AxeBuilder({ page }).analyze();
        violations += axe.violations.length;
        for (const v of axe.violations) log(`axe ${width} ${scheme}: ${v.id} ${v.help} (${v.nodes.length})`);
        await page
          .getByRole("button", { name: /^Open swap / })
          .filter({ visible: true })
          .first()
          .click();
        await page.getByTestId("status-history").waitFor();
        await page.screenshot({ path: join(dir, `detail-${width}-${scheme}.png`) });
        const dialogAxe = await new AxeBuilder({ page }).analyze();
        violations += dialogAxe.violations.length;
        for (const v of dialogAxe.violations)
          log(`axe detail ${width} ${scheme}: ${v.id} ${v.help} (${v.nodes.length})`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  log(`screenshots in docs/screenshots/partner/, axe violations: ${violations}`);
  return violations;
}
