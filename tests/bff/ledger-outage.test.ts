// The ledger's Postgres server goes away and comes back, under a running `npm start`: the checkout
// goes on, the dashboard says the ledger is unavailable (503, not a 500), readiness reports it
// without taking the server out of rotation, and a swap created meanwhile is announced once the
// database is back.
import { createServer, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { startPostgres, type RunningPostgres } from "../support/postgres";
import { call, expectError, postJson } from "./requests";
import { newSwap } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET, NO_CLIENT_LIMITS } from "./fixtures";
import { sleep } from "@/lib/timing";

const PASSWORD = "correct horse battery staple";
const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("when the ledger's database goes away and comes back", () => {
  let postgres: RunningPostgres;
  let upstream: Upstream;
  let app: RunningApp;
  let cookie: string;
  const received: Array<{ headers: IncomingMessage["headers"]; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end();
    });
  });

  beforeAll(async () => {
    postgres = await startPostgres();
    upstream = await startUpstream({ SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET,
      DATABASE_URL: postgres.url,
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`,
      WEBHOOK_SECRET,
      PARTNER_RATE_LIMIT_PER_MINUTE: "1000000",
      ...NO_CLIENT_LIMITS,
    });
    const login = await postJson(app.origin, "/api/partner/session", { password: PASSWORD });
    expect(login.status, login.raw).toBe(200);
    cookie = login.header("set-cookie")!.split(";")[0]!;
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await postgres?.stop();
  });

  it("keeps the checkout, answers the dashboard 503, reports it in readiness, and announces what was created meanwhile", async () => {
    const ready = await call(app.origin, "/api/ready");
    expect(ready.status, ready.raw).toBe(200);
    expect(ready.json).toMatchObject({ status: "ready", ledger: "ok" });
    // The ledger's first round (the key's history, which is not announced) has read the list once
    // `x-ledger-as-of` holds still: before that, each answer says "now".
    for (let previous = ""; ; await sleep(300)) {
      const asOf =
        (await call(app.origin, "/api/partner/swaps", { headers: { cookie } })).header("x-ledger-as-of") ?? "";
      if (asOf === previous) break;
      previous = asOf;
    }

    let made: Awaited<ReturnType<typeof newSwap>>;
    postgres.halt();
    try {
      const started = Date.now();
      const swaps = await call(app.origin, "/api/partner/swaps", { headers: { cookie } });
      expectError(swaps, 503, "service_unavailable");
      expect(swaps.header("retry-after")).toBeDefined();
      expect(Date.now() - started).toBeLessThan(6_000);
      const degraded = await call(app.origin, "/api/ready");
      // The checkout does not need the ledger: the server stays in rotation.
      expect(degraded.status, degraded.raw).toBe(200);
      expect(degraded.json).toMatchObject({ status: "ready", ledger: "unavailable" });

      // A user buys meanwhile: nothing stops them.
      made = await newSwap(app.origin);
    } finally {
      postgres.resume();
    }

    const until = Date.now() + 45_000;
    let ledgerBack = false;
    while (
      Date.now() < until &&
      !received.some((r) => r.body.includes(made.swap.id) && r.body.includes('"swap.created"'))
    ) {
      // The user's page polls its swap, as the checkout's status page does.
      await call(app.origin, `/api/v1/swap/${made.swap.id}`, { headers: { "x-swap-token": made.accessToken } });
      ledgerBack ||= (await call(app.origin, "/api/partner/swaps", { headers: { cookie } })).status === 200;
      await sleep(1_000);
    }
    expect(ledgerBack, "the dashboard answers again once the database is back").toBe(true);
    expect(received.filter((r) => r.body.includes(made.swap.id) && r.body.includes('"swap.created"'))).toHaveLength(1);
    expect((await call(app.origin, "/api/ready")).json).toMatchObject({ ledger: "ok" });
  }, 120_000);
});
