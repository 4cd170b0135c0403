// Writes what we learnt about swaps into the ledger: the row, a status history entry for each
// status change, and (with webhooks on) the outbox row announcing it, all in one transaction.
import "server-only";
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import type { Swap, SwapListItem } from "@/lib/schema/partner";
import type { LedgerDb } from "./db";
import { swapStatusHistory, swaps, syncState, webhookDeliveries } from "./schema";
import { log } from "@/lib/observability/log";

/**
 * Where a view of a swap came from. A swap first seen by the backfill's full round (the history a
 * new ledger reads) or by the reward re-listing is history, not news. A top-up round's swaps were
 * created since the last round: elsewhere on the key, or here while the ledger could not record
 * the creation (its database down). Those are news, like a first sighting by a sweep or live read.
 */
export type SwapSource = "create" | "sweep" | "live" | "backfill" | "topup" | "relist";

const isNews = (source: SwapSource) => source !== "backfill" && source !== "relist";

const noCommission: SwapListItem["commission"] = { bps: null, rewardAmountUsdc: null, rewardStatus: null };

type SwapEvent =
  | { type: "swap.created"; timestamp: string; data: { swap: SwapListItem } }
  | {
      type: "swap.status_changed";
      timestamp: string;
      data: { swap: SwapListItem; previousStatus: string; status: string; occurredAt: string };
    };

/** The event for a status change (`previous` to the item's own status), as the outbox keeps it. */
const statusChanged = (item: SwapListItem, previous: string, timestamp: string): SwapEvent => ({
  type: "swap.status_changed",
  timestamp,
  data: { swap: item, previousStatus: previous, status: item.status, occurredAt: item.updatedAt },
});

const newWebhookId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/**
 * The reward as the ledger's column can hold it (numeric(40, 18): 22 whole digits), else null, so
 * one absurd value leaves that swap's reward out of the totals instead of failing the whole batch
 * (and with it every other swap's sync and webhooks). The swap itself is kept as seen.
 */
function storableReward(item: SwapListItem): string | null {
  const reward = item.commission.rewardAmountUsdc;
  if (reward === null || /^-?\d{1,22}(\.\d+)?$/.test(reward)) return reward;
  log().warn(
    { swapId: item.id },
    `[ledger] swap ${item.id}: reward ${reward.slice(0, 40)} does not fit the ledger; kept out of the totals`,
  );
  return null;
}

function rowOf(item: SwapListItem, listed: boolean, seenAt: Date) {
  return {
    id: item.id,
    status: item.status,
    createdAt: new Date(item.createdAt),
    updatedAt: new Date(item.updatedAt),
    externalId: item.externalId,
    customerId: item.customerId,
    depositAddress: item.deposit.address,
    payoutAddress: item.payout.address,
    rewardAmountUsdc: storableReward(item),
    rewardStatus: item.commission.rewardStatus,
    listed,
    item,
    firstSeenAt: seenAt,
    lastSeenAt: seenAt,
  };
}

const validTime = (text: string) => Number.isFinite(Date.parse(text));

/** `events`: whether to write webhook events, or which types (WEBHOOK_EVENTS). */
export type RecordOptions = { source: SwapSource; seenAt: Date; events: boolean | ReadonlySet<string> };

/**
 * Upserts swaps as seen now. A view older than the stored one (by the upstream's `updatedAt`) is
 * ignored, so a list that lags a live read never moves a swap back. Returns how many changed.
 */
export async function recordSwaps(
  db: LedgerDb,
  seen: ReadonlyArray<Swap | SwapListItem>,
  options: RecordOptions,
): Promise<{ inserted: number; changed: number }> {
  const incoming = new Map<string, { item: SwapListItem; listed: boolean }>();
  for (const swap of seen) {
    if (!validTime(swap.createdAt) || !validTime(swap.updatedAt)) continue;
    const listed = "commission" in swap && !!swap.commission;
    incoming.set(swap.id, { item: listed ? (swap as SwapListItem) : { ...swap, commission: noCommission }, listed });
  }
  if (!incoming.size) return { inserted: 0, changed: 0 };
  const { seenAt, source } = options;
  return db.transaction(async (tx) => {
    const ids = [...incoming.keys()];
    const existing = await tx
      .select({
        id: swaps.id,
        status: swaps.status,
        updatedAt: swaps.updatedAt,
        listed: swaps.listed,
        item: swaps.item,
      })
      .from(swaps)
      .where(inArray(swaps.id, ids))
      .for("update");
    const known = new Map(existing.map((row) => [row.id, row]));
    const inserts: ReturnType<typeof rowOf>[] = [];
    const history: Array<typeof swapStatusHistory.$inferInsert> = [];
    const events: SwapEvent[] = [];
    let changed = 0;
    const timestamp = seenAt.toISOString();
    for (const [id, { item, listed }] of incoming) {
      const current = known.get(id);
      if (!current) {
        inserts.push(rowOf(item, listed, seenAt));
        history.push({ swapId: id, status: item.status, seenAt });
        if (isNews(source)) {
          events.push({ type: "swap.created", timestamp, data: { swap: item } });
          // Met only after it moved on (every swap starts waiting for its deposit): the change is
          // announced too, so a partner acting on status events (a completed order) misses none.
          if (item.status !== "waiting_deposit") events.push(statusChanged(item, "waiting_deposit", timestamp));
        }
        continue;
      }
      const updatedAt = new Date(item.updatedAt);
      if (updatedAt < current.updatedAt) continue;
      // A view without commission (creation, a live read) keeps the commission we listed before.
      const next: SwapListItem = listed ? item : { ...item, commission: current.item.commission };
      // jsonb keeps its own key order, so the stored item is compared as a value, not as text (as
      // text every view of a swap "changed" it: a rewritten row and a rewards kick per live read).
      // The first listing of a swap seen before only live still marks it listed.
      const same = isDeepStrictEqual(JSON.parse(JSON.stringify(next)), current.item);
      if (same && (current.listed || !listed)) continue;
      changed++;
      await tx
        .update(swaps)
        .set({ ...rowOf(next, listed || current.listed, seenAt), firstSeenAt: undefined })
        .where(eq(swaps.id, id));
      if (next.status !== current.status) {
        history.push({ swapId: id, status: next.status, seenAt });
        events.push(statusChanged(next, current.status, timestamp));
      }
    }
    if (inserts.length) await tx.insert(swaps).values(inserts).onConflictDoNothing();
    if (history.length) await tx.insert(swapStatusHistory).values(history);
    const sent =
      options.events === true
        ? events
        : options.events
          ? events.filter((event) => (options.events as ReadonlySet<string>).has(event.type))
          : [];
    if (sent.length) {
      await tx.insert(webhookDeliveries).values(
        sent.map((event, index) => ({
          id: newWebhookId(),
          type: event.type,
          swapId: event.data.swap.id,
          payload: JSON.stringify(event),
          nextAttemptAt: seenAt,
          // A millisecond apart, in the order they happened: a swap's events are sent in this order.
          createdAt: new Date(seenAt.getTime() + index),
        })),
      );
    }
    return { inserted: inserts.length, changed };
  });
}

export async function readSyncState<T>(db: LedgerDb, key: string): Promise<T | null> {
  const [row] = await db.select({ value: syncState.value }).from(syncState).where(eq(syncState.key, key));
  return row ? (row.value as T) : null;
}

export async function writeSyncState(db: LedgerDb, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(syncState)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: syncState.key, set: { value: sql`excluded.value`, updatedAt: now } });
}

export async function clearSyncState(db: LedgerDb, key: string): Promise<void> {
  await db.delete(syncState).where(eq(syncState.key, key));
}
