import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { generousClientLimits } from "./tests/e2e/client-limits";

// Real Chromium (Debian's) against the real production server on the embedded sandbox. Tests that
// need other settings start their own server with tests/support/servers.ts.
// E2E_PORT lets two work trees run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
// The server's ledger starts empty each run (the sandbox it mirrors starts empty too).
const ledgerDir = path.join(tmpdir(), `swap-e2e-ledger-${port}`);
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
  // Per port, so that shards running side by side (scripts/test.sh) keep their own traces.
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Off: recording costs about a quarter of the suite's time (the screencast alone keeps Chromium's
    // compositor busy). `npx playwright test --trace retain-on-failure` records one when needed.
    trace: "off",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf '${ledgerDir}' && node server/start.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A cold start on a busy 2-core machine took over 45 s: 60 s left no margin.
    timeout: 180_000,
    env: {
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      SANDBOX: "1",
      SANDBOX_STEP_SECONDS: "1",
      LEDGER_DIR: ledgerDir,
      ...generousClientLimits,
      // The embedded sandbox's key is the run's canary (scripts/test.sh), so the browser-log watch
      // in tests/e2e/fixtures.ts looks for the very key this server uses.
      ...(process.env.LEAK_CANARY_KEY ? { SANDBOX_API_KEY: process.env.LEAK_CANARY_KEY } : {}),
    },
  },
});
