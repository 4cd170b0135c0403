// SANDBOX=1 on a ledger that holds the real service's swaps: the embedded sandbox starts on an
// empty ledger, and once let go of whatever the ledger held. It must refuse to start instead,
// with one line naming the variable, and leave every swap where it was.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedgerDb, type LedgerTarget } from "@/lib/ledger/db";
import { ledgerTotals } from "@/lib/ledger/queries";
import { startPostgres, type RunningPostgres } from "../support/postgres";
import { logMessages, startApp } from "../support/servers";
import { newSwap } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { NO_LIMITS, upstreamModeEnv } from "./fixtures";
import { sleep } from "@/lib/timing";

let upstream: Upstream;
let postgres: RunningPostgres;
const dir = mkdtempSync(path.join(tmpdir(), "swap-sandbox-ledger-"));
beforeAll(async () => {
  [upstream, postgres] = await Promise.all([
    startUpstream({ SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" }),
    startPostgres(),
  ]);
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function swapsIn(target: LedgerTarget): Promise<number> {
  const connection = await openLedgerDb(target);
  try {
    return (await ledgerTotals(connection.db, {})).count;
  } finally {
    await connection.close();
  }
}

/** The service's swaps made through the app on `ledger`, written through to it as they are created. */
async function serviceSwapsOn(ledger: Record<string, string>, target: LedgerTarget, count: number) {
  const app = await startApp({ ...upstreamModeEnv(upstream), ...NO_LIMITS, ...ledger });
  try {
    for (let i = 0; i < count; i++) await newSwap(app.origin);
    for (let waited = 0; waited < 10_000; waited += 200) {
      // The write-through is fire-and-forget: wait until the rows are there.
      if ((await swapsIn(target).catch(() => 0)) >= count) break;
      await sleep(200);
    }
  } finally {
    await app.stop();
  }
}

/** Starts the embedded sandbox on `ledger` and returns its output once it has stopped by itself. */
async function sandboxStartFails(ledger: Record<string, string>): Promise<string> {
  const outcome = await startApp({ SANDBOX: "1", ...NO_LIMITS, ...ledger }).then(
    async (app) => {
      await app.stop();
      return null;
    },
    (error: unknown) => String(error),
  );
  expect(outcome, "the sandbox started on the service's ledger").not.toBeNull();
  return outcome!;
}

// Each test starts the app two or three times.
describe("the embedded sandbox on the real service's ledger", { timeout: 180_000 }, () => {
  it("refuses to start on a LEDGER_DIR that holds the service's swaps, naming LEDGER_DIR, and keeps them all", async () => {
    await serviceSwapsOn({ LEDGER_DIR: dir }, { dir }, 1);
    const held = await swapsIn({ dir });
    expect(held).toBeGreaterThanOrEqual(1);
    const output = await sandboxStartFails({ LEDGER_DIR: dir });
    const lines = logMessages(output)
      .split("\n")
      .filter((l) => l.includes("LEDGER_DIR"));
    expect(lines, output).toHaveLength(1);
    expect(output).not.toMatch(/\n\s+at /);
    expect(lines[0]).toContain(
      `[config] LEDGER_DIR: ${dir} holds ${held} swap${held === 1 ? "" : "s"} of the service at ${upstream.origin}, and the embedded sandbox would delete them`,
    );
    expect(output).not.toMatch(/let go of/);
    expect(await swapsIn({ dir })).toBe(held);
  });

  it("refuses to start on a DATABASE_URL that holds the service's swaps, naming DATABASE_URL and not its password", async () => {
    await serviceSwapsOn({ DATABASE_URL: postgres.url }, { databaseUrl: postgres.url }, 1);
    const held = await swapsIn({ databaseUrl: postgres.url });
    expect(held).toBeGreaterThanOrEqual(1);
    const output = await sandboxStartFails({ DATABASE_URL: postgres.url });
    const lines = logMessages(output)
      .split("\n")
      .filter((l) => l.includes("DATABASE_URL"));
    expect(lines, output).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[config\] DATABASE_URL: this database holds \d+ swaps? of the service at http:\/\/127\.0\.0\.1:\d+, /,
    );
    expect(output).not.toContain(postgres.url);
    expect(await swapsIn({ databaseUrl: postgres.url })).toBe(held);
  });

  it("still starts on its own ledger, and on one it had before", async () => {
    const own = mkdtempSync(path.join(tmpdir(), "swap-sandbox-own-"));
    try {
      for (let run = 0; run < 2; run++) {
        const app = await startApp({ SANDBOX: "1", ...NO_LIMITS, LEDGER_DIR: own });
        await newSwap(app.origin);
        await app.stop();
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
