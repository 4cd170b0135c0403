// The dashboard in front of an upstream over HTTP: no upstream call per view, CSV quoting, webhooks, the budget.
import { createServer, type IncomingMessage } from "node:http";
import { parse } from "csv-parse/sync";
import { Webhook } from "standardwebhooks";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { dashboardCsvColumns, webhookLogSchema } from "@/lib/schema/dashboard";
import { sleep } from "@/lib/timing";
import { call, postJson } from "./requests";
import { TRON_ADDRESS, createSwap, quote, swapBody } from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET, NO_CLIENT_LIMITS } from "./fixtures";
import { BIG_BUDGET, NO_SANDBOX_LIMIT, PASSWORD, csv, ledgerHolds, list, sessionCookie } from "./partner-dashboard";

const WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("with PARTNER_DASHBOARD_PASSWORD and webhooks, against an upstream over HTTP", () => {
  let upstream: Upstream;
  let app: RunningApp;
  let cookie: string;
  const received: Array<{ headers: IncomingMessage["headers"]; body: string }> = [];
  const answer = 200;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer).end();
    });
  });

  async function direct(path: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await upstream.sandbox.handle(
      new Request(`${upstream.origin}${path}`, {
        method: "POST",
        headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  async function swapWith(externalId: string, customerId: string): Promise<string> {
    const quoted = await direct("/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
      externalId,
      customerId,
    });
    const swap = await direct("/v1/swap", { quoteId: quoted.id, destination: { address: TRON_ADDRESS } });
    return swap.id as string;
  }

  const ids: Record<string, string> = {};

  beforeAll(async () => {
    upstream = await startUpstream(NO_SANDBOX_LIMIT);
    await direct("/sandbox/seed", { count: 450 });
    ids.tricky = await swapWith('Order "A", line 1', '=HYPERLINK("http://evil.example","x")');
    ids.plus = await swapWith("+cmd|' /C calc'!A0", "@SUM(1+1)");
    ids.minus = await swapWith("-2+3", "multi\nline");
    // Excel in de/fr/es/it/nl/ru splits on ";": a cell may start after one, inside a value.
    ids.semicolon = await swapWith("ref;-1", "acme;=1+1;");
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const port = (receiver.address() as { port: number }).port;
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET,
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      WEBHOOK_URL: `http://127.0.0.1:${port}/hooks`,
      WEBHOOK_SECRET,
      ...NO_CLIENT_LIMITS,
      ...BIG_BUDGET,
    });
    cookie = await sessionCookie(app.origin);
    await ledgerHolds(app.origin, cookie, 454);
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("answers every dashboard view from the ledger: no upstream call for lists, search, summary, CSV or a row", async () => {
    const before = upstream.seen.filter((s) => s.path.startsWith("/v1/")).length;
    await list(app.origin, cookie, "?status=completed,refunded,failed");
    await list(app.origin, cookie, "?offset=100&limit=100");
    await list(app.origin, cookie, `?q=${ids.tricky}`);
    expect((await call(app.origin, "/api/partner/summary", { headers: { cookie } })).status).toBe(200);
    expect((await call(app.origin, `/api/partner/swaps/${ids.plus}`, { headers: { cookie } })).status).toBe(200);
    const { rows } = await csv(app.origin, cookie);
    expect(rows.slice(1)).toHaveLength(454);
    // The ledger's own loops may read meanwhile; none of the views above did.
    const views = upstream.seen
      .slice(before)
      .filter((s) => s.path.startsWith("/v1/") && !/limit=1(00)?(&|$)/.test(s.path.split("?")[1] ?? ""));
    expect(views).toEqual([]);
  });

  it("quotes commas and quotes, and defuses formula-looking text, in the CSV", async () => {
    const { res, rows } = await csv(app.origin, cookie);
    const row = (id: string) => rows.find((r) => r[0] === id)!;
    const col = (name: (typeof dashboardCsvColumns)[number]) => dashboardCsvColumns.indexOf(name);
    expect(res.text).toContain(`,"Order ""A"", line 1","'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(row(ids.tricky!)[col("externalId")]).toBe('Order "A", line 1');
    expect(row(ids.tricky!)[col("customerId")]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row(ids.plus!)[col("externalId")]).toBe("'+cmd|' /C calc'!A0");
    expect(row(ids.plus!)[col("customerId")]).toBe("'@SUM(1+1)");
    expect(row(ids.minus!)[col("externalId")]).toBe("'-2+3");
    expect(row(ids.minus!)[col("customerId")]).toBe("multi\nline");
    expect(row(ids.semicolon!)[col("externalId")]).toBe("ref;'-1");
    expect(row(ids.semicolon!)[col("customerId")]).toBe("acme;'=1+1;");
    for (const r of rows.slice(1)) expect(r).toHaveLength(dashboardCsvColumns.length);
    // Split as a spreadsheet in a semicolon locale splits it, no cell starts a formula.
    const bySemicolon = (
      parse(res.text, { delimiter: ";", quote: false, relax_column_count: true }) as string[][]
    ).flat();
    expect(bySemicolon.filter((cell) => /^[\s"]*[=+\-@＝＋－＠]/u.test(cell))).toEqual([]);
  });

  it("posts swap.created, signed for the partner's verifier, logs it, and redelivers it on demand", async () => {
    const made = await createSwap(app.origin, swapBody((await quote(app.origin)).id));
    expect(made.status, made.raw).toBe(200);
    const swapId = (made.json as { swap: { id: string } }).swap.id;
    const until = Date.now() + 15_000;
    while (!received.some((r) => r.body.includes(swapId)) && Date.now() < until) await sleep(100);
    const delivery = received.find((r) => r.body.includes(swapId));
    expect(delivery, "no webhook within 15 s").toBeDefined();
    const event = new Webhook(WEBHOOK_SECRET).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
      data: { swap: { id: string } };
    };
    expect(event.type).toBe("swap.created");
    expect(event.data.swap.id).toBe(swapId);

    const log = webhookLogSchema.parse((await call(app.origin, "/api/partner/webhooks", { headers: { cookie } })).json);
    const entry = log.deliveries.find((d) => d.swapId === swapId)!;
    expect(entry).toMatchObject({
      type: "swap.created",
      status: "delivered",
      attempts: 1,
      lastResponse: "HTTP 200",
      nextAttemptAt: null,
    });
    expect(Date.parse(entry.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(entry.createdAt));

    const again = await call(app.origin, `/api/partner/webhooks/${entry.id}/redeliver`, {
      method: "POST",
      headers: { cookie },
    });
    expect(again.status, again.raw).toBe(200);
    const redeliveredUntil = Date.now() + 15_000;
    while (received.filter((r) => r.headers["webhook-id"] === entry.id).length < 2 && Date.now() < redeliveredUntil)
      await sleep(100);
    expect(received.filter((r) => r.headers["webhook-id"] === entry.id)).toHaveLength(2);
  });
});

describe("the ledger's share of the key's upstream budget", () => {
  let upstream: Upstream;
  let app: RunningApp;
  beforeAll(async () => {
    upstream = await startUpstream(NO_SANDBOX_LIMIT);
    const res = await upstream.sandbox.handle(
      new Request(`${upstream.origin}/sandbox/seed`, {
        method: "POST",
        headers: { "x-api-key": "lsk_test_sandbox", "content-type": "application/json" },
        body: JSON.stringify({ count: 5000 }),
      }),
    );
    expect(res.status).toBe(200);
    // 50 a minute: the ledger's backfill may spend a fifth of it, 10.
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_sandbox",
      APP_SECRET,
      PARTNER_DASHBOARD_PASSWORD: PASSWORD,
      PARTNER_RATE_LIMIT_PER_MINUTE: "50",
      ...NO_CLIENT_LIMITS,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  it("backfills with at most a fifth of the budget, while the dashboard answers and a customer's quote gets through", async () => {
    const cookie = await sessionCookie(app.origin);
    await sleep(8_000);
    const lists = upstream.count("GET", "/v1/swap");
    expect(lists).toBeGreaterThanOrEqual(5);
    expect(lists).toBeLessThanOrEqual(10);
    const page = await list(app.origin, cookie, "");
    expect(page.total).toBeGreaterThanOrEqual((lists - 1) * 100);
    expect(page.total).toBeLessThanOrEqual(1000);
    // Meanwhile every ledger answer says the history is still being read, and how far it has come.
    const answer = await call(app.origin, "/api/partner/swaps?limit=1", { headers: { cookie } });
    expect(answer.header("x-ledger-loading")).toMatch(/^\d+$/);
    expect(Number(answer.header("x-ledger-loading"))).toBeGreaterThanOrEqual(100);
    expect(Number(answer.header("x-ledger-loading"))).toBeLessThan(5000);
    const quoted = await postJson(app.origin, "/api/v1/quote", {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
    });
    expect(quoted.status, quoted.raw).toBe(200);
    expect(upstream.count("GET", "/v1/swap")).toBeLessThanOrEqual(10);
  });
});
