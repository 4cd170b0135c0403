// The dashboard's CSV export: every filtered row from the ledger, streamed in batches as the
// download runs, with the columns of the dashboard's contract.
import "server-only";
import type { LedgerConnection } from "@/lib/ledger/db";
import { ledgerRows } from "@/lib/ledger/queries";
import { dashboardCsvColumns, type DashboardFilter } from "@/lib/schema/dashboard";
import type { SwapListItem } from "@/lib/schema/partner";

const plainNumber = /^[+-]?\d+(\.\d+)?$/;

/**
 * RFC 4180 field. A text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a
 * leading apostrophe; plain numbers are left as they are.
 */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(swap: SwapListItem): string {
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
 * Every filtered row as CSV. The first batch is read before the answer starts, so a query that
 * fails is an error answer, not a download cut off at once; a failure later aborts the download
 * rather than ending it short.
 */
export async function dashboardCsv(connection: LedgerConnection, filter: DashboardFilter, requestId: string): Promise<ReadableStream<Uint8Array>> {
  const batches = ledgerRows(connection.db, filter);
  const first = await batches.next();
  const encoder = new TextEncoder();
  let firstSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!firstSent) {
        firstSent = true;
        controller.enqueue(encoder.encode(dashboardCsvColumns.join(",") + "\r\n" + (first.done ? "" : first.value.map(csvRow).join(""))));
        if (first.done) controller.close();
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
