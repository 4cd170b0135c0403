// /api/ready of an instance whose ledger has not opened yet (its Postgres is not up when it starts):
// alive (/api/health 200) but not ready (503, `ledger: "opening"`), so an orchestrator sends it no
// traffic yet; ready once the database answers and the ledger opens. A ledger that opened and then
// lost its database keeps the instance ready: tests/bff/ledger-outage.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { startPostgres, type RunningPostgres } from "../support/postgres";
import { call } from "./requests";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET } from "./fixtures";

describe("an instance whose ledger's database is not up when it starts", () => {
  let postgres: RunningPostgres;
  let upstream: Upstream;
  let app: RunningApp;

  beforeAll(async () => {
    postgres = await startPostgres();
    postgres.halt();
    upstream = await startUpstream({ SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET,
      DATABASE_URL: postgres.url,
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
    await postgres?.stop();
  });

  it("is alive but not ready until the ledger opens, then ready", async () => {
    expect((await call(app.origin, "/api/health")).status).toBe(200);
    const early = await call(app.origin, "/api/ready");
    expect(early.status, early.raw).toBe(503);
    expect(early.json).toMatchObject({
      status: "unavailable",
      upstream: "ok",
      store: "ok (memory)",
      ledger: "opening",
    });

    postgres.resume();
    await expect
      .poll(async () => (await call(app.origin, "/api/ready")).json, { timeout: 45_000, interval: 500 })
      .toMatchObject({ status: "ready", ledger: "ok" });
    expect((await call(app.origin, "/api/ready")).status).toBe(200);
  }, 90_000);
});
