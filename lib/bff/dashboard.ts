// The operator dashboard's server side: the swap history with totals over every filtered row, and
// the CSV export. Every upstream call is in the lowest
// budget class ("dashboard"), so operators never starve a customer's checkout.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import BigConstructor, { type Big } from "big.js";
import type { CallContext } from "@/lib/partner/client";
import { dashboardCsvColumns, type DashboardFilter, type DashboardQuery, type DashboardSwapList, type DashboardTotals } from "@/lib/schema/dashboard";
import { isDecimal } from "@/lib/schema/decimal";
import type { ListSwapsQuery, Swap, SwapList, SwapListItem } from "@/lib/schema/partner";
import { PartnerError, isPartnerError } from "@/lib/partner/errors";
import { ApiError, isApiError } from "./errors";
import { partner } from "./partner";
import { writeSnapshot } from "./status";

// Sessions live in ./dashboard-session; re-exported for the routes that import them from here.
export { SESSION_COOKIE, assertDashboardEnabled, dashboardEnabled, isValidSession, requireSession } from "./dashboard-session";

// ---- history --------------------------------------------------------------------------------------

const UPSTREAM_PAGE = 100;
const TOTALS_TTL_MS = 60_000;
const TOTALS_CACHE_MAX = 200;
const EXPORT_PATIENCE_MS = 15 * 60_000;

const dashboardCall = (requestId: string): CallContext => ({ requestId, priority: "dashboard" });

