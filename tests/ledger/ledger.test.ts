// The ledger and its webhooks on both drivers: embedded PGlite and a real Postgres 15 server,
// fed by the sandbox over HTTP, sending to a real HTTP receiver on loopback.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { webhookDeliveries } from "@/lib/ledger/schema";
import { Webhook } from "standardwebhooks";
import { createPartnerClient, type PartnerClient } from "@/lib/partner/client";
import { createManualClock } from "@/lib/sandbox/clock";
import { openLedgerDb, type LedgerConnection, type LedgerTarget } from "@/lib/ledger/db";
import { ledgerPage, ledgerRows, ledgerSummary, ledgerSwap, ledgerTotals, webhookLog } from "@/lib/ledger/queries";
import { noteServiceUpstream, serviceSwapsHeld } from "@/lib/ledger/provenance";
import { recordSwaps } from "@/lib/ledger/record";
import { isLedgerTimeZone } from "@/lib/ledger/time-zones";
import {
  backfillStep,
  forgetOtherSandbox,
  reconcile,
  relistRewardsStep,
  requestFullBackfill,
  startBackfillRound,
  sweepOpenSwaps,
  syncStatus,
  type SyncDeps,
} from "@/lib/ledger/sync";
import { deliverDue, redeliver } from "@/lib/webhooks/deliver";
import { insertSwaps, seededSwap } from "@/tests/support/ledger-seed";
import { startPostgres, type RunningPostgres } from "@/tests/support/postgres";
import { startSandbox, type RunningSandbox } from "@/tests/support/servers";

const KEY = "lsk_test_sandbox";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

type Driver = { name: "pglite" | "postgres"; target: () => LedgerTarget };
const pgliteDir = mkdtempSync(path.join(tmpdir(), "ledger-pglite-"));
afterAll(() => rmSync(pgliteDir, { recursive: true, force: true }));
const drivers: Driver[] = [
  { name: "pglite", target: () => ({ dir: pgliteDir }) },
  { name: "postgres", target: () => ({ databaseUrl: postgres.url }) },
];

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

