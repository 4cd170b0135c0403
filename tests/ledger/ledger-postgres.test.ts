// The ledger on a Postgres 15 server started for the file: every case of tests/ledger/cases/.
import { describeLedgerOn } from "./cases/suite";
import { postgresDriver } from "./support/ledger-harness";

describeLedgerOn(postgresDriver());
