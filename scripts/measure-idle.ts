// What a page costs a browser while nobody touches it: the CPU of every Chromium process over 15 s
// of an open, loaded page (after 6 s to settle), and the CSS animations still running then. A page
// that waits for a deposit is open for many minutes on a phone. Against the production build (`npm
// run build` first), on the embedded sandbox, in Debian's headless shell with the tests' flags, one
// page at a time. `npm run measure:idle`; docs/benchmarks.md has the figures.
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../playwright.config";
import { startApp } from "../tests/support/servers";
import { newSwapPath } from "./bench/new-swap";

const SETTLE_MS = 6_000;
const MEASURE_MS = 15_000;
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, in clock ticks) of every process whose command line names the browser. */
function browserTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!/chromium|headless_shell/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"))) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while it was read.
    }
  }
  return ticks;
}

const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: chromiumArgs,
});
try {
  const pages = [
    ["/", "/"],
    ["/swap/{id}, waiting for the deposit", await newSwapPath(app.origin)],
    ["/widget", "/widget"],
  ] as const;
  console.log("| page | width | browser CPU, idle | animations running |\n|---|---:|---:|---|");
  for (const [label, path] of pages) {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      await page.goto(app.origin + path);
      await page.waitForTimeout(SETTLE_MS);
      const before = browserTicks();
      await page.waitForTimeout(MEASURE_MS);
      const share = (browserTicks() - before) / TICKS_PER_SECOND / (MEASURE_MS / 1000);
      const running = await page.evaluate(
        () => document.getAnimations().filter((animation) => animation.playState === "running").length,
      );
      console.log(`| ${label} | ${width} | ${(share * 100).toFixed(1)} % of a core | ${running} |`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