describe.each(drivers)("the ledger on $name", (driver) => {
  let sandbox: RunningSandbox;
  let clock: ReturnType<typeof createManualClock>;
  let client: PartnerClient;
  let connection: LedgerConnection;
  let upstreamCalls: string[];
  let now: number;

  const deps = (conn = connection): SyncDeps => ({
    db: conn.db,
    listSwaps: (query) => {
      upstreamCalls.push(new URLSearchParams(query as Record<string, string>).toString());
      return client.listSwaps(query);
    },
    events: true,
    now: () => now,
  });

  const seed = (body: Record<string, unknown>) =>
    fetch(`${sandbox.origin}/sandbox/seed`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());

  /** The sandbox's deposit control: the swap is paid in full and goes on by itself. */
  const deposit = (id: string) =>
    fetch(`${sandbox.origin}/sandbox/swaps/${id}/deposit`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: "{}",
    });

  const newSwap = async (externalId = "order-1") => {
    const quote = await client.createQuote({
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "tron", token: "USDT" },
      externalId,
      customerId: "cust-9",
    });
    return client.createSwap({ quoteId: quote.id, destination: { address: TRON_ADDRESS } });
  };

  beforeEach(async () => {
    clock = createManualClock();
    sandbox = await startSandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" }, clock);
    client = createPartnerClient({
      baseUrl: sandbox.baseUrl,
      apiKey: KEY,
      transport: (url, init) => fetch(url, init),
      timeoutMs: 5_000,
      sleep: async () => {},
    });
    connection = await openLedgerDb(driver.target());
    await connection.db.execute(
      sql`truncate swaps, swap_status_history, ledger_sync_state, webhook_deliveries cascade`,
    );
    upstreamCalls = [];
    now = clock.now();
  });
  afterEach(async () => {
    await connection.close();
    await sandbox.close();
  });

  it("backfills the whole history newest first, 100 a page, and resumes after a restart where it stopped", async () => {
    await seed({ count: 250, statuses: ["completed", "expired", "waiting_deposit"] });
    const first = await backfillStep(deps(), 1);
    expect(first).toMatchObject({ done: false, pages: 1, swaps: 100 });
    expect((await ledgerTotals(connection.db, {})).count).toBe(100);

    // A restart: the cursor lives in the database, not in the process.
    await connection.close();
    connection = await openLedgerDb(driver.target());
    upstreamCalls = [];
    const rest = await backfillStep(deps());
    expect(rest).toMatchObject({ done: true, pages: 3, swaps: 250 });
    expect(upstreamCalls).toHaveLength(2);
    expect(upstreamCalls[0]).toContain("createdTo=");
    expect((await ledgerTotals(connection.db, {})).count).toBe(250);
    // The same count per status as the upstream: nothing twice, nothing missed.
    expect((await reconcile(deps(), 0)).inSync).toBe(true);
  });

  it("tops up a finished backfill with only the swaps created since", async () => {
    await seed({ count: 120, statuses: ["completed"] });
    expect((await backfillStep(deps())).done).toBe(true);
    clock.advance(60_000);
    now += 60_000;
    const fresh = await newSwap("order-late");
    await startBackfillRound(deps());
    upstreamCalls = [];
    const round = await backfillStep(deps());
    expect(round).toMatchObject({ done: true, pages: 1 });
    expect(upstreamCalls).toHaveLength(1);
    expect(upstreamCalls[0]).toContain("createdFrom=");
    expect((await ledgerSwap(connection.db, fresh.id))?.swap.externalId).toBe("order-late");
    expect((await ledgerTotals(connection.db, {})).count).toBe(121);
  });

  it("after a first round that met no swap at all (a new key), announces the first swaps made, instead of reading them as history", async () => {
    expect(await backfillStep(deps(), Infinity, await startBackfillRound(deps()))).toMatchObject({
      done: true,
      swaps: 0,
      newest: null,
    });
    clock.advance(60_000);
    now += 60_000;
    const first = await newSwap("order-first");
    const round = await startBackfillRound(deps());
    expect(round.createdFrom).not.toBeNull();
    await backfillStep(deps(), Infinity, round);
    expect((await webhookLog(connection.db, 100, 0)).deliveries.map((d) => `${d.type} ${d.swapId}`)).toEqual([
      `swap.created ${first.id}`,
    ]);
  });

  it("announces a swap first met by a top-up round (its creation went unrecorded, say the database was down), and the change it made meanwhile; the history a full round reads stays silent", async () => {
    await seed({ count: 30, statuses: ["completed"] });
    expect((await backfillStep(deps(), Infinity, await startBackfillRound(deps()))).done).toBe(true);
    expect((await webhookLog(connection.db, 100, 0)).total).toBe(0);
    clock.advance(60_000);
    now += 60_000;
    // Two swaps made while the ledger could not record them: one still waiting, one already paid.
    const waiting = await newSwap("order-waiting");
    const paid = await newSwap("order-paid");
    await deposit(paid.id);
    clock.advance(2 * 60_000);
    now += 2 * 60_000;
    expect(await backfillStep(deps(), Infinity, await startBackfillRound(deps()))).toMatchObject({
      done: true,
      createdFrom: expect.any(String),
    });
    const events = (await webhookLog(connection.db, 100, 0)).deliveries.map((d) => `${d.type} ${d.swapId}`).sort();
    expect(events).toEqual(
      [`swap.created ${paid.id}`, `swap.created ${waiting.id}`, `swap.status_changed ${paid.id}`].sort(),
    );
    const [changed] = await connection.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.swapId, paid.id), eq(webhookDeliveries.type, "swap.status_changed")));
    expect(JSON.parse(changed!.payload).data).toMatchObject({ previousStatus: "waiting_deposit", status: "completed" });
    // Seen again by the next round: nothing more.
    await backfillStep(deps(), Infinity, await startBackfillRound(deps()));
    expect((await webhookLog(connection.db, 100, 0)).total).toBe(3);
  });

  it("starts a requested full backfill only when the loop takes it up, once per request", async () => {
    await seed({ count: 150, statuses: ["completed"] });
    expect(await backfillStep(deps(), Infinity, await startBackfillRound(deps()))).toMatchObject({
      done: true,
      swaps: 150,
    });
    const finished = (await syncStatus(connection.db)).backfill;

    // The request (the seed control's, from any instance) leaves the backfill's own state alone.
    clock.advance(1_000);
    now += 1_000;
    await requestFullBackfill(deps());
    expect((await syncStatus(connection.db)).backfill).toEqual(finished);

    // The loop, holding the lease, starts the full round and carries its state from page to page.
    const round = await startBackfillRound(deps());
    expect(round).toMatchObject({ createdFrom: null, done: false, pages: 0 });
    expect(round.startedAt).not.toBe(finished!.startedAt);
    upstreamCalls = [];
    const full = await backfillStep(deps(), Infinity, round);
    expect(full).toMatchObject({ done: true, pages: 2, swaps: 150, startedAt: round.startedAt });
    expect(upstreamCalls.every((query) => !query.includes("createdFrom="))).toBe(true);
    expect((await syncStatus(connection.db)).backfill).toEqual(full);

    // The same request is not answered twice: the next round is a top-up again.
    expect((await startBackfillRound(deps())).createdFrom).toBe(full.newest);
  });

  it("ends a backfill step after its current page when told to stop", async () => {
    await seed({ count: 250, statuses: ["completed"] });
    let pages = 0;
    const stopped = await backfillStep(deps(), 20, await startBackfillRound(deps()), () => ++pages >= 1);
    expect(stopped).toMatchObject({ done: false, pages: 1, swaps: 100 });
    expect((await syncStatus(connection.db)).backfill).toEqual(stopped);
  });

  it("sums rewards per reward status the same in the totals and in the daily summary", async () => {
    await seed({ count: 60, statuses: ["completed", "waiting_deposit"] });
    await backfillStep(deps());
    const totals = await ledgerTotals(connection.db, {});
    const summary = await ledgerSummary(connection.db, {});
    expect(summary.totals).toEqual(totals);
    // Against the rows themselves: each status's sum is its swaps' rewards.
    const { swaps: rows } = await ledgerPage(connection.db, {}, 100, 0);
    for (const [status, sum] of Object.entries(totals.rewardUsdc)) {
      const rewards = rows
        .filter((r) => r.commission.rewardStatus === status)
        .map((r) => Number(r.commission.rewardAmountUsdc));
      expect(rewards.length, status).toBeGreaterThan(0);
      expect(Number(sum), status).toBeCloseTo(
        rewards.reduce((x, y) => x + y, 0),
        6,
      );
    }
    // Each day's reward is that day's three sums together; the days add up to the totals.
    const all = Object.values(totals.rewardUsdc).reduce((a, b) => a + Number(b), 0);
    expect(summary.daily.reduce((a, d) => a + Number(d.rewardUsdc), 0)).toBeCloseTo(all, 6);
  });

  it("counts the chart's days in the operator's time zone, summer time included", async () => {
    // Los Angeles moved to summer time at 10:00 UTC on 8 March 2026.
    const times = ["2026-03-08T07:30:00Z", "2026-03-08T09:30:00Z", "2026-03-09T06:30:00Z"];
    for (const [i, at] of times.entries()) {
      const swap = await newSwap(`order-tz-${i}`);
      await recordSwaps(connection.db, [swap], { source: "create", seenAt: new Date(now), events: false });
      await connection.db.execute(sql`update swaps set created_at = ${at}::timestamptz where id = ${swap.id}`);
    }
    const days = async (tz?: string, range: { createdFrom?: string; createdTo?: string } = {}) =>
      (await ledgerSummary(connection.db, { ...range, ...(tz ? { tz } : {}) })).daily.map(
        (d) => `${d.date}:${d.count}`,
      );
    expect(await days()).toEqual(["2026-03-08:2", "2026-03-09:1"]);
    expect(await days("UTC")).toEqual(["2026-03-08:2", "2026-03-09:1"]);
    // 07:30Z is 23:30 on the 7th (PST); 09:30Z is 01:30 on the 8th; 06:30Z on the 9th is 23:30 on the 8th (PDT).
    expect(await days("America/Los_Angeles")).toEqual(["2026-03-07:1", "2026-03-08:2"]);
    // The filter's bounds are the operator's local midnights; the empty days around are filled in that zone.
    const week = { createdFrom: "2026-03-06T08:00:00.000Z", createdTo: "2026-03-10T06:59:59.999Z" };
    expect(await days("America/Los_Angeles", week)).toEqual([
      "2026-03-06:0",
      "2026-03-07:1",
      "2026-03-08:2",
      "2026-03-09:0",
    ]);
    expect(await days("Asia/Kolkata")).toEqual(["2026-03-08:2", "2026-03-09:1"]);
  });

  it("reads every row for the CSV once, in the list's order, across batches that split swaps created in the same millisecond", async () => {
    const end = Date.parse("2026-03-01T12:00:00Z");
    // Seven swaps a minute apart, then groups of five sharing one instant: batches of 3 cut through them.
    const items = [
      ...Array.from({ length: 7 }, (_, i) => seededSwap(i, end)),
      ...Array.from({ length: 10 }, (_, i) => ({
        ...seededSwap(100 + i, end),
        createdAt: new Date(end - (i < 5 ? 8 : 9) * 60_000).toISOString(),
      })),
      { ...seededSwap(200, end), status: "failed" as const },
    ];
    await insertSwaps(connection.db, items);
    const read = async (filter: Parameters<typeof ledgerRows>[1], batch: number) => {
      const ids: string[] = [];
      for await (const rows of ledgerRows(connection.db, filter, batch)) {
        expect(rows.length).toBeLessThanOrEqual(batch);
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    };
    const listed = (await ledgerPage(connection.db, {}, 100, 0)).swaps.map((s) => s.id);
    expect(listed).toHaveLength(items.length);
    for (const batch of [1, 3, 5, 100]) expect(await read({}, batch), `batches of ${batch}`).toEqual(listed);
    const completed = (await ledgerPage(connection.db, { status: ["completed"] }, 100, 0)).swaps.map((s) => s.id);
    expect(await read({ status: ["completed"] }, 3)).toEqual(completed);
    expect(completed).toHaveLength(items.length - 1);
  });

  it("knows the time zones its database knows, in any case, and not those only Intl still knows", async () => {
    for (const zone of ["UTC", "Europe/Berlin", "europe/berlin", "America/Los_Angeles", "Asia/Kolkata", "Etc/GMT+5"]) {
      expect(await isLedgerTimeZone(connection.db, zone), zone).toBe(true);
    }
    // Two dropped from the tz database (Postgres errors on them) that Intl still accepts, and one nobody knows.
    for (const zone of ["US/Pacific-New", "Canada/East-Saskatchewan", "Mars/Olympus_Mons"]) {
      expect(await isLedgerTimeZone(connection.db, zone), zone).toBe(false);
    }
    // A name in another case counts days as its own does.
    await expect(ledgerSummary(connection.db, { tz: "europe/berlin" })).resolves.toBeTruthy();
  });

  it("keeps every status a swap had, with the time the sweep saw it, and announces each change once", async () => {
    const created = await newSwap();
    await recordSwaps(connection.db, [created], { source: "create", seenAt: new Date(now), events: true });
    await deposit(created.id);
    clock.advance(2 * 60_000);
    now += 2 * 60_000;
    const swept = await sweepOpenSwaps(deps());
    expect(swept.swaps).toBe(1);
    const detail = await ledgerSwap(connection.db, created.id);
    expect(detail?.swap.status).toBe("completed");
    expect(detail?.swap.commission.rewardStatus).toBe("available");
    expect(detail?.history.map((h) => h.status)).toEqual(["waiting_deposit", "completed"]);
    expect(detail?.history[1]!.seenAt).toBe(new Date(now).toISOString());
    // Seeing the same state again changes nothing and queues nothing.
    await sweepOpenSwaps(deps());
    const log = await webhookLog(connection.db, 10, 0);
    expect(log.deliveries.map((d) => d.type).sort()).toEqual(["swap.created", "swap.status_changed"]);
    // Terminal now: the next sweep costs no upstream call.
    upstreamCalls = [];
    expect(await sweepOpenSwaps(deps())).toEqual({ pages: 0, swaps: 0 });
    expect(upstreamCalls).toHaveLength(0);
  });

  it("keeps a swap whose reward does not fit its column out of the totals, and records the rest of its batch", async () => {
    const [odd, fine] = [await newSwap("order-odd"), await newSwap("order-fine")];
    const listed = (swap: typeof odd, reward: string) => ({
      ...swap,
      status: "completed" as const,
      commission: { bps: 50, rewardAmountUsdc: reward, rewardStatus: "available" as const },
    });
    // 32 whole digits: what a sandbox deposit of no chain's size once produced, and the sweep stopped on.
    await recordSwaps(connection.db, [listed(odd, "48624999999999999999999999999513.75"), listed(fine, "1.25")], {
      source: "sweep",
      seenAt: new Date(now),
      events: false,
    });
    expect((await ledgerSwap(connection.db, odd.id))?.swap.status).toBe("completed");
    expect((await ledgerSwap(connection.db, fine.id))?.swap.status).toBe("completed");
    expect((await ledgerTotals(connection.db, {})).rewardUsdc.available).toMatch(/^1\.25(0*)$/);
  });

  it("never moves a swap back to an older view", async () => {
    const created = await newSwap();
    const later = {
      ...created,
      status: "processing" as const,
      updatedAt: new Date(Date.parse(created.updatedAt) + 60_000).toISOString(),
    };
    await recordSwaps(connection.db, [later], { source: "live", seenAt: new Date(now), events: false });
    await recordSwaps(connection.db, [created], { source: "sweep", seenAt: new Date(now + 1), events: false });
    const detail = await ledgerSwap(connection.db, created.id);
    expect(detail?.swap.status).toBe("processing");
    expect(detail?.history.map((h) => h.status)).toEqual(["processing"]);
  });

  it("re-lists completed swaps until their reward is claimed", async () => {
    await seed({ count: 3, statuses: ["completed"] });
    await backfillStep(deps());
    upstreamCalls = [];
    const round = await relistRewardsStep(deps());
    expect(round).toEqual({ pages: 1, done: true });
    expect(upstreamCalls[0]).toContain("status=completed");
  });

  it("reports drift between the ledger's count per status and the upstream's totals", async () => {
    await seed({ count: 30, statuses: ["completed", "failed"] });
    await backfillStep(deps());
    const first = await reconcile(deps(), 0);
    expect(first).toMatchObject({ inSync: true, drift: {} });
    await seed({ count: 4, statuses: ["failed"], createdTo: new Date(clock.now() - 1000).toISOString() });
    now += 1000;
    const second = await reconcile(deps(), 0);
    expect(second.inSync).toBe(false);
    expect(second.drift).toEqual({ failed: { ledger: 15, upstream: 19 } });
    expect(second.lastInSyncAt).toBe(first.checkedAt);
  });

  it("lets go of what it mirrored from an earlier embedded sandbox, keeps its undelivered webhooks, and keeps what it mirrors from this one", async () => {
    // The first run of `npm run dev` notes its sandbox as it starts.
    expect(await forgetOtherSandbox(connection.db, "sandbox-of-run-1", new Date(now))).toBe(0);
    await seed({ count: 11, statuses: ["completed", "waiting_deposit"] });
    await backfillStep(deps());
    await recordSwaps(connection.db, [await newSwap()], { source: "create", seenAt: new Date(now), events: true });
    const queued = (await webhookLog(connection.db, 10, 0)).total;
    expect(queued).toBeGreaterThan(0);
    // A restart of `npm run dev`: the ledger on disk, a new empty sandbox in a new process.
    expect(await forgetOtherSandbox(connection.db, "sandbox-of-run-2", new Date(now))).toBe(12);
    expect((await ledgerTotals(connection.db, {})).count).toBe(0);
    // Events that happened before the restart still go out (at least once, across restarts).
    expect((await webhookLog(connection.db, 10, 0)).total).toBe(queued);
    const swap = await newSwap();
    await recordSwaps(connection.db, [swap], { seenAt: new Date(now), source: "create", events: false });
    // The same run opening its ledger again (another bundle, a reconnect) keeps everything.
    expect(await forgetOtherSandbox(connection.db, "sandbox-of-run-2", new Date(now))).toBe(0);
    expect((await ledgerSwap(connection.db, swap.id))?.swap.id).toBe(swap.id);
  });

  it("never lets go of a real service's swaps: the embedded sandbox is refused a ledger that noted the service, and one whose swaps no sandbox made", async () => {
    // Swaps kept on the service before it was noted (an older version): no sandbox ever opened this ledger.
    await seed({ count: 5, statuses: ["completed"] });
    await backfillStep(deps());
    await expect(forgetOtherSandbox(connection.db, "sandbox-of-run-1", new Date(now))).rejects.toMatchObject({
      name: "ServiceLedgerError",
      held: { swaps: 5, origin: null },
    });
    expect((await ledgerTotals(connection.db, {})).count).toBe(5);

    // A ledger a sandbox once had, then the service: the service's swaps stay as well.
    await connection.db.execute(sql`truncate swaps, swap_status_history, ledger_sync_state cascade`);
    expect(await forgetOtherSandbox(connection.db, "sandbox-of-run-1", new Date(now))).toBe(0);
    await noteServiceUpstream(connection.db, "https://api.partner.example", new Date(now));
    await recordSwaps(connection.db, [await newSwap()], { source: "create", seenAt: new Date(now), events: false });
    await expect(forgetOtherSandbox(connection.db, "sandbox-of-run-2", new Date(now))).rejects.toMatchObject({
      held: { swaps: 1, origin: "https://api.partner.example" },
    });
    expect((await ledgerTotals(connection.db, {})).count).toBe(1);
    expect(await serviceSwapsHeld(connection.db)).toEqual({ swaps: 1, origin: "https://api.partner.example" });
  });

  it("gives the embedded sandbox a ledger the service noted but that holds none of its swaps", async () => {
    await noteServiceUpstream(connection.db, "https://api.partner.example", new Date(now));
    expect(await serviceSwapsHeld(connection.db)).toBeNull();
    expect(await forgetOtherSandbox(connection.db, "sandbox-of-run-1", new Date(now))).toBe(0);
    // The sandbox's own swaps are no service's.
    await recordSwaps(connection.db, [await newSwap()], { source: "create", seenAt: new Date(now), events: false });
    expect(await serviceSwapsHeld(connection.db)).toBeNull();
    expect(await forgetOtherSandbox(connection.db, "sandbox-of-run-2", new Date(now))).toBe(1);
  });

  describe("webhooks", () => {
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
      now: () => now,
      timeoutMs: 500,
      random: () => 1,
      ...extra,
    });

    it("signs each event as Standard Webhooks, verified by the library's own verifier, with the documented payloads", async () => {
      const created = await newSwap("order-77");
      await recordSwaps(connection.db, [created], { source: "create", seenAt: new Date(now), events: true });
      const moved = {
        ...created,
        status: "deposit_detected" as const,
        updatedAt: new Date(Date.parse(created.updatedAt) + 5_000).toISOString(),
      };
      await recordSwaps(connection.db, [moved], { source: "live", seenAt: new Date(now + 5_000), events: true });
      now += 5_000;
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 2, delivered: 2 });
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
      await recordSwaps(connection.db, [await newSwap()], { source: "create", seenAt: new Date(now), events: true });
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 0 });
      let [row] = (await webhookLog(connection.db, 1, 0)).deliveries;
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponse: "HTTP 500" });
      const firstRetry = Date.parse(row!.nextAttemptAt!) - now;
      expect(firstRetry).toBeGreaterThanOrEqual(2_500);
      // Not due yet: nothing is sent early.
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 0, delivered: 0 });
      now += firstRetry;
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 0 });
      [row] = (await webhookLog(connection.db, 1, 0)).deliveries;
      expect(row).toMatchObject({ status: "pending", attempts: 2, lastResponse: "no answer within 1 s" });
      expect(Date.parse(row!.nextAttemptAt!) - now).toBeGreaterThan(firstRetry);
      now = Date.parse(row!.nextAttemptAt!);
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 1 });
      [row] = (await webhookLog(connection.db, 1, 0)).deliveries;
      expect(row).toMatchObject({ status: "delivered", attempts: 3, lastResponse: "HTTP 204", nextAttemptAt: null });
      // When it was delivered (the third attempt, now), after the event itself.
      expect(row!.deliveredAt).toBe(new Date(now).toISOString());
      expect(Date.parse(row!.createdAt)).toBeLessThan(Date.parse(row!.deliveredAt!));
      // All three attempts carried the same webhook-id, so the partner can drop repeats.
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    });

    it("sends a swap's events in the order they happened: a change waits while the swap's 'created' is being retried", async () => {
      receiver.answer = (n) => (n === 1 ? 500 : 204);
      const created = await newSwap();
      await recordSwaps(connection.db, [created], { source: "create", seenAt: new Date(now), events: true });
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 0 });
      // It is refunded meanwhile; that event is due at once, but "created" has not reached the partner.
      const refunded = {
        ...created,
        status: "refunded" as const,
        updatedAt: new Date(Date.parse(created.updatedAt) + 1_000).toISOString(),
      };
      now += 1_000;
      await recordSwaps(connection.db, [refunded], { source: "live", seenAt: new Date(now), events: true });
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 0, delivered: 0 });
      // Another swap's events are not held up by this one.
      const other = await newSwap();
      await recordSwaps(connection.db, [other], { source: "create", seenAt: new Date(now), events: true });
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 1 });
      // When "created" goes through, the change follows at once, after it.
      now = Date.parse(
        (await webhookLog(connection.db, 10, 0)).deliveries.find(
          (d) => d.swapId === created.id && d.status === "pending" && d.attempts === 1,
        )!.nextAttemptAt!,
      );
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 2, delivered: 2 });
      const types = receiver.received
        .map((r) => JSON.parse(r.body) as { type: string; data: { swap: { id: string } } })
        .filter((e) => e.data.swap.id === created.id)
        .map((e) => e.type);
      expect(types).toEqual(["swap.created", "swap.created", "swap.status_changed"]);
    });

    it("sends a swap first seen after it moved on as 'created', then its change, in that order, each time", async () => {
      const swap = { ...(await newSwap()), status: "processing" as const };
      await recordSwaps(connection.db, [swap], { source: "topup", seenAt: new Date(now), events: true });
      // Both are recorded at once and due at once; redelivered, they go out in the same order again.
      for (let round = 0; round < 3; round++) {
        receiver.received.length = 0;
        for (const d of (await webhookLog(connection.db, 10, 0)).deliveries)
          await redeliver(connection.db, d.id, new Date(now));
        expect(await deliverDue(connection.db, options())).toEqual({ sent: 2, delivered: 2 });
        expect(receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
          "swap.created",
          "swap.status_changed",
        ]);
      }
    });

    it("gives up after 24 hours of failures, and redelivers on demand", async () => {
      receiver.answer = () => 503;
      await recordSwaps(connection.db, [await newSwap()], { source: "create", seenAt: new Date(now), events: true });
      const start = now;
      for (let i = 0; i < 60 && (await webhookLog(connection.db, 1, 0)).deliveries[0]!.status === "pending"; i++) {
        await deliverDue(connection.db, options());
        const next = (await webhookLog(connection.db, 1, 0)).deliveries[0]!.nextAttemptAt;
        if (next) now = Date.parse(next);
      }
      const [row] = (await webhookLog(connection.db, 1, 0)).deliveries;
      expect(row!.status).toBe("failed");
      expect(now - start).toBeLessThanOrEqual(24 * 3_600_000);
      expect(now - start).toBeGreaterThan(20 * 3_600_000);
      receiver.answer = () => 200;
      expect(await redeliver(connection.db, row!.id, new Date(now))).toBe(true);
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 1 });
      expect(await redeliver(connection.db, "msg_nope")).toBe(false);
    });

    it("delivers an event queued before a restart", async () => {
      receiver.answer = () => 200;
      const swap = await newSwap();
      await recordSwaps(connection.db, [swap], { source: "create", seenAt: new Date(now), events: true });
      await connection.close();
      connection = await openLedgerDb(driver.target());
      expect(await deliverDue(connection.db, options())).toEqual({ sent: 1, delivered: 1 });
      expect(JSON.parse(receiver.received[0]!.body).data.swap.id).toBe(swap.id);
    });

    it("sends each event once when two instances deliver at the same time", async () => {
      receiver.answer = () => 200;
      await seed({ count: 30, statuses: ["waiting_deposit"] });
      const page = await client.listSwaps({ limit: "30" });
      await recordSwaps(connection.db, page.swaps, { source: "sweep", seenAt: new Date(now), events: true });
      // One swap.created each, and a status event for each seeded swap already past waiting.
      const queued = (await webhookLog(connection.db, 100, 0)).total;
      expect(queued).toBeGreaterThanOrEqual(30);
      // A second instance: its own connection (a second pool on the server; PGlite is one process).
      const other = driver.name === "postgres" ? await openLedgerDb(driver.target()) : connection;
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
          deliverDue(connection.db, { ...slowReceiver, batch: 10 }),
          deliverDue(other.db, { ...slowReceiver, batch: 10 }),
        ]);
        await deliverDue(connection.db, options());
        expect(results[0].sent + results[1].sent).toBe(queued);
        if (driver.name === "postgres") expect(Math.min(results[0].sent, results[1].sent)).toBeGreaterThan(0);
      } finally {
        if (other !== connection) await other.close();
      }
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(queued);
      expect(new Set(ids).size).toBe(queued);
    });
  });
});
