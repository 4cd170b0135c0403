// Opens the ledger's Postgres: embedded PGlite in a directory, or a server through node-postgres,
// and applies the committed migrations before anything else uses it.
import "server-only";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { log } from "@/lib/observability/log";

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

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * PGlite is one process's database: a second process on the same directory corrupts it. A lock
 * file beside the directory names the process that holds it; one that is gone is taken over. A
 * start waits up to `waitMs` for a holder that is stopping (a restart on one machine).
 */
async function lockDir(dir: string, waitMs: number): Promise<() => void> {
  const file = `${dir}.lock`;
  const atExit = () => {
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
  const release = () => {
    process.off("exit", atExit);
    atExit();
  };
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      process.once("exit", atExit);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = holderOf(file);
    if (holder === process.pid) return release;
    if (holder === null || !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `LEDGER_DIR ${dir} is in use by process ${holder}: the embedded ledger serves one process (several instances need DATABASE_URL)`,
      );
    }
    await sleep(250);
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Postgres's buffer pool in PGlite: 16 MB, for Postgres's default 128 MB. The pool lives in the app's
 * memory and is set up at every start: an instance started at 403-427 MiB RSS with 128 MB, at
 * 284-301 MiB with 16 MB, and spent 0.2-0.5 s less CPU starting. The heaviest dashboard read (the
 * funnel over 100,000 orders) is about 15 % slower, within its spread (docs/benchmarks.md); a ledger
 * that size belongs on Postgres (DATABASE_URL).
 */
const BUFFER_POOL = ["-c", "shared_buffers=16MB"];

export async function openLedgerDb(
  target: LedgerTarget,
  options: { lockWaitMs?: number } = {},
): Promise<LedgerConnection> {
  if ("databaseUrl" in target) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // A server that does not answer (a host dropping packets) fails a request in 5 s, not the
    // operating system's minutes: the dashboard says so (503) instead of hanging.
    const pool = new Pool({ connectionString: target.databaseUrl, max: 5, connectionTimeoutMillis: 5_000 });
    pool.on("error", (error) => log().warn(`[ledger] postgres connection error: ${error.message}`));
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
  const startParams = [...PGlite.defaultStartParams, ...BUFFER_POOL];
  let client: InstanceType<typeof PGlite>;
  let unlock = () => {};
  if ("dir" in target) {
    mkdirSync(target.dir, { recursive: true });
    unlock = await lockDir(target.dir, options.lockWaitMs ?? 0);
    client = await PGlite.create(target.dir, { startParams });
  } else {
    client = await PGlite.create({ startParams });
  }
  const pg = drizzle(client, { schema });
  await migrate(pg, { migrationsFolder: migrationsFolder() });
  await pg.execute(sql`select 1`);
  return { db: pg as unknown as LedgerDb, driver: "pglite", close: () => client.close().finally(unlock) };
}