function upstreamQuery(filter: DashboardFilter, limit: number, offset: number): ListSwapsQuery {
  return {
    ...(filter.status ? { status: filter.status.join(",") } : {}),
    ...(filter.createdFrom ? { createdFrom: filter.createdFrom } : {}),
    ...(filter.createdTo ? { createdTo: filter.createdTo } : {}),
    limit: String(limit),
    offset: String(offset),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds to wait when the budget (ours, or the upstream's 429) said "not now", else null. */
function budgetWaitSeconds(error: unknown): number | null {
  if (isApiError(error) && error.code === "rate_limited") return Number(error.headers["retry-after"] ?? 5) || 5;
  if (isPartnerError(error) && error.code === "rate_limited") return error.retryAfterSeconds ?? 5;
  return null;
}

type RowsOptions = {
  /** The first page, when the caller has read it already. */
  first?: SwapList;
  /**
   * Out of budget, wait for it instead of failing, until this instant: a download may take longer
   * than a person would wait for a page, and the dashboard has only a fifth of the key's budget.
   */
  patientUntil?: number;
};

/**
 * Every filtered row, page by page (100 at a time), newest first. A swap created while we page
 * shifts the offsets by one; ids seen already are skipped so no row counts twice.
 */
async function* filteredRows(filter: DashboardFilter, requestId: string, options: RowsOptions = {}): AsyncGenerator<SwapListItem[]> {
  const seen = new Set<string>();
  const read = async (offset: number): Promise<SwapList> => {
    for (;;) {
      try {
        return await partner().listSwaps(upstreamQuery(filter, UPSTREAM_PAGE, offset), dashboardCall(requestId));
      } catch (error) {
        const wait = budgetWaitSeconds(error);
        if (wait === null || !options.patientUntil || Date.now() + wait * 1000 > options.patientUntil) throw error;
        await sleep(Math.min(Math.max(wait, 1), 20) * 1000);
      }
    }
  };
  for (let offset = 0; ; offset += UPSTREAM_PAGE) {
    const page = offset === 0 && options.first ? options.first : await read(offset);
    const fresh = page.swaps.filter((swap) => !seen.has(swap.id));
    for (const swap of fresh) seen.add(swap.id);
    if (fresh.length) yield fresh;
    if (page.swaps.length < UPSTREAM_PAGE || offset + UPSTREAM_PAGE >= page.total) return;
  }
}

const Usdc = BigConstructor();
Usdc.NE = -60;
Usdc.PE = 60;

function totalsOf(rows: readonly SwapListItem[], requestId: string): DashboardTotals {
  const sums: Record<"available" | "claiming" | "claimed", Big> = { available: Usdc(0), claiming: Usdc(0), claimed: Usdc(0) };
  for (const { id, commission } of rows) {
    if (commission.rewardAmountUsdc === null || commission.rewardStatus === null) continue;
    if (!isDecimal(commission.rewardAmountUsdc)) {
      console.warn(`[bff] ${requestId} swap ${id} has a reward that is not a decimal: ${JSON.stringify(commission.rewardAmountUsdc)}`);
      throw new ApiError("upstream_error");
    }
    sums[commission.rewardStatus] = sums[commission.rewardStatus].plus(commission.rewardAmountUsdc);
  }
  return {
    count: rows.length,
    rewardUsdc: { available: sums.available.toFixed(), claiming: sums.claiming.toFixed(), claimed: sums.claimed.toFixed() },
  };
}

type CachedTotals = { totals: DashboardTotals; until: number };
// Per filter for a minute, so paging through one filter spends one page per click, not all pages.
const totalsCache = () => processSingleton("dashboard-totals", () => new Map<string, CachedTotals>());

const filterKey = (filter: DashboardFilter) => JSON.stringify([filter.status ?? null, filter.createdFrom ?? null, filter.createdTo ?? null]);

function cachedTotals(key: string, now = Date.now()): DashboardTotals | null {
  const hit = totalsCache().get(key);
  if (hit && hit.until > now) return hit.totals;
  totalsCache().delete(key);
  return null;
}

function rememberTotals(key: string, totals: DashboardTotals, now = Date.now()) {
  const cache = totalsCache();
  for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
  while (cache.size >= TOTALS_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { totals, until: now + TOTALS_TTL_MS });
}

/**
 * One page of the history plus totals over all of it. Without fresh totals we read every row
 * anyway, so the page is cut from that same read (one consistent snapshot, no extra call).
 */
export async function listDashboardSwaps(query: DashboardQuery, requestId: string): Promise<DashboardSwapList> {
  const { limit, offset, ...filter } = query;
  const key = filterKey(filter);
  const totals = cachedTotals(key);
  if (totals) {
    const page = await partner().listSwaps(upstreamQuery(filter, limit, offset), dashboardCall(requestId));
    return { ...page, limit, offset, totals };
  }
  const rows: SwapListItem[] = [];
  for await (const batch of filteredRows(filter, requestId)) rows.push(...batch);
  const fresh = totalsOf(rows, requestId);
  rememberTotals(key, fresh);
  return { swaps: rows.slice(offset, offset + limit), total: rows.length, limit, offset, totals: fresh };
}

/** One swap read live (the list's statuses may be a minute old); customers' status reads reuse it. */
export async function readDashboardSwap(id: string, requestId: string): Promise<Swap> {
  const swap = await partner().getSwap(id, dashboardCall(requestId));
  await writeSnapshot({ swap, asOf: Date.now(), source: "live" }).catch(() => {});
  return swap;
}

// ---- CSV ------------------------------------------------------------------------------------------

const plainNumber = /^[+-]?\d+(\.\d+)?$/;

/**
 * RFC 4180 field. A text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a
 * leading apostrophe; plain numbers are left as they are.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(swap: SwapListItem): string {
  const fields: Record<(typeof dashboardCsvColumns)[number], string | number | null> = {
    id: swap.id,
    createdAt: swap.createdAt,
    status: swap.status,
    fromAmount: swap.from.amount,
    fromToken: swap.from.token,
    fromNetwork: swap.from.network,
    toEstimatedAmount: swap.to.estimatedAmount,
    toToken: swap.to.token,
    toNetwork: swap.to.network,
    externalId: swap.externalId,
    customerId: swap.customerId,
    bps: swap.commission.bps,
    rewardAmountUsdc: swap.commission.rewardAmountUsdc,
    rewardStatus: swap.commission.rewardStatus,
  };
  return dashboardCsvColumns.map((column) => csvField(fields[column])).join(",") + "\r\n";
}

/**
 * Every filtered row as CSV, fetched page by page while the download runs. The first page is read
 * before answering, so an upstream failure at the start is a proper error response; a failure
 * later aborts the download rather than ending it short.
 */
export async function dashboardCsv(filter: DashboardFilter, requestId: string): Promise<ReadableStream<Uint8Array>> {
  const first = await partner().listSwaps(upstreamQuery(filter, UPSTREAM_PAGE, 0), dashboardCall(requestId));
  const batches = filteredRows(filter, requestId, { first, patientUntil: Date.now() + EXPORT_PATIENCE_MS });
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(dashboardCsvColumns.join(",") + "\r\n"));
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(csvRow).join("")));
      } catch (error) {
        console.warn(`[bff] ${requestId} CSV export stopped: ${String(error)}`);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
