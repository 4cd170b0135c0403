// Many swaps straight into a ledger, for tests and benches that need a big history at once: plain
// inserts, a thousand a statement (100,000 in seconds, where the backfill from an upstream takes
// minutes). The rows are completed swaps a minute apart, ending `endAt`, newest first by index.
import { sql } from "drizzle-orm";
import { swaps } from "@/lib/ledger/schema";
import type { LedgerDb } from "@/lib/ledger/db";
import type { SwapListItem } from "@/lib/schema/partner";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const BTC_ADDRESS = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";

/** Swap number `index` (0 = newest): a 12-character id, its own order and customer. */
export function seededSwap(index: number, endAt: number, stepMs = 60_000): SwapListItem {
  const created = new Date(endAt - index * stepMs).toISOString();
  return {
    id: `S${index.toString(16).toUpperCase().padStart(11, "0")}`,
    externalId: `order-${index}`,
    status: "completed",
    errorMessage: null,
    from: { network: "bitcoin", token: "BTC", decimals: 8, amount: "0.0123" },
    to: { network: "tron", token: "USDT", decimals: 6, estimatedAmount: "812.5" },
    deposit: {
      address: BTC_ADDRESS,
      memo: null,
      amount: "0.0123",
      network: "bitcoin",
      token: "BTC",
      deadline: created,
    },
    payout: { address: TRON_ADDRESS, memo: null, network: "tron", token: "USDT", estimatedAmount: "812.5" },
    quote: { id: null, rate: "66056.91", estimatedTimeSeconds: 600 },
    createdAt: created,
    updatedAt: created,
    customerId: `cust-${index % 977}`,
    commission: { bps: 50, rewardAmountUsdc: "4.0625", rewardStatus: "claimed" },
  };
}

/** Inserts `items` as listed swaps. */
export async function insertSwaps(db: LedgerDb, items: readonly SwapListItem[]): Promise<void> {
  const seenAt = new Date();
  for (let i = 0; i < items.length; i += 1000) {
    await db.insert(swaps).values(
      items.slice(i, i + 1000).map((item) => ({
        id: item.id,
        status: item.status,
        createdAt: new Date(item.createdAt),
        updatedAt: new Date(item.updatedAt),
        externalId: item.externalId,
        customerId: item.customerId,
        depositAddress: item.deposit.address,
        payoutAddress: item.payout.address,
        rewardAmountUsdc: item.commission.rewardAmountUsdc,
        rewardStatus: item.commission.rewardStatus,
        listed: true,
        item,
        firstSeenAt: seenAt,
        lastSeenAt: seenAt,
      })),
    );
  }
}

/**
 * `count` completed swaps a minute apart, the newest at `endAt`, each the same as `seededSwap(i)`:
 * written by Postgres itself from a series, so 100,000 take seconds even on PGlite.
 */
export async function seedSwaps(db: LedgerDb, count: number, endAt = Date.now() - 3_600_000): Promise<void> {
  const sample = seededSwap(0, endAt);
  const end = new Date(endAt).toISOString();
  // The item's JSON as seededSwap builds it, key for key (jsonb keeps no order, so none matters).
  await db.execute(sql`
    with series as (
      select i, ${end}::timestamptz - i * interval '1 minute' as at,
        to_char((${end}::timestamptz - i * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso
      from generate_series(0, ${count - 1}::int) as i
    ), rows as (
      select i, at, 'S' || lpad(upper(to_hex(i)), 11, '0') as id, iso from series
    )
    insert into swaps (id, status, created_at, updated_at, external_id, customer_id, deposit_address, payout_address,
      reward_amount_usdc, reward_status, listed, item, first_seen_at, last_seen_at)
    select id, 'completed', at, at, 'order-' || i, 'cust-' || (i % 977), ${sample.deposit.address}, ${sample.payout.address},
      ${sample.commission.rewardAmountUsdc}::numeric, ${sample.commission.rewardStatus}, true,
      ${JSON.stringify({ ...sample, id: undefined, externalId: undefined, customerId: undefined, createdAt: undefined, updatedAt: undefined, deposit: undefined })}::jsonb
        || jsonb_build_object('id', id, 'externalId', 'order-' || i, 'customerId', 'cust-' || (i % 977), 'createdAt', iso, 'updatedAt', iso,
          'deposit', ${JSON.stringify(sample.deposit)}::jsonb || jsonb_build_object('deadline', iso)),
      now(), now()
    from rows`);
}

/**
 * `count` checkout orders in the funnel's tables, `order-<i>` (the externalIds of seedSwaps' swaps,
 * each first quoted two minutes before its swap), with pairs, locales, origins and drop-off
 * reasons in turn. The swaps' statuses are spread over the spec's, and a fifth of the orders lose
 * theirs to another deployment (a swap that is not theirs), so every stage and ending is met.
 */
export async function seedFunnelOrders(db: LedgerDb, count: number, endAt = Date.now() - 3_600_000): Promise<void> {
  const end = new Date(endAt).toISOString();
  // The swaps first, while no order follows them (the trigger then has nothing to update).
  await db.execute(sql`
    update swaps set status = (array['completed', 'completed', 'refunded', 'failed', 'expired', 'waiting_deposit', 'processing'])[1 + substr(external_id, 7)::int % 7]
    where external_id like 'order-%'`);
  await db.execute(
    sql`update swaps set external_id = 'elsewhere-' || substr(external_id, 7) where external_id like 'order-%' and substr(external_id, 7)::int % 5 = 4`,
  );
  await db.execute(sql`
    insert into funnel_orders (external_id, first_quoted_at, pair, locale, origin, last_expires_at,
      address_checked, address_invalid, quote_expired, quote_taken, refused_by_limit)
    select 'order-' || i, ${end}::timestamptz - i * interval '1 minute' - interval '2 minutes',
      (array['BTC.bitcoin>USDT.tron', 'ETH.ethereum>USDC.ethereum', 'BTC.bitcoin>ETH.ethereum', 'SOL.solana>USDT.tron', 'XRP.xrpl>BTC.bitcoin'])[1 + i % 5],
      (array['en', 'de', 'fr', 'es', 'pt-BR', 'ja'])[1 + i % 6],
      (array['direct', 'direct', 'https://shop.example', 'widget'])[1 + i % 4],
      ${end}::timestamptz - i * interval '1 minute' + interval '1 minute',
      i % 3 <> 0, i % 11 = 0, i % 13 = 0, i % 97 = 0, i % 89 = 0
    from generate_series(0, ${count - 1}::int) as i`);
  await db.execute(sql`
    insert into funnel_quotes (quote_id, external_id, quoted_at, expires_at, receive)
    select 'pq_' || lpad(to_hex(i), 24, '0'), 'order-' || i, ${end}::timestamptz - i * interval '1 minute' - interval '2 minutes',
      ${end}::timestamptz - i * interval '1 minute' + interval '1 minute', 'USDT.tron'
    from generate_series(0, ${count - 1}::int) as i`);
  // What the trigger would have written, in one statement.
  await db.execute(sql`
    update funnel_orders o set swap_id = s.id, swap_created_at = s.created_at, swap_status = s.status,
      deposit_seen = s.status in ('deposit_detected', 'underpaid', 'processing', 'completed', 'refunded'),
      completed_at = case when s.status = 'completed' then s.updated_at end
    from swaps s where s.external_id = o.external_id`);
}
