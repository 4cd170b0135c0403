// The funnel's ledger (DESIGN "The funnel"): each step of a checkout order as it happens, and the
// answer of `GET /api/partner/funnel`, decided when it is read. An order is its externalId; a swap
// is the order's when it carries that externalId (the upstream copies it from the quote), so the
// swaps of another deployment on the same key, whose orders were never quoted here, count nowhere.
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { LedgerDb } from "./db";

/** One step, as the BFF saw it. A refusal about a quote finds its order through the quote's id. */
export type FunnelStep =
  | {
      kind: "quote";
      at: Date;
      externalId: string;
      quoteId: string;
      expiresAt: Date;
      pair: string;
      receive: string;
      locale: string;
      origin: string;
    }
  | { kind: "address"; at: Date; externalId: string; asset: string; valid: boolean }
  | { kind: "quote_expired" | "quote_taken" | "rate_limited"; at: Date; quoteId: string }
  | { kind: "rate_limited"; at: Date; externalId: string };

const orderFlag = {
  quote_expired: "quote_expired",
  quote_taken: "quote_taken",
  rate_limited: "refused_by_limit",
} as const;

/**
 * Writes one step; true if it was. A step of an order this ledger never saw quoted is dropped (it
 * is not ours): false, for the caller to count.
 */
export async function recordFunnelStep(db: LedgerDb, step: FunnelStep): Promise<boolean> {
  if (step.kind === "quote") {
    await recordQuote(db, step);
    return true;
  }
  if (step.kind === "address") {
    const valid = step.valid;
    const rows = await db.execute<{ external_id: string }>(sql`
      update funnel_orders o set
        address_invalid = o.address_invalid or ${!valid},
        address_checked = o.address_checked or (${valid} and exists (
          select 1 from funnel_quotes q where q.external_id = o.external_id and q.receive = ${step.asset}))
      where o.external_id = ${step.externalId}
      returning o.external_id`);
    if (rowsOf(rows).length === 0) return false;
    await db.execute(sql`insert into funnel_steps (external_id, kind, asset, at)
      values (${step.externalId}, ${valid ? "address_valid" : "address_invalid"}, ${step.asset}, ${step.at})`);
    return true;
  }
  const flag = sql.raw(orderFlag[step.kind]);
  const order =
    "externalId" in step
      ? sql`${step.externalId}`
      : sql`(select q.external_id from funnel_quotes q where q.quote_id = ${step.quoteId})`;
  const rows = await db.execute<{ external_id: string }>(sql`
    update funnel_orders set ${flag} = true where external_id = ${order} returning external_id`);
  const [found] = rowsOf<{ external_id: string }>(rows);
  if (!found) return false;
  await db.execute(
    sql`insert into funnel_steps (external_id, kind, at) values (${found.external_id}, ${step.kind}, ${step.at})`,
  );
  return true;
}

async function recordQuote(db: LedgerDb, step: Extract<FunnelStep, { kind: "quote" }>): Promise<void> {
  await db.transaction(async (tx) => {
    const made = await tx.execute<{ external_id: string }>(sql`
      insert into funnel_orders (external_id, first_quoted_at, pair, locale, origin, last_expires_at)
      values (${step.externalId}, ${step.at}, ${step.pair}, ${step.locale}, ${step.origin}, ${step.expiresAt})
      on conflict (external_id) do nothing
      returning external_id`);
    if (rowsOf(made).length) {
      // Its swap may be in the ledger already (the creation's write-through does not queue).
      await tx.execute(sql`
        update funnel_orders o set swap_id = s.id, swap_created_at = s.created_at, swap_status = s.status,
          deposit_seen = s.status in ('deposit_detected', 'underpaid', 'processing', 'completed', 'refunded')
            or (s.status = 'failed' and exists (select 1 from swap_status_history h
              where h.swap_id = s.id and h.status in ('deposit_detected', 'underpaid', 'processing'))),
          completed_at = case when s.status = 'completed' then s.updated_at end
        from (select id, created_at, status, updated_at from swaps where external_id = ${step.externalId}
          order by created_at desc, id desc limit 1) s
        where o.external_id = ${step.externalId}`);
    } else {
      // A re-quote: after every earlier quote expired and before any swap, the price went stale.
      await tx.execute(sql`
        update funnel_orders o set
          quote_expired = o.quote_expired or (o.last_expires_at <= ${step.at} and not exists (
            select 1 from swaps s where s.external_id = o.external_id and s.created_at <= ${step.at})),
          last_expires_at = greatest(o.last_expires_at, ${step.expiresAt}),
          address_checked = o.address_checked or exists (
            select 1 from funnel_steps f where f.external_id = o.external_id and f.kind = 'address_valid' and f.asset = ${step.receive})
        where o.external_id = ${step.externalId}`);
    }
    await tx.execute(sql`
      insert into funnel_quotes (quote_id, external_id, quoted_at, expires_at, receive)
      values (${step.quoteId}, ${step.externalId}, ${step.at}, ${step.expiresAt}, ${step.receive})
      on conflict (quote_id) do nothing`);
  });
}

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as Rows<T> & { rows: T[] }).rows ?? []);

