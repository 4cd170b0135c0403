// The dashboard's reads, answered by the ledger alone: one page plus totals over every filtered
// row, the daily summary, one swap with its history, every filtered row for the CSV.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import BigConstructor from "big.js";
import type { SwapListItem, SwapStatus } from "@/lib/schema/partner";
import type { LedgerDb } from "./db";
import { swapStatusHistory, swaps, webhookDeliveries } from "./schema";

export type LedgerFilter = { q?: string | undefined; status?: SwapStatus[] | undefined; createdFrom?: string | undefined; createdTo?: string | undefined };

export type LedgerTotals = { count: number; rewardUsdc: { available: string; claiming: string; claimed: string } };

const Usdc = BigConstructor();
Usdc.NE = -60;
Usdc.PE = 60;
/** Postgres numeric text → the shortest exact decimal ("12.500000" → "12.5"). */
const decimal = (text: string | null) => Usdc(text ?? "0").toFixed();

function whereOf(filter: LedgerFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status?.length) parts.push(inArray(swaps.status, filter.status));
  if (filter.createdFrom) parts.push(gte(swaps.createdAt, new Date(filter.createdFrom)));
  if (filter.createdTo) parts.push(lte(swaps.createdAt, new Date(filter.createdTo)));
  const q = filter.q?.trim();
  if (q) {
    const lower = q.toLowerCase();
    parts.push(
      or(
        eq(swaps.id, q),
        eq(swaps.externalId, q),
        eq(swaps.customerId, q),
        sql`lower(${swaps.depositAddress}) = ${lower}`,
        sql`lower(${swaps.payoutAddress}) = ${lower}`,
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export async function ledgerTotals(db: LedgerDb, filter: LedgerFilter): Promise<LedgerTotals> {
  const [row] = await db
    .select({
      count: count(),
      available: sql<string | null>`sum(${swaps.rewardAmountUsdc}) filter (where ${swaps.rewardStatus} = 'available')::text`,
      claiming: sql<string | null>`sum(${swaps.rewardAmountUsdc}) filter (where ${swaps.rewardStatus} = 'claiming')::text`,
      claimed: sql<string | null>`sum(${swaps.rewardAmountUsdc}) filter (where ${swaps.rewardStatus} = 'claimed')::text`,
    })
    .from(swaps)
    .where(whereOf(filter));
  return { count: Number(row?.count ?? 0), rewardUsdc: { available: decimal(row?.available ?? null), claiming: decimal(row?.claiming ?? null), claimed: decimal(row?.claimed ?? null) } };
}

export async function ledgerPage(db: LedgerDb, filter: LedgerFilter, limit: number, offset: number): Promise<{ swaps: SwapListItem[]; totals: LedgerTotals }> {
  const [rows, totals] = await Promise.all([
    db.select({ item: swaps.item }).from(swaps).where(whereOf(filter)).orderBy(desc(swaps.createdAt), desc(swaps.id)).limit(limit).offset(offset),
    ledgerTotals(db, filter),
  ]);
  return { swaps: rows.map((r) => r.item), totals };
}

export type DailyPoint = { date: string; count: number; completed: number; rewardUsdc: string };

const DAY_MS = 86_400_000;
const MAX_FILLED_DAYS = 400;

/** Swaps per UTC day over the filter, days without swaps included as zeros (up to 400 days). */
export async function ledgerDaily(db: LedgerDb, filter: LedgerFilter): Promise<DailyPoint[]> {
  const day = sql<string>`to_char(${swaps.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      count: count(),
      completed: sql<number>`count(*) filter (where ${swaps.status} = 'completed')`,
      rewardUsdc: sql<string | null>`sum(${swaps.rewardAmountUsdc})::text`,
    })
    .from(swaps)
    .where(whereOf(filter))
    .groupBy(day)
    .orderBy(asc(day));
  const byDate = new Map(rows.map((r) => [r.date, { date: r.date, count: Number(r.count), completed: Number(r.completed), rewardUsdc: decimal(r.rewardUsdc) }]));
  const first = filter.createdFrom ? filter.createdFrom.slice(0, 10) : rows[0]?.date;
  const last = filter.createdTo ? filter.createdTo.slice(0, 10) : rows.at(-1)?.date;
  if (!first || !last) return [...byDate.values()];
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (!(end >= start) || (end - start) / DAY_MS > MAX_FILLED_DAYS) return [...byDate.values()];
  const days: DailyPoint[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push(byDate.get(date) ?? { date, count: 0, completed: 0, rewardUsdc: "0" });
  }
  return days;
}

export async function ledgerSwap(db: LedgerDb, id: string): Promise<{ swap: SwapListItem; history: Array<{ status: string; seenAt: string }> } | null> {
  const [row] = await db.select({ item: swaps.item }).from(swaps).where(eq(swaps.id, id));
  if (!row) return null;
  const history = await db
    .select({ status: swapStatusHistory.status, seenAt: swapStatusHistory.seenAt })
    .from(swapStatusHistory)
    .where(eq(swapStatusHistory.swapId, id))
    .orderBy(asc(swapStatusHistory.seenAt), asc(swapStatusHistory.id));
  return { swap: row.item, history: history.map((h) => ({ status: h.status, seenAt: h.seenAt.toISOString() })) };
}

/** Every filtered row, newest first, in batches read by keyset (no growing OFFSET). */
export async function* ledgerRows(db: LedgerDb, filter: LedgerFilter, batch = 1000): AsyncGenerator<SwapListItem[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(lt(swaps.createdAt, after.createdAt), and(eq(swaps.createdAt, after.createdAt), lt(swaps.id, after.id)))
      : undefined;
    const rows: Array<{ item: SwapListItem; createdAt: Date; id: string }> = await db
      .select({ item: swaps.item, createdAt: swaps.createdAt, id: swaps.id })
      .from(swaps)
      .where(and(whereOf(filter), cursor))
      .orderBy(desc(swaps.createdAt), desc(swaps.id))
      .limit(batch);
    if (rows.length) yield rows.map((r) => r.item);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Ledger rows per status, for reconciliation against the upstream's totals. */
export async function ledgerCountsByStatus(db: LedgerDb, filter: LedgerFilter): Promise<Record<string, number>> {
  const rows = await db.select({ status: swaps.status, count: count() }).from(swaps).where(whereOf(filter)).groupBy(swaps.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

export type DeliveryView = {
  id: string;
  type: string;
  swapId: string;
  attempts: number;
  status: "pending" | "delivered" | "failed";
  lastResponse: string | null;
  nextAttemptAt: string | null;
};

export async function webhookLog(db: LedgerDb, limit: number, offset: number): Promise<{ deliveries: DeliveryView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookDeliveries).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(webhookDeliveries),
  ]);
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      type: r.type,
      swapId: r.swapId,
      attempts: r.attempts,
      status: r.status as DeliveryView["status"],
      lastResponse: r.lastResponse,
      nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    })),
    total: Number(total?.total ?? 0),
  };
}
