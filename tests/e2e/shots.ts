// The browser tests' screenshots, taken only when a run asks for them: `npm run screenshots` sets
// SCREENSHOTS_DIR=docs/screenshots to refresh the committed ones, and SCREENSHOTS=1 writes them
// under test-results/screenshots/ (new swap ids and times every run, so the work tree stays clean).
// `npm test` takes none: a full-page picture at two widths in two schemes is a relayout and a PNG
// encode each, minutes of the suite's CPU that no assertion reads.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, PageScreenshotOptions } from "@playwright/test";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Whether this run writes screenshots (SCREENSHOTS_DIR set, or SCREENSHOTS=1). */
export const takingScreenshots = Boolean(process.env.SCREENSHOTS_DIR) || process.env.SCREENSHOTS === "1";

/** Why a test that only takes pictures is skipped in a run that takes none. */
export const screenshotsOnly = "takes screenshots only: `npm run screenshots` or SCREENSHOTS=1 runs it";

/** The directory (ending in a separator, created if missing) for one group of screenshots, e.g. "checkout". */
function shotsDir(group: string): string {
  const base = path.resolve(root, process.env.SCREENSHOTS_DIR || "test-results/screenshots");
  const dir = path.join(base, group) + path.sep;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Saves `page` as <group>/<name>.png when this run takes screenshots; nothing otherwise. */
export async function shoot(
  page: Page,
  group: string,
  name: string,
  options: Omit<PageScreenshotOptions, "path"> = {},
): Promise<void> {
  if (!takingScreenshots) return;
  if (options.fullPage)
    await page.evaluate(async () => {
      // From its top: scrolled down (a button clicked below the fold), the page's sticky status
      // would be drawn over the middle of the picture.
      window.scrollTo(0, 0);
      // Every logo drawn, as a person scrolling would see them: the lazy ones out of view (or
      // swapped in while the page was scrolled away) have not loaded yet.
      const images = [...document.images];
      for (const image of images) image.loading = "eager";
      const drawn = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, 5000))]);
      // Decoded is not yet painted: two frames more.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  await page.screenshot({ ...options, path: `${shotsDir(group)}${name}.png` });
}
