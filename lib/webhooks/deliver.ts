// Webhook delivery from the outbox: Standard Webhooks signatures, at least once, retried with
// exponential backoff and jitter for 24 hours. An instance takes due events under a lease claimed
// with FOR UPDATE SKIP LOCKED, so with several instances each event has one sender at a time. A
// swap's events go out in the order they happened: one waits while an earlier one of the same swap
// is still pending (being retried), so a receiver never sees "refunded" before "created".
import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Webhook } from "standardwebhooks";
import type { LedgerDb } from "@/lib/ledger/db";
import { webhookDeliveries } from "@/lib/ledger/schema";
import { webhookAttempted } from "@/lib/observability/metrics";

type WebhookTarget = { url: string; secret: string };

export type DeliverOptions = WebhookTarget & {
  now?: () => number;
  /** A 2xx within this counts as delivered. */
  timeoutMs?: number;
  random?: () => number;
  batch?: number;
  fetch?: typeof fetch;
};

const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 2 * 60 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Wait before attempt n+1 after n failures: doubling from 5 s, capped at 2 h, with jitter (50–100 %). */
function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** The headers of one signed delivery; the body is sent exactly as signed. */
function signedHeaders(secret: string, id: string, payload: string, at: Date): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, payload),
  };
}

async function attempt(options: DeliverOptions, id: string, payload: string): Promise<{ ok: boolean; answer: string }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? fetch;
  try {
    // Signed when sent: the receiver's tolerance window is measured from this moment.
    const res = await send(options.url, {
      method: "POST",
      headers: signedHeaders(options.secret, id, payload, new Date()),
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await res.body?.cancel().catch(() => {});
    return { ok: res.status >= 200 && res.status < 300, answer: `HTTP ${res.status}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      return { ok: false, answer: `no answer within ${Math.round(timeoutMs / 1000)} s` };
    return {
      ok: false,
      answer:
        `not reached: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`.slice(
          0,
          200,
        ),
    };
  }
}

/**
 * Sends every due event once (those this instance could claim). Returns how many were sent and
 * how many of those were delivered. A swap's later event, held behind its earlier one, goes out in
 * the next round, run at once when the earlier one was delivered.
 */
export async function deliverDue(db: LedgerDb, options: DeliverOptions): Promise<{ sent: number; delivered: number }> {
  let sent = 0;
  let delivered = 0;
  for (let round = 0; round < 10; round++) {
    const done = await deliverRound(db, options);
    sent += done.sent;
    delivered += done.delivered;
    if (done.delivered === 0) break;
  }
  return { sent, delivered };
}

const earlier = alias(webhookDeliveries, "earlier");

async function deliverRound(db: LedgerDb, options: DeliverOptions): Promise<{ sent: number; delivered: number }> {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const at = new Date(now());
  // Longer than one attempt can take, so a lease never lapses while its holder still sends.
  const leaseUntil = new Date(at.getTime() + timeoutMs * 3 + 5_000);
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, at),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, at)),
        // Not while an earlier event of the same swap is still to be delivered.
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.swapId, webhookDeliveries.swapId),
                eq(earlier.status, "pending"),
                lt(earlier.createdAt, webhookDeliveries.createdAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
    .limit(options.batch ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: leaseUntil })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  let delivered = 0;
  await Promise.all(
    claimed.map(async (row) => {
      const result = await attempt(options, row.id, row.payload);
      const attempts = row.attempts + 1;
      const finished = new Date(now());
      if (result.ok) {
        webhookAttempted("delivered");
        delivered++;
        await db
          .update(webhookDeliveries)
          .set({ status: "delivered", attempts, lastResponse: result.answer, lockedUntil: null, deliveredAt: finished })
          .where(eq(webhookDeliveries.id, row.id));
        return;
      }
      const next = new Date(finished.getTime() + retryDelayMs(attempts, options.random));
      const givenUp = next.getTime() - row.createdAt.getTime() > RETRY_FOR_MS;
      webhookAttempted(givenUp ? "failed" : "retrying");
      await db
        .update(webhookDeliveries)
        .set({
          status: givenUp ? "failed" : "pending",
          attempts,
          lastResponse: result.answer,
          lockedUntil: null,
          nextAttemptAt: givenUp ? finished : next,
        })
        .where(eq(webhookDeliveries.id, row.id));
    }),
  );
  return { sent: claimed.length, delivered };
}

/** Queues an event again at once, whatever became of it; false when there is no such event. */
export async function redeliver(db: LedgerDb, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, lockedUntil: null })
    .where(eq(webhookDeliveries.id, id))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Events still to be delivered (pending), for the backlog gauge. */
export async function pendingCount(db: LedgerDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"));
  return row?.n ?? 0;
}
