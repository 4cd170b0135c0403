// The dashboard's CSV export: every filtered row from the ledger, streamed in batches as the
// download runs, with the columns of the dashboard's contract. The embedded ledger (PGlite) runs in
// the server's own thread, so an export that read batch after batch would stall every quote, swap
// and status read meanwhile: its batches are small and paced, and a session runs one at a time.
import "server-only";
import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { LedgerConnection } from "@/lib/ledger/db";
import { ledgerRows } from "@/lib/ledger/queries";
import { dashboardCsvColumns, type DashboardFilter } from "@/lib/schema/dashboard";
import type { SwapListItem } from "@/lib/schema/partner";
import { log } from "@/lib/observability/log";
import { processSingleton } from "@/lib/process-singleton";
import { sleep } from "@/lib/timing";
import { ApiError, forLog, retryAfterHeader } from "@/lib/bff/http/errors";
import { store } from "@/lib/bff/upstream/shared-store";

/**
 * Where a spreadsheet may start a cell: the value's start, and after each character some
 * spreadsheet splits on (Excel in de/fr/es/it/nl/ru splits on `;`), with blanks or quotes
 * between. A formula starts with = + - @ or their full-width forms (＝ ＋ － ＠).
 */
const formulaStart = /(^|[;,\t\r\n])([\s"]*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/**
 * One RFC 4180 field, always quoted. Text a spreadsheet could run as a formula gets an apostrophe
 * before its formula character wherever a cell may start inside it, and one in front when it
 * starts with a tab or CR (OWASP's CSV injection list), so a customerId like `acme;=1+1;` from a
 * signed widget config stays text in every locale.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? "" : String(value).replace(formulaStart, "$1$2'$3");
  if (/^[\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const csvLine = (fields: ReadonlyArray<string | number | null>) => fields.map(csvField).join(",") + "\r\n";

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
  return csvLine(dashboardCsvColumns.map((column) => fields[column]));
}

export const csvHeader = () => csvLine(dashboardCsvColumns);

/**
 * Rows a batch. On PGlite a batch's read and encoding holds the thread about 70 µs a row (on an
 * idle 2-core machine): 250 rows, under 20 ms.
 */
const BATCH = 250;
/** A running export holds its session's slot this long past its last batch (a reader that stalls lets go). */
const EXPORT_LEASE_MS = 60_000;
const RENEW_EVERY_MS = 10_000;
/** What a second export of the same session is told to wait. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The session's export slot, in the shared store so it holds across instances. Refused with 429
 * `rate_limited` while another export of the same session runs; `renew` keeps it while batches
 * flow, `release` frees it at the end, on an error, or when the reader goes away.
 */
async function takeExportSlot(session: string): Promise<{ renew: () => Promise<void>; release: () => Promise<void> }> {
  const key = `dashboard:export:${session}`;
  const token = randomUUID();
  if (!(await store().setIfAbsent(key, token, EXPORT_LEASE_MS))) {
    throw new ApiError(
      "rate_limited",
      "An export of this session is still running. Wait for it to finish, then try again.",
      { limit: "export" },
      retryAfterHeader(RETRY_AFTER_SECONDS),
    );
  }
  let renewedAt = Date.now();
  let released = false;
  const ours = async () => !released && (await store().get(key)) === token;
  return {
    renew: async () => {
      if (Date.now() - renewedAt < RENEW_EVERY_MS) return;
      renewedAt = Date.now();
      if (await ours()) await store().set(key, token, EXPORT_LEASE_MS);
    },
    release: async () => {
      if (await ours()) await store().delete(key);
      released = true;
    },
  };
}

/**
 * Runs the exports' batches on the embedded ledger one at a time, each after a pause as long as
 * the last one took: whatever number of exports run, they hold the thread at most half the time,
 * and a request that arrives meanwhile waits at most one batch.
 */
function pacedBatch<T>(work: () => Promise<T>): Promise<T> {
  const pacer = processSingleton("csv-export-pacer", () => ({ tail: Promise.resolve(), freeAt: 0 }));
  const run = pacer.tail.then(async () => {
    const wait = pacer.freeAt - performance.now();
    await (wait >= 1 ? sleep(wait) : nextTurn());
    const started = performance.now();
    try {
      return await work();
    } finally {
      const took = performance.now() - started;
      pacer.freeAt = performance.now() + took;
    }
  });
  pacer.tail = run.then(
    () => {},
    () => {},
  );
  return run;
}

/**
 * Every filtered row as CSV, for the session `session` (one export at a time each). The first
 * batch is read before the answer starts, so a query that fails is an error answer, not a download
 * cut off at once; a failure later aborts the download rather than ending it short.
 */
export async function dashboardCsv(
  connection: LedgerConnection,
  filter: DashboardFilter,
  session: string,
  requestId: string,
): Promise<ReadableStream<Uint8Array>> {
  const slot = await takeExportSlot(session);
  const batches = ledgerRows(connection.db, filter, BATCH);
  const encoder = new TextEncoder();
  const encodeBatch = (next: IteratorResult<SwapListItem[]>) =>
    next.done ? null : encoder.encode(next.value.map(csvRow).join(""));
  // On a Postgres server the reads run in its own processes; only the encoding is ours.
  const nextBatch =
    connection.driver === "pglite"
      ? () => pacedBatch(async () => encodeBatch(await batches.next()))
      : async () => {
          await nextTurn();
          return encodeBatch(await batches.next());
        };
  let first: Uint8Array | null;
  try {
    first = await nextBatch();
  } catch (error) {
    await slot.release();
    throw error;
  }
  let firstSent = false;
  let cancelled = false;
  const end = () => slot.release().catch(() => {});
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!firstSent) {
        firstSent = true;
        controller.enqueue(encoder.encode(csvHeader()));
        if (first) controller.enqueue(first);
        else {
          controller.close();
          await end();
        }
        return;
      }
      try {
        await slot.renew();
        const next = await nextBatch();
        // The reader went away while the batch was read.
        if (cancelled) return;
        if (next) controller.enqueue(next);
        else {
          controller.close();
          await end();
        }
      } catch (error) {
        log().warn({ requestId }, `[bff] CSV export stopped: ${forLog(error)}`);
        controller.error(error);
        await end();
      }
    },
    async cancel() {
      cancelled = true;
      await end();
      await batches.return(undefined);
    },
  });
}
