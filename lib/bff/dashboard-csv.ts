// The dashboard's CSV export: every filtered row from the ledger, streamed in batches as the
// download runs, with the columns of the dashboard's contract.
import "server-only";
import type { LedgerConnection } from "@/lib/ledger/db";
import { ledgerRows } from "@/lib/ledger/queries";
import { dashboardCsvColumns, type DashboardFilter } from "@/lib/schema/dashboard";
import type { SwapListItem } from "@/lib/schema/partner";

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
        controller.enqueue(encoder.encode(csvHeader() + (first.done ? "" : first.value.map(csvRow).join(""))));
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
