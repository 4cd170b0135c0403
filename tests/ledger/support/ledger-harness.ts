// The ledger tests' harness: a driver for a test file (embedded PGlite, or a Postgres 15 server), and for each test a
// fresh sandbox over HTTP on a manual clock, a client on it and an emptied ledger.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { sql } from "drizzle-orm";
import { createPartnerClient, type PartnerClient } from "@/lib/partner/client";
import { createManualClock } from "@/lib/sandbox/clock";
import { openLedgerDb, type LedgerConnection, type LedgerTarget } from "@/lib/ledger/db";
import type { SyncDeps } from "@/lib/ledger/sync";
import { startPostgres, type RunningPostgres } from "@/tests/support/postgres";
import { startSandbox, type RunningSandbox } from "@/tests/support/servers";

const KEY = "lsk_test_sandbox";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export type Driver = { name: "pglite" | "postgres"; target: () => LedgerTarget };

/** For one test file: embedded PGlite in a directory of the file's own, removed after the file. */
export function pgliteDriver(): Driver {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "ledger-pglite-"));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return { name: "pglite", target: () => ({ dir }) };
}

/** For one test file: a Postgres 15 server started before the file's tests and stopped after. */
export function postgresDriver(): Driver {
  let postgres: RunningPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });
  return { name: "postgres", target: () => ({ databaseUrl: postgres!.url }) };
}

/** What a test on one driver works with; `connection`, `upstreamCalls` and `now` are the test's to change. */
export type LedgerTest = {
  driver: Driver;
  clock: ReturnType<typeof createManualClock>;
  sandbox: RunningSandbox;
  client: PartnerClient;
  connection: LedgerConnection;
  /** The query of every list call the sync made. */
  upstreamCalls: string[];
  /** The sync's clock, moved by the test. */
  now: number;
  deps: (conn?: LedgerConnection) => SyncDeps;
  /** The sandbox's seed control. */
  seed: (body: Record<string, unknown>) => Promise<unknown>;
  /** The sandbox's deposit control: the swap is paid in full and goes on by itself. */
  deposit: (id: string) => Promise<Response>;
  newSwap: (externalId?: string) => ReturnType<PartnerClient["createSwap"]>;
};

/** For one describe block on `driver`: before each test a fresh sandbox, client and emptied ledger; after, closed. */
export function ledgerPerTest(driver: Driver): LedgerTest {
  const t = { driver } as LedgerTest;

  t.deps = (conn = t.connection) => ({
    db: conn.db,
    listSwaps: (query) => {
      t.upstreamCalls.push(new URLSearchParams(query as Record<string, string>).toString());
      return t.client.listSwaps(query);
    },
    events: true,
    now: () => t.now,
  });

  t.seed = (body) =>
    fetch(`${t.sandbox.origin}/sandbox/seed`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());

  t.deposit = (id) =>
    fetch(`${t.sandbox.origin}/sandbox/swaps/${id}/deposit`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: "{}",
    });

  t.newSwap = async (externalId = "order-1") => {
    const quote = await t.client.createQuote({
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
      externalId,
      customerId: "cust-9",
    });
    return t.client.createSwap({ quoteId: quote.id, destination: { address: TRON_ADDRESS } });
  };

  beforeEach(async () => {
    t.clock = createManualClock();
    t.sandbox = await startSandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" }, t.clock);
    t.client = createPartnerClient({
      baseUrl: t.sandbox.baseUrl,
      apiKey: KEY,
      transport: (url, init) => fetch(url, init),
      timeoutMs: 5_000,
      sleep: async () => {},
    });
    t.connection = await openLedgerDb(driver.target());
    await t.connection.db.execute(
      sql`truncate swaps, swap_status_history, ledger_sync_state, webhook_deliveries cascade`,
    );
    t.upstreamCalls = [];
    t.now = t.clock.now();
  });
  afterEach(async () => {
    await t.connection.close();
    await t.sandbox.close();
  });

  return t;
}
