// The ledger's webhook cases for one driver, sent to a real HTTP receiver on loopback: signed, in order, retried.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterEach, beforeEach, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { openLedgerDb } from "@/lib/ledger/db";
import { webhookLog } from "@/lib/ledger/queries";
import { recordSwaps } from "@/lib/ledger/record";
import { deliverDue, redeliver } from "@/lib/webhooks/deliver";
import type { LedgerTest } from "../support/ledger-harness";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

type Receiver = {
  url: string;
  received: Array<{ headers: IncomingMessage["headers"]; body: string }>;
  answer: (n: number) => number | "hang";
  close: () => Promise<void>;
};

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: "", received: [], answer: () => 200, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = receiver.answer(receiver.received.length);
      if (answer === "hang") return; // never answers: the sender's timeout must end it
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** The webhooks' cases, in the describe block that calls this on its driver. */
export function ledgerWebhookCases(t: LedgerTest) {
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
  });

  const options = (extra: Partial<Parameters<typeof deliverDue>[1]> = {}) => ({
    url: receiver.url,
    secret: SECRET,
    now: () => t.now,
    timeoutMs: 500,
    random: () => 1,
    ...extra,
  });

  it("signs each event as Standard Webhooks, verified by the library's own verifier, with the documented payloads", async () => {
    const created = await t.newSwap("order-77");
    await recordSwaps(t.connection.db, [created], { source: "create", seenAt: new Date(t.now), events: true });
    const moved = {
      ...created,
      status: "deposit_detected" as const,
      updatedAt: new Date(Date.parse(created.updatedAt) + 5_000).toISOString(),
    };
    await recordSwaps(t.connection.db, [moved], { source: "live", seenAt: new Date(t.now + 5_000), events: true });
    t.now += 5_000;
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 2, delivered: 2 });
    const verifier = new Webhook(SECRET);
    const events = receiver.received.map(
      (r) =>
        verifier.verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          timestamp: string;
          data: Record<string, unknown>;
        },
    );
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(Object.keys(byType).sort()).toEqual(["swap.created", "swap.status_changed"]);
    expect(Object.keys(byType["swap.created"]!).sort()).toEqual(["data", "timestamp", "type"]);
    expect(byType["swap.created"]!.data).toEqual({
      swap: { ...created, commission: { bps: null, rewardAmountUsdc: null, rewardStatus: null } },
    });
    expect(byType["swap.status_changed"]!.data).toEqual({
      swap: expect.objectContaining({
        id: created.id,
        externalId: "order-77",
        customerId: "cust-9",
        status: "deposit_detected",
        commission: expect.any(Object),
      }),
      previousStatus: "waiting_deposit",
      status: "deposit_detected",
      occurredAt: moved.updatedAt,
    });
    // A tampered body fails the partner's verification.
    expect(() =>
      verifier.verify(
        receiver.received[0]!.body.replace("order-77", "order-78"),
        receiver.received[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("retries after a 500 and after a timeout, backing off, and counts a late 2xx as delivered", async () => {
    receiver.answer = (n) => (n === 1 ? 500 : n === 2 ? "hang" : 204);
    await recordSwaps(t.connection.db, [await t.newSwap()], {
      source: "create",
      seenAt: new Date(t.now),
      events: true,
    });
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 0 });
    let [row] = (await webhookLog(t.connection.db, 1, 0)).deliveries;
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponse: "HTTP 500" });
    const firstRetry = Date.parse(row!.nextAttemptAt!) - t.now;
    expect(firstRetry).toBeGreaterThanOrEqual(2_500);
    // Not due yet: nothing is sent early.
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 0, delivered: 0 });
    t.now += firstRetry;
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 0 });
    [row] = (await webhookLog(t.connection.db, 1, 0)).deliveries;
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastResponse: "no answer within 1 s" });
    expect(Date.parse(row!.nextAttemptAt!) - t.now).toBeGreaterThan(firstRetry);
    t.now = Date.parse(row!.nextAttemptAt!);
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 1 });
    [row] = (await webhookLog(t.connection.db, 1, 0)).deliveries;
    expect(row).toMatchObject({ status: "delivered", attempts: 3, lastResponse: "HTTP 204", nextAttemptAt: null });
    // When it was delivered (the third attempt, now), after the event itself.
    expect(row!.deliveredAt).toBe(new Date(t.now).toISOString());
    expect(Date.parse(row!.createdAt)).toBeLessThan(Date.parse(row!.deliveredAt!));
    // All three attempts carried the same webhook-id, so the partner can drop repeats.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  });

  it("sends a swap's events in the order they happened: a change waits while the swap's 'created' is being retried", async () => {
    receiver.answer = (n) => (n === 1 ? 500 : 204);
    const created = await t.newSwap();
    await recordSwaps(t.connection.db, [created], { source: "create", seenAt: new Date(t.now), events: true });
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 0 });
    // It is refunded meanwhile; that event is due at once, but "created" has not reached the partner.
    const refunded = {
      ...created,
      status: "refunded" as const,
      updatedAt: new Date(Date.parse(created.updatedAt) + 1_000).toISOString(),
    };
    t.now += 1_000;
    await recordSwaps(t.connection.db, [refunded], { source: "live", seenAt: new Date(t.now), events: true });
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 0, delivered: 0 });
    // Another swap's events are not held up by this one.
    const other = await t.newSwap();
    await recordSwaps(t.connection.db, [other], { source: "create", seenAt: new Date(t.now), events: true });
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 1 });
    // When "created" goes through, the change follows at once, after it.
    t.now = Date.parse(
      (await webhookLog(t.connection.db, 10, 0)).deliveries.find(
        (d) => d.swapId === created.id && d.status === "pending" && d.attempts === 1,
      )!.nextAttemptAt!,
    );
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 2, delivered: 2 });
    const types = receiver.received
      .map((r) => JSON.parse(r.body) as { type: string; data: { swap: { id: string } } })
      .filter((e) => e.data.swap.id === created.id)
      .map((e) => e.type);
    expect(types).toEqual(["swap.created", "swap.created", "swap.status_changed"]);
  });

  it("sends a swap first seen after it moved on as 'created', then its change, in that order, each time", async () => {
    const swap = { ...(await t.newSwap()), status: "processing" as const };
    await recordSwaps(t.connection.db, [swap], { source: "topup", seenAt: new Date(t.now), events: true });
    // Both are recorded at once and due at once; redelivered, they go out in the same order again.
    for (let round = 0; round < 3; round++) {
      receiver.received.length = 0;
      for (const d of (await webhookLog(t.connection.db, 10, 0)).deliveries)
        await redeliver(t.connection.db, d.id, new Date(t.now));
      expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 2, delivered: 2 });
      expect(receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
        "swap.created",
        "swap.status_changed",
      ]);
    }
  });

  it("gives up after 24 hours of failures, and redelivers on demand", async () => {
    receiver.answer = () => 503;
    await recordSwaps(t.connection.db, [await t.newSwap()], {
      source: "create",
      seenAt: new Date(t.now),
      events: true,
    });
    const start = t.now;
    for (let i = 0; i < 60 && (await webhookLog(t.connection.db, 1, 0)).deliveries[0]!.status === "pending"; i++) {
      await deliverDue(t.connection.db, options());
      const next = (await webhookLog(t.connection.db, 1, 0)).deliveries[0]!.nextAttemptAt;
      if (next) t.now = Date.parse(next);
    }
    const [row] = (await webhookLog(t.connection.db, 1, 0)).deliveries;
    expect(row!.status).toBe("failed");
    expect(t.now - start).toBeLessThanOrEqual(24 * 3_600_000);
    expect(t.now - start).toBeGreaterThan(20 * 3_600_000);
    receiver.answer = () => 200;
    expect(await redeliver(t.connection.db, row!.id, new Date(t.now))).toBe(true);
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 1 });
    expect(await redeliver(t.connection.db, "msg_nope")).toBe(false);
  });

  it("delivers an event queued before a restart", async () => {
    receiver.answer = () => 200;
    const swap = await t.newSwap();
    await recordSwaps(t.connection.db, [swap], { source: "create", seenAt: new Date(t.now), events: true });
    await t.connection.close();
    t.connection = await openLedgerDb(t.driver.target());
    expect(await deliverDue(t.connection.db, options())).toEqual({ sent: 1, delivered: 1 });
    expect(JSON.parse(receiver.received[0]!.body).data.swap.id).toBe(swap.id);
  });

  it("sends each event once when two instances deliver at the same time", async () => {
    receiver.answer = () => 200;
    await t.seed({ count: 30, statuses: ["waiting_deposit"] });
    const page = await t.client.listSwaps({ limit: "30" });
    await recordSwaps(t.connection.db, page.swaps, { source: "sweep", seenAt: new Date(t.now), events: true });
    // One swap.created each, and a status event for each seeded swap already past waiting.
    const queued = (await webhookLog(t.connection.db, 100, 0)).total;
    expect(queued).toBeGreaterThanOrEqual(30);
    // A second instance: its own connection (a second pool on the server; PGlite is one process).
    const other = t.driver.name === "postgres" ? await openLedgerDb(t.driver.target()) : t.connection;
    try {
      // A slow receiver, and 5 s per attempt: the suite's 500 ms timed attempts out at load 12, and
      // an attempt that times out is retried later, not in this round.
      const slowReceiver = {
        ...options({ timeoutMs: 5_000 }),
        fetch: async (url: string | URL | Request, init?: RequestInit) => (
          await new Promise((r) => setTimeout(r, 20)),
          fetch(url, init)
        ),
      };
      // Claims of 10: neither instance can take every event in its first claim.
      const results = await Promise.all([
        deliverDue(t.connection.db, { ...slowReceiver, batch: 10 }),
        deliverDue(other.db, { ...slowReceiver, batch: 10 }),
      ]);
      await deliverDue(t.connection.db, options());
      expect(results[0].sent + results[1].sent).toBe(queued);
      if (t.driver.name === "postgres") expect(Math.min(results[0].sent, results[1].sent)).toBeGreaterThan(0);
    } finally {
      if (other !== t.connection) await other.close();
    }
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(queued);
    expect(new Set(ids).size).toBe(queued);
  });
}