export type FunnelGroupBy = "pair" | "locale" | "origin" | "day";

type FunnelStages = {
  quoted: number;
  addressChecked: number;
  swapCreated: number;
  depositSeen: number;
  completed: number;
};
type FunnelEndings = { completed: number; refunded: number; failed: number; expired: number; abandoned: number };
type FunnelDropOff = { quoteExpired: number; addressInvalid: number; quoteTaken: number; refusedByLimit: number };
export type FunnelReport = {
  from: string | null;
  to: string | null;
  stages: FunnelStages;
  endings: FunnelEndings;
  dropOff: FunnelDropOff;
  medianSecondsToComplete: number | null;
  groups?: Array<{ key: string; stages: FunnelStages; endings: FunnelEndings }>;
};

const groupKey: Record<FunnelGroupBy, SQL> = {
  pair: sql`pair`,
  locale: sql`locale`,
  origin: sql`origin`,
  // A date's text is yyyy-mm-dd (ISO DateStyle, Postgres' default).
  day: sql`(first_quoted_at at time zone 'UTC')::date`,
};

type CountRow = {
  key: string | null;
  quoted: number;
  address_checked: number;
  swap_created: number;
  deposit_seen: number;
  completed: number;
  refunded: number;
  failed: number;
  expired: number;
  abandoned: number;
  quote_expired: number;
  address_invalid: number;
  quote_taken: number;
  refused_by_limit: number;
};

const zeroCounts: Omit<CountRow, "key"> = {
  quoted: 0,
  address_checked: 0,
  swap_created: 0,
  deposit_seen: 0,
  completed: 0,
  refunded: 0,
  failed: 0,
  expired: 0,
  abandoned: 0,
  quote_expired: 0,
  address_invalid: 0,
  quote_taken: 0,
  refused_by_limit: 0,
};

/**
 * The funnel over the orders whose first quote falls in [from, to] (either may be open), decided
 * at `now`: what is abandoned depends on which quotes are still valid.
 */
