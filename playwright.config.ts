import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { browserWorkers } from "./tests/support/workers";

// Real Chromium (Debian's) against the real production server on the embedded sandbox: one server
// per worker, started by the `app` fixture (tests/e2e/fixtures.ts) on a free port with an empty
// ledger. E2E_PORT picks the few fixed ports some specs serve on (a logo, an SMTP sink) and the
// output folder, so that two work trees can run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
// Chromium's headless shell (Debian's chromium-headless-shell), the browser Playwright itself runs
// headless: the same engine as `chromium` without the full browser's UI process, 10-15 % less CPU on
// this suite. The full browser where the shell is not installed; CHROMIUM_PATH picks either.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Per E2E_PORT, so that two runs side by side keep their own results.
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files, not tests, in parallel: each worker starts its own server (the `app` fixture in
  // tests/e2e/fixtures.ts). One worker more than the cores (tests/support/workers.ts says why);
  // E2E_WORKERS changes that.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? browserWorkers()),
  retries: 0,
  reporter: [["list"]],
  use: {
    // Off: recording costs about a quarter of the suite's time (the screencast alone keeps Chromium's
    // compositor busy). `npx playwright test --trace retain-on-failure` records one when needed.
    trace: "off",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
