// The dashboard's swap history, answered by the ledger: pages with totals over every filtered row,
// the daily summary, one swap with its status history, the webhook log. None of it costs an
// upstream call; only the explicit refresh of one row reads that swap live.
import "server-only";
import { ledger, ledgerSwapRead } from "@/lib/bff/ledger";
import type { LedgerConnection } from "@/lib/ledger/db";
import { ledgerPage, ledgerRewardsPending, ledgerSummary, ledgerSwap, webhookLog } from "@/lib/ledger/queries";
import { readSyncState } from "@/lib/ledger/record";
import { isLedgerTimeZone } from "@/lib/ledger/time-zones";
import type { BackfillState, Reconciliation } from "@/lib/ledger/sync";
import { redeliver } from "@/lib/webhooks/deliver";
import type {
  DashboardQuery,
  DashboardSummary,
  DashboardSummaryQuery,
  DashboardSwapDetail,
  DashboardSwapList,
  WebhookLog,
} from "@/lib/schema/dashboard";
import { ApiError, isApiError } from "@/lib/bff/http/errors";
import { partner } from "@/lib/bff/upstream/partner";
import { writeSnapshot } from "@/lib/bff/status/snapshots";

/** The open ledger; off (several instances on Redis without a Postgres server) means unavailable. */
export async function dashboardLedger(): Promise<LedgerConnection> {
  const connection = await ledger().catch(() => null);
  if (!connection)
    throw new ApiError(
      "service_unavailable",
      "The swap ledger is off on this server (it needs DATABASE_URL when REDIS_URL is set).",
    );
  return connection;
}

/**
 * Headers every ledger answer carries: `x-ledger-as-of`, the last time the ledger read the
 * upstream's list, and `x-ledger-in-sync-at`, the last reconciliation that found no drift; while a
 * full round of the backfill reads the whole history (the first start, or after the sandbox's seed),
 * `x-ledger-loading`: the swaps it has read so far. Totals are short of the provider's meanwhile.
 */
export async function ledgerHeaders(connection: LedgerConnection): Promise<Record<string, string>> {
  const [listedAt, reconciliation, backfill] = await Promise.all([
    readSyncState<{ at: string }>(connection.db, "listed-at"),
    readSyncState<Reconciliation>(connection.db, "reconcile"),
    readSyncState<BackfillState>(connection.db, "backfill"),
  ]);
  // A top-up round (createdFrom set) reads only what is new, within a minute: not "loading".
  const loading = backfill && !backfill.done && !backfill.createdFrom;
  return {
    "x-ledger-as-of": listedAt?.at ?? new Date().toISOString(),
    ...(reconciliation?.lastInSyncAt ? { "x-ledger-in-sync-at": reconciliation.lastInSyncAt } : {}),
    ...(loading ? { "x-ledger-loading": String(backfill.swaps) } : {}),
  };
}

/** A CSV download's headers: `<name>-<today><suffix>.csv` as the file's name, and the ledger's own headers. */
export async function csvHeaders(
  connection: LedgerConnection,
  name: string,
  suffix = "",
): Promise<Record<string, string>> {
  const filename = `${name}-${new Date().toISOString().slice(0, 10)}${suffix}.csv`;
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    ...(await ledgerHeaders(connection)),
  };
}

export async function listDashboardSwaps(
  connection: LedgerConnection,
  query: DashboardQuery,
): Promise<DashboardSwapList> {
  const { limit, offset, ...filter } = query;
  const { swaps, totals } = await ledgerPage(connection.db, filter, limit, offset);
  return { swaps, total: totals.count, limit, offset, totals };
}

/**
 * The ledger's headers, plus `x-ledger-rewards-pending` on the answers that carry reward totals: how
 * many completed swaps of the filter have no reward in the ledger yet (it is fetching them), absent
 * when none. The totals leave those rewards out meanwhile, and the dashboard says so rather than
 * show a short sum as if it were whole.
 */
export async function totalsHeaders(
  connection: LedgerConnection,
  filter: Pick<DashboardQuery, "q" | "status" | "createdFrom" | "createdTo">,
): Promise<Record<string, string>> {
  const [headers, pending] = await Promise.all([
    ledgerHeaders(connection),
    ledgerRewardsPending(connection.db, filter),
  ]);
  return pending > 0 ? { ...headers, "x-ledger-rewards-pending": String(pending) } : headers;
}

export async function dashboardSummary(
  connection: LedgerConnection,
  query: DashboardSummaryQuery,
): Promise<DashboardSummary> {
  // The schema checked the zone against Intl; the days are counted by Postgres too.
  if (query.tz && !(await isLedgerTimeZone(connection.db, query.tz))) {
    throw new ApiError("validation_error", "Invalid tz: is not a time zone the ledger's database knows.", {
      fields: { tz: "is not a time zone the ledger's database knows" },
    });
  }
  return ledgerSummary(connection.db, query);
}

/**
 * One swap with its status history. `refresh` reads it live first (the list's statuses may be a
 * minute old); a swap the ledger has not met yet is read live too, so any id of ours opens.
 */
export async function dashboardSwap(
  connection: LedgerConnection,
  id: string,
  refresh: boolean,
  requestId: string,
): Promise<DashboardSwapDetail> {
  let found = refresh ? null : await ledgerSwap(connection.db, id);
  if (!found) {
    try {
      const swap = await partner().getSwap(id, { requestId, priority: "dashboard" });
      await writeSnapshot({ swap, asOf: Date.now(), source: "live" }).catch(() => {});
      await ledgerSwapRead(swap);
    } catch (error) {
      // Out of budget: the ledger's copy still answers.
      if (!refresh || !(isApiError(error) && error.code === "rate_limited")) throw error;
    }
    found = await ledgerSwap(connection.db, id);
  }
  if (!found) throw new ApiError("swap_not_found");
  return { ...found.swap, history: found.history as DashboardSwapDetail["history"] };
}

export const dashboardWebhookLog = (connection: LedgerConnection, limit: number, offset: number): Promise<WebhookLog> =>
  webhookLog(connection.db, limit, offset) as Promise<WebhookLog>;

export async function redeliverWebhook(connection: LedgerConnection, id: string): Promise<void> {
  if (!(await redeliver(connection.db, id))) throw new ApiError("not_found");
}
