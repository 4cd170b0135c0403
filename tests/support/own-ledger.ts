// The in-process tests reach the BFF's ledger at its default LEDGER_DIR (.data/ledger), which is the
// developer's own: `npm start`'s dashboard listed the tests' swaps, and while `npm start` held the
// directory's lock those tests waited out their timeouts. Each test file gets a ledger of its own,
// under the run's directory (ledger-root.ts).
import { mkdtempSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

if (!process.env.LEDGER_DIR) process.env.LEDGER_DIR = mkdtempSync(path.join(inject("testLedgerRoot"), "ledger-"));
