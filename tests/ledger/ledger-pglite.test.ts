// The ledger on embedded PGlite, in a directory of the file's own: every case of tests/ledger/cases/.
import { describeLedgerOn } from "./cases/suite";
import { pgliteDriver } from "./support/ledger-harness";

describeLedgerOn(pgliteDriver());
