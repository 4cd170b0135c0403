// `npx drizzle-kit generate` writes a new migration into lib/ledger/migrations after a change to
// lib/ledger/schema.ts. Migrations are committed; the ledger applies them when it opens.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/ledger/schema.ts",
  out: "./lib/ledger/migrations",
});
