// Shipped JavaScript per page: the sum of the gzip sizes of every script a real Chromium loads for
// it, against the production build (`npm run build` first). The floor is not a page of the product:
// a hello-world App Router app (one layout, one page, no dependencies of ours) is built in a scratch
// directory against the same installed next and react, started with `next start`, and measured the
// same way. `npm run measure:js [-- /path ...]` (default: `/`, a swap page, `/widget`).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../playwright.config";
import { freePort, repoRoot, startApp } from "../tests/support/servers";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/swap/ABCDEFGHJKLM", "/widget"];
const nextBin = join(repoRoot, "node_modules", "next", "dist", "bin", "next");

/** Builds and starts the hello-world app; inside the repository so it resolves the same node_modules. */
async function startFloor(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dir = join(repoRoot, ".measure-js", "hello");
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, "app"), { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "hello-floor", private: true }) + "\n");
  await writeFile(join(dir, "next.config.mjs"), "export default {};\n");
  await writeFile(
    join(dir, "app", "layout.jsx"),
    'export default function Layout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  );
  await writeFile(join(dir, "app", "page.jsx"), "export default function Page() {\n  return <main>Hello</main>;\n}\n");
  // Next finds the repository's instrumentation.ts from inside it too (server side only: it ships no
  // browser JavaScript), so the floor starts the way our server does, on the sandbox.
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" as const, SANDBOX: "1" };
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: dir, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the hello-world build failed:\n${build.stdout}\n${build.stderr}`);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env, stdio: "ignore" });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(origin).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error("the hello-world app did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      child.kill("SIGTERM");
      await rm(join(repoRoot, ".measure-js"), { recursive: true, force: true });
    },
  };
}

type Row = { page: string; scripts: number; rawBytes: number; gzipBytes: number };

const floor = await startFloor();
const app = await startApp();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
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
