// The ledger on embedded PGlite, in a directory of the file's own: every case of tests/ledger/cases/.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openLedgerDb } from "@/lib/ledger/db";
import { describeLedgerOn } from "./cases/suite";
import { pgliteDriver } from "./support/ledger-harness";

describeLedgerOn(pgliteDriver());

it("keeps its buffer pool to 16 MB of the app's memory, not Postgres's 128 MB", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-pglite-pool-"));
  const ledger = await openLedgerDb({ dir });
  try {
    const answer = (await ledger.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: Array<{ shared_buffers: string }>;
    };
    expect(answer.rows[0]?.shared_buffers).toBe("16MB");
  } finally {
    await ledger.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
