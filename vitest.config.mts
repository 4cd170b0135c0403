import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testWorkers } from "./tests/support/workers";

const root = fileURLToPath(new URL(".", import.meta.url));
const resolve = {
  alias: {
    "@/": root,
    "server-only": fileURLToPath(new URL("./tests/support/empty.ts", import.meta.url)),
  },
};

export default defineConfig({
  resolve,
  test: {
    // Files side by side, one per core (tests/support/workers.ts); `--maxWorkers=N` overrides.
    maxWorkers: testWorkers(),
    projects: [
      // 15 s, not 5: a file's first test also pays for loading the BFF's modules, which takes
      // seconds on a busy machine (the tests themselves run on a manual clock).
      {
        resolve,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 15_000,
          // A ledger of their own, never the developer's .data/ledger.
          globalSetup: ["tests/support/ledger-root.ts"],
          setupFiles: ["tests/support/own-ledger.ts"],
        },
      },
      {
        resolve,
        test: { name: "contract", include: ["tests/contract/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
      },
      // The ledger on both drivers: PGlite, and a Postgres 15 server the tests start themselves.
      {
        resolve,
        test: {
          name: "ledger",
          include: ["tests/ledger/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Against the production build (`npm run build` first): each file starts its own app processes
      // (free ports, own ledgers), so files run side by side, one per core. A file's tests wait on
      // the network and the sandbox's clock much of the time.
      {
        resolve,
        test: {
          name: "bff",
          include: ["tests/bff/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
