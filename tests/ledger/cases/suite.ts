// The ledger's suite on one driver, as one describe block: the sync's cases, provenance's, then the webhooks'.
import { describe } from "vitest";
import { ledgerPerTest, type Driver } from "../support/ledger-harness";
import { ledgerProvenanceCases } from "./provenance";
import { ledgerSyncCases } from "./sync";
import { ledgerWebhookCases } from "./webhooks";

/** Registers every case on `driver`, named "the ledger on '<driver>' > …" as when both drivers shared a file. */
export function describeLedgerOn(driver: Driver) {
  describe(`the ledger on '${driver.name}'`, () => {
    const t = ledgerPerTest(driver);
    ledgerSyncCases(t);
    ledgerProvenanceCases(t);
    describe("webhooks", () => ledgerWebhookCases(t));
  });
}
