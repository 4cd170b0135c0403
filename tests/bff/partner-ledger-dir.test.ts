// The embedded ledger's directory over HTTP: a restart on a new sandbox starts it empty; one process holds it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it, expect } from "vitest";
import { startApp } from "../support/servers";
import type { DashboardSwapList } from "@/lib/schema/dashboard";
import { call, postJson } from "./requests";
import { APP_SECRET, NO_CLIENT_LIMITS } from "./fixtures";
import { BIG_BUDGET, NO_SANDBOX_LIMIT, PASSWORD, ledgerHolds, sessionCookie } from "./partner-dashboard";

/** An app's settings on a ledger directory of the test's own (an empty temp folder), which outlives each app. */
function onOwnLedgerDir(prefix: string) {
  const ledgerDir = mkdtempSync(path.join(tmpdir(), prefix));
  const env = {
    PARTNER_DASHBOARD_PASSWORD: PASSWORD,
    APP_SECRET,
    LEDGER_DIR: ledgerDir,
    ...NO_CLIENT_LIMITS,
    ...NO_SANDBOX_LIMIT,
    ...BIG_BUDGET,
  };
  return { ledgerDir, env };
}

describe("a restart on the embedded sandbox (npm run dev keeps .data/ledger; the sandbox lives in memory)", () => {
  it("starts the dashboard empty, like the new sandbox, instead of listing swaps that no longer exist", async () => {
    const { ledgerDir, env } = onOwnLedgerDir("swap-dev-ledger-");
    try {
      let app = await startApp(env);
      try {
        expect((await postJson(app.origin, "/api/sandbox/seed", { count: 7 })).status).toBe(200);
        await ledgerHolds(app.origin, await sessionCookie(app.origin), 7);
      } finally {
        await app.stop();
      }
      app = await startApp(env);
      try {
        const cookie = await sessionCookie(app.origin);
        const list = await call(app.origin, "/api/partner/swaps", { headers: { cookie } });
        expect(list.status, list.raw).toBe(200);
        expect((list.json as DashboardSwapList).total).toBe(0);
        expect(app.logs()).toMatch(/let go of 7 swaps recorded from an earlier run/);
        // What this run's sandbox makes is kept as usual.
        expect((await postJson(app.origin, "/api/sandbox/seed", { count: 3 })).status).toBe(200);
        await ledgerHolds(app.origin, cookie, 3);
      } finally {
        await app.stop();
      }
    } finally {
      rmSync(ledgerDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("one LEDGER_DIR, one process (the embedded ledger cannot be shared)", () => {
  it("keeps a second process off a directory in use, leaving the first one's ledger whole, and hands it over when the first stops", async () => {
    const { ledgerDir, env } = onOwnLedgerDir("swap-shared-ledger-");
    const first = await startApp(env);
    try {
      expect((await postJson(first.origin, "/api/sandbox/seed", { count: 3 })).status).toBe(200);
      const cookie = await sessionCookie(first.origin);
      await ledgerHolds(first.origin, cookie, 3);

      // A second process on the same directory waits for it at start, then runs without a ledger.
      const second = await startApp(env);
      try {
        expect(second.logs()).toMatch(
          new RegExp(
            `\\[ledger\\] could not open the ledger: (Error: )?LEDGER_DIR .* is in use by process ${first.pid}`,
          ),
        );
        expect(second.logs()).not.toMatch(/let go of/);
      } finally {
        await second.stop();
      }
      await ledgerHolds(first.origin, cookie, 3, 2_000);

      // A restart on one machine: the new process starts while the old one is still stopping.
      const next = startApp(env);
      await new Promise((r) => setTimeout(r, 1_000));
      await first.stop();
      const successor = await next;
      try {
        // It opened the directory the first process let go of (and, on a new sandbox, let go of its swaps).
        expect(successor.logs()).toMatch(/let go of 3 swaps recorded from an earlier run/);
        expect(successor.logs()).not.toMatch(/could not open the ledger/);
      } finally {
        await successor.stop();
      }
    } finally {
      await first.stop();
      rmSync(ledgerDir, { recursive: true, force: true });
    }
  }, 120_000);
});
