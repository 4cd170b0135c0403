import { defineConfig, devices } from "@playwright/test";

// Real Chromium (Debian's) against the real production server on the embedded sandbox: one server
// per worker, started by the `app` fixture (tests/e2e/fixtures.ts) on a free port with an empty
// ledger. E2E_PORT picks the few fixed ports some specs serve on (a logo, an SMTP sink) and the
// output folder, so that two work trees can run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
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
  // tests/e2e/fixtures.ts). Two workers fill a 2-core machine; E2E_WORKERS changes that.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  use: {
    // Off: recording costs about a quarter of the suite's time (the screencast alone keeps Chromium's
    // compositor busy). `npx playwright test --trace retain-on-failure` records one when needed.
    trace: "off",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