export async function funnelReport(
  db: LedgerDb,
  query: { from?: string | undefined; to?: string | undefined; groupBy?: FunnelGroupBy | undefined; now: Date },
): Promise<FunnelReport> {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(sql`first_quoted_at >= ${new Date(query.from)}`);
  if (query.to) conditions.push(sql`first_quoted_at <= ${new Date(query.to)}`);
  const where = (...more: SQL[]) =>
    conditions.length + more.length ? sql`where ${sql.join([...conditions, ...more], sql` and `)}` : sql``;
  const count = (condition: SQL) => sql`(count(*) filter (where ${condition}))::int`;
  // One pass over the period's orders: each row already carries its latest swap (a trigger keeps
  // it). Grouped, it is a hash aggregate, and the totals are the groups' sums (each order has one key).
  const key = query.groupBy ? groupKey[query.groupBy] : sql`null::text`;
  const counts = rowsOf<CountRow>(
    await db.execute(sql`
      select key::text as key, counts.* from (select ${key} as key,
        count(*)::int as quoted,
        ${count(sql`address_checked`)} as address_checked,
        ${count(sql`swap_status is not null`)} as swap_created,
        ${count(sql`deposit_seen`)} as deposit_seen,
        ${count(sql`swap_status = 'completed'`)} as completed,
        ${count(sql`swap_status = 'refunded'`)} as refunded,
        ${count(sql`swap_status = 'failed'`)} as failed,
        ${count(sql`swap_status = 'expired'`)} as expired,
        ${count(sql`swap_status is null and last_expires_at <= ${query.now}`)} as abandoned,
        ${count(sql`quote_expired`)} as quote_expired,
        ${count(sql`address_invalid`)} as address_invalid,
        ${count(sql`quote_taken`)} as quote_taken,
        ${count(sql`refused_by_limit`)} as refused_by_limit
      from funnel_orders
      ${where()}
      ${query.groupBy ? sql`group by 1` : sql``}) counts`),
  );
  const [median] = rowsOf<{ seconds: number | string | null }>(
    await db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from completed_at - first_quoted_at)) as seconds
      from funnel_orders ${where(sql`swap_status = 'completed'`)}`),
  );
  const numbers = (r: CountRow) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === "key" ? v : Number(v)])) as CountRow;
  const rows = counts.map(numbers);
  const t = rows.reduce<CountRow>(
    (sum, r) => {
      for (const name of Object.keys(sum) as Array<keyof CountRow>)
        if (name !== "key") (sum[name] as number) += r[name] as number;
      return sum;
    },
    { key: null, ...zeroCounts },
  );
  const stagesOf = (r: CountRow): FunnelStages => ({
    quoted: r.quoted,
    addressChecked: r.address_checked,
    swapCreated: r.swap_created,
    depositSeen: r.deposit_seen,
    completed: r.completed,
  });
  const endingsOf = (r: CountRow): FunnelEndings => ({
    completed: r.completed,
    refunded: r.refunded,
    failed: r.failed,
    expired: r.expired,
    abandoned: r.abandoned,
  });
  const seconds = median?.seconds ?? null;
  const report: FunnelReport = {
    from: query.from ? new Date(query.from).toISOString() : null,
    to: query.to ? new Date(query.to).toISOString() : null,
    stages: stagesOf(t),
    endings: endingsOf(t),
    dropOff: {
      quoteExpired: t.quote_expired,
      addressInvalid: t.address_invalid,
      quoteTaken: t.quote_taken,
      refusedByLimit: t.refused_by_limit,
    },
    medianSecondsToComplete: seconds === null ? null : Math.round(Number(seconds) * 1000) / 1000,
  };
  if (query.groupBy) {
    const groups = rows.map((r) => ({ key: String(r.key), stages: stagesOf(r), endings: endingsOf(r) }));
    // Days in calendar order; the other keys by size, then by name.
    groups.sort((a, b) =>
      query.groupBy === "day"
        ? a.key.localeCompare(b.key)
        : b.stages.quoted - a.stages.quoted || a.key.localeCompare(b.key),
    );
    report.groups = groups;
  }
  return report;
}

/** The drop-off reasons an order met, as `order.abandoned` names them. */
type DropOffReason = keyof FunnelDropOff;

/**
 * Writes `order.abandoned` into the webhook outbox for orders abandoned since `before` at the
 * latest (every quote expired by then, no swap), once each; returns how many.
 */
export async function announceAbandoned(db: LedgerDb, before: Date, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{
      external_id: string;
      pair: string;
      quote_expired: boolean;
      address_invalid: boolean;
      quote_taken: boolean;
      refused_by_limit: boolean;
    }>(
      await tx.execute(sql`
        select external_id, pair, quote_expired, address_invalid, quote_taken, refused_by_limit from funnel_orders o
        where abandoned_announced_at is null and last_expires_at <= ${before} and swap_id is null
        order by last_expires_at limit ${limit}
        for update skip locked`),
    );
    if (!rows.length) return 0;
    const timestamp = now.toISOString();
    for (const [index, row] of rows.entries()) {
      const reasons: DropOffReason[] = [];
      if (row.quote_expired) reasons.push("quoteExpired");
      if (row.address_invalid) reasons.push("addressInvalid");
      if (row.quote_taken) reasons.push("quoteTaken");
      if (row.refused_by_limit) reasons.push("refusedByLimit");
      const event = {
        type: "order.abandoned",
        timestamp,
        data: { externalId: row.external_id, pair: row.pair, dropOff: reasons },
      };
      // The outbox's subject column holds the order's externalId for an order event.
      await tx.execute(sql`
        insert into webhook_deliveries (id, type, swap_id, payload, next_attempt_at, created_at)
        values (${`msg_${randomUUID().replaceAll("-", "")}`}, 'order.abandoned', ${row.external_id}, ${JSON.stringify(event)}, ${now}, ${new Date(now.getTime() + index)})`);
      await tx.execute(
        sql`update funnel_orders set abandoned_announced_at = ${now} where external_id = ${row.external_id}`,
      );
    }
    return rows.length;
  });
}
