// The time zones the ledger's Postgres knows. The daily summary counts days with `at time zone`
// on the database and with Intl in JavaScript, so a zone must be known to both: Intl still knows
// names Postgres dropped (US/Pacific-New) and Postgres errors on them, which was a 500.
import { sql } from "drizzle-orm";
import { processSingleton } from "@/lib/process-singleton";
import type { LedgerDb } from "./db";

/** Per database, read once (the view reads the zone files: some milliseconds on a server). */
const zonesOf = () => processSingleton("ledger-time-zones", () => new WeakMap<LedgerDb, Promise<Set<string>>>());

async function readZones(db: LedgerDb): Promise<Set<string>> {
  const result = (await db.execute(sql`select name from pg_timezone_names`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  // Postgres finds a zone whatever its case ('europe/berlin'), as Intl does.
  return new Set(result.rows.map((row) => row.name.toLowerCase()));
}

/** Whether Postgres knows the IANA zone `name`: among its pg_timezone_names, in any case. */
export async function isLedgerTimeZone(db: LedgerDb, name: string): Promise<boolean> {
  let zones = zonesOf().get(db);
  if (!zones) {
    zones = readZones(db);
    zonesOf().set(db, zones);
    // A failed read (the database away) is not kept: the next request asks again.
    zones.catch(() => zonesOf().delete(db));
  }
  return (await zones).has(name.toLowerCase());
}
