// What the partner's completed swaps moved in a period, per asset sent, summed exactly in
// Postgres numeric. A USDC value is given only where it is known without a price: the asset sent
// is a USD stablecoin, or the swap's other side is (its estimated payout). Nothing is converted at
// a made-up rate.
import { sql, type SQL } from "drizzle-orm";
import type { LedgerDb } from "./db";

/** Tokens taken as one US dollar each: the stablecoins the upstream lists. */
const usdStablecoins = ["USDT", "USDC", "DAI", "PYUSD", "FDUSD", "TUSD", "USDP"] as const;

export type VolumeRow = { asset: string; swaps: number; amount: string; usdc: string | null; usdcSwaps: number };

type Row = { asset: string; swaps: number | string; amount: string; usdc: string | null; usdc_swaps: number | string };

export async function completedVolume(
  db: LedgerDb,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<VolumeRow[]> {
  const conditions: SQL[] = [sql`status = 'completed'`];
  if (query.from) conditions.push(sql`created_at >= ${new Date(query.from)}`);
  if (query.to) conditions.push(sql`created_at <= ${new Date(query.to)}`);
  const stable = sql.join(
    usdStablecoins.map((token) => sql`${token}`),
    sql`, `,
  );
  const result = await db.execute<Row>(sql`
    select item->'from'->>'token' || '.' || (item->'from'->>'network') as asset,
      count(*) as swaps,
      sum((item->'from'->>'amount')::numeric)::text as amount,
      sum(case when upper(item->'from'->>'token') in (${stable}) then (item->'from'->>'amount')::numeric
               when upper(item->'to'->>'token') in (${stable}) then (item->'to'->>'estimatedAmount')::numeric end)::text as usdc,
      count(*) filter (where upper(item->'from'->>'token') in (${stable}) or upper(item->'to'->>'token') in (${stable})) as usdc_swaps
    from swaps
    where ${sql.join(conditions, sql` and `)}
      and item->'from'->>'amount' ~ '^[0-9]+(\\.[0-9]+)?$'
      and coalesce(item->'to'->>'estimatedAmount', '0') ~ '^[0-9]+(\\.[0-9]+)?$'
    group by 1
    order by count(*) desc, 1`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
  const trim = (text: string) => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
  return rows.map((r) => ({
    asset: r.asset,
    swaps: Number(r.swaps),
    amount: trim(r.amount),
    usdc: r.usdc === null ? null : trim(r.usdc),
    usdcSwaps: Number(r.usdc_swaps),
  }));
}
