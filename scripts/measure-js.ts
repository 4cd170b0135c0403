// Shipped JavaScript per page: the sum of the gzip sizes of every script a real Chromium loads for
// it, against the production build. `npm run measure:js` (after `npm run build`).
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../playwright.config";
import { startApp } from "../tests/support/servers";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/hello"];

const app = await startApp();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
const rows: Array<{ page: string; scripts: number; rawBytes: number; gzipBytes: number }> = [];
try {
  for (const path of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.body());
    });
    await page.goto(app.origin + path, { waitUntil: "networkidle" });
    const scripts = await Promise.all(bodies);
    rows.push({
      page: path,
      scripts: scripts.length,
      rawBytes: scripts.reduce((sum, b) => sum + b.length, 0),
      gzipBytes: scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log("| page | scripts | raw | gzip |\n|---|---:|---:|---:|");
for (const r of rows) console.log(`| \`${r.page}\` | ${r.scripts} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} |`);
console.log(JSON.stringify({ measuredAt: new Date().toISOString(), rows }));
