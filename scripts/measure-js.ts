// Shipped JavaScript per page: the sum of the gzip sizes of every script a real Chromium loads for
// it, against the production build (`npm run build` first). The floor is not a page of the product:
// a hello-world App Router app (one layout, one page, no dependencies of ours) is built in a scratch
// directory against the same installed next and react, started with `next start`, and measured the
// same way. `npm run measure:js [-- /path ...]` (default: `/`, a swap page, `/widget`).
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../playwright.config";
import { startApp } from "../tests/support/servers";
import { startFloor } from "./hello-floor";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/swap/ABCDEFGHJKLM", "/widget"];

type Row = { page: string; scripts: number; rawBytes: number; gzipBytes: number };

const floor = await startFloor();
const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: chromiumArgs,
});
const rows: Row[] = [];
async function measure(label: string, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const scripts = await Promise.all(bodies);
  rows.push({
    page: label,
    scripts: scripts.length,
    rawBytes: scripts.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
  });
  await context.close();
}
try {
  await measure("floor: hello-world app, same next/react", floor.origin + "/");
  for (const path of pages) await measure(path, app.origin + path);
} finally {
  await browser.close();
  await app.stop();
  await floor.stop();
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const base = rows[0]!.gzipBytes;
console.log("| page | scripts | raw | gzip | over the floor |\n|---|---:|---:|---:|---:|");
for (const r of rows)
  console.log(
    `| ${r === rows[0] ? r.page : `\`${r.page}\``} | ${r.scripts} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} | ${r === rows[0] ? "" : kb(r.gzipBytes - base)} |`,
  );
console.log(JSON.stringify({ measuredAt: new Date().toISOString(), floorGzipBytes: base, rows }));
