// The ledger's tables. Migrations under lib/ledger/migrations are generated from this file with
// `npx drizzle-kit generate` and committed; they are applied when the ledger opens.
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { SwapListItem } from "@/lib/schema/partner";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** One row per swap of the partner, as last seen; the columns the dashboard filters and sums on. */
export const swaps = pgTable(
  "swaps",
  {
    id: text("id").primaryKey(),
    status: text("status").notNull(),
    createdAt: at("created_at").notNull(),
    /** The upstream's updatedAt: an older view never overwrites a newer one. */
    updatedAt: at("updated_at").notNull(),
    externalId: text("external_id"),
    customerId: text("customer_id"),
    depositAddress: text("deposit_address").notNull(),
    payoutAddress: text("payout_address").notNull(),
    rewardAmountUsdc: numeric("reward_amount_usdc", { precision: 40, scale: 18 }),
    rewardStatus: text("reward_status"),
    /** False while we know the swap only from its creation (no commission fields yet). */
    listed: boolean("listed").notNull().default(false),
    /** The spec's list item, commission included (nulls until listed). */
    item: jsonb("item").$type<SwapListItem>().notNull(),
    firstSeenAt: at("first_seen_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
  },
  (t) => [
    index("swaps_created_at_idx").on(t.createdAt.desc(), t.id),
    index("swaps_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("swaps_external_id_idx").on(t.externalId),
    index("swaps_customer_id_idx").on(t.customerId),
    index("swaps_deposit_address_idx").on(sql`lower(${t.depositAddress})`),
    index("swaps_payout_address_idx").on(sql`lower(${t.payoutAddress})`),
    index("swaps_reward_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'completed' and ${t.rewardStatus} is distinct from 'claimed'`),
  ],
);

/** Each status a swap had, with the time we first saw it in that status. */
export const swapStatusHistory = pgTable(
  "swap_status_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    swapId: text("swap_id")
      .notNull()
      .references(() => swaps.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    seenAt: at("seen_at").notNull(),
  },
  (t) => [index("swap_status_history_swap_idx").on(t.swapId, t.seenAt)],
);

/** Small named records of the sync: the backfill cursor, the last reconciliation, … */
export const syncState = pgTable("ledger_sync_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: at("updated_at").notNull(),
});

/** The webhook outbox: written in the same transaction as the ledger change it announces. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    swapId: text("swap_id").notNull(),
    /** The exact JSON body that is signed and sent. */
    payload: text("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull(),
    /** An instance sending this event holds it until then; another may take it only after. */
    lockedUntil: at("locked_until"),
    lastResponse: text("last_response"),
    createdAt: at("created_at").notNull(),
    deliveredAt: at("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * The funnel (DESIGN "The funnel"): one row per checkout order, made on its first quote. The key is
 * the order's externalId (also on its swaps), never its token; no address or IP is kept.
 */
export const funnelOrders = pgTable(
  "funnel_orders",
  {
    externalId: text("external_id").primaryKey(),
    firstQuotedAt: at("first_quoted_at").notNull(),
    /** `BTC.bitcoin>USDT.tron`, from the first quote. */
    pair: text("pair").notNull(),
    locale: text("locale").notNull(),
    /** `direct`, an allowed widget host's origin, or `widget`. */
    origin: text("origin").notNull(),
    /** The latest expiry of its quotes: none valid after it, and no swap, is `abandoned`. */
    lastExpiresAt: at("last_expires_at").notNull(),
    // What its steps met, kept as they are written so that a read over 100,000 orders is one pass.
    /** A payout address check (for the asset of one of its quotes) said valid. */
    addressChecked: boolean("address_checked").notNull().default(false),
    addressInvalid: boolean("address_invalid").notNull().default(false),
    /** A creation refused with quote_expired, or a re-quote after every earlier quote expired. */
    quoteExpired: boolean("quote_expired").notNull().default(false),
    quoteTaken: boolean("quote_taken").notNull().default(false),
    refusedByLimit: boolean("refused_by_limit").notNull().default(false),
    // Its latest swap, followed by a trigger on `swaps` (migration 0001): the same read never joins.
    swapId: text("swap_id"),
    swapCreatedAt: at("swap_created_at"),
    swapStatus: text("swap_status"),
    /** The swap reached deposit_detected, underpaid, processing or completed, was refunded, or failed after one of those. */
    depositSeen: boolean("deposit_seen").notNull().default(false),
    /** The swap's completion as the upstream dates it (its updatedAt). */
    completedAt: at("completed_at"),
    /** When the `order.abandoned` event was written for it (once). */
    abandonedAnnouncedAt: at("abandoned_announced_at"),
  },
  (t) => [
    index("funnel_orders_first_quoted_idx").on(t.firstQuotedAt),
    index("funnel_orders_unannounced_idx")
      .on(t.lastExpiresAt)
      .where(sql`${t.abandonedAnnouncedAt} is null`),
  ],
);

/** Each quote of an order: a swap refusal names a quote id, and expiries decide `abandoned`. */
export const funnelQuotes = pgTable(
  "funnel_quotes",
  {
    quoteId: text("quote_id").primaryKey(),
    externalId: text("external_id").notNull(),
    quotedAt: at("quoted_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    /** The asset to receive, `USDT.tron`: an address check for it is a payout address check. */
    receive: text("receive").notNull(),
  },
  (t) => [index("funnel_quotes_order_idx").on(t.externalId, t.quotedAt)],
);

/**
 * The other steps of an order as they happened: `address_valid` / `address_invalid` (with the
 * asset checked), `quote_expired`, `quote_taken`, `rate_limited`. The order's flags sum them up.
 */
export const funnelSteps = pgTable(
  "funnel_steps",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    externalId: text("external_id").notNull(),
    kind: text("kind").notNull(),
    asset: text("asset"),
    at: at("at").notNull(),
  },
  (t) => [index("funnel_steps_order_idx").on(t.externalId, t.kind)],
);
