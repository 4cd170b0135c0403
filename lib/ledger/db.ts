// Opens the ledger's Postgres: embedded PGlite in a directory, or a server through node-postgres,
// and applies the committed migrations before anything else uses it.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type LedgerDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type LedgerConnection = {
  db: LedgerDb;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
};

export type LedgerTarget = { databaseUrl: string } | { dir: string } | { memory: true };

const migrationsFolder = () => path.join(process.cwd(), "lib/ledger/migrations");

// Any number, the same in every instance: instances that start together migrate one at a time.
const MIGRATION_LOCK = 7_301_013;

export async function openLedgerDb(target: LedgerTarget): Promise<LedgerConnection> {
  if ("databaseUrl" in target) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: target.databaseUrl, max: 5 });
    pool.on("error", (error) => console.warn("[ledger] postgres connection error:", error.message));
    const db = drizzle(pool, { schema }) as unknown as LedgerDb;
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(pool, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return { db, driver: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  if ("dir" in target) {
    mkdirSync(target.dir, { recursive: true });
    client = await PGlite.create(target.dir);
  } else {
    client = await PGlite.create();
  }
  const pg = drizzle(client, { schema });
  await migrate(pg, { migrationsFolder: migrationsFolder() });
  await pg.execute(sql`select 1`);
  return { db: pg as unknown as LedgerDb, driver: "pglite", close: () => client.close() };
}
