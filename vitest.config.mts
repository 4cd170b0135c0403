import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    projects: [
      // 15 s, not 5: a file's first test also pays for loading the BFF's modules, which takes
      // seconds on a busy machine (the tests themselves run on a manual clock).
      {
        resolve,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", testTimeout: 15_000 },
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
          fileParallelism: false,
        },
      },
      // Against the production build (`npm run build` first): one app process per file, in turn.
      {
        resolve,
        test: {
          name: "bff",
          include: ["tests/bff/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
