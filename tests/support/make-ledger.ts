// `tsx --conditions=react-server tests/support/make-ledger.ts <dir>`: an empty ledger with every
// migration applied, made in <dir> (which must not exist yet). tests/support/servers.ts runs it in a
// process of its own to make the template it copies for each app: under that condition `server-only`
// is the empty module, in any test runner (Playwright has no alias for it, as vitest has).
import { openLedgerDb } from "@/lib/ledger/db";

const dir = process.argv[2];
if (!dir) {
  console.error("make-ledger: the folder to make the ledger in is its one argument");
  process.exit(2);
}
const ledger = await openLedgerDb({ dir });
await ledger.close();
