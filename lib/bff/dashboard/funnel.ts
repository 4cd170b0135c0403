// The dashboard's funnel (JSON and CSV) and completed volume, answered by the ledger alone (no upstream call).
import "server-only";
import type { LedgerConnection } from "@/lib/ledger/db";
import { funnelReport } from "@/lib/ledger/funnel";
import { completedVolume } from "@/lib/ledger/volume";
import { funnelCsvColumns, type Funnel, type FunnelQuery, type Volume, type VolumeQuery } from "@/lib/schema/funnel";
import { csvField } from "./csv";

export const dashboardFunnel = (connection: LedgerConnection, query: FunnelQuery, now = new Date()): Promise<Funnel> =>
  funnelReport(connection.db, { from: query.createdFrom, to: query.createdTo, groupBy: query.groupBy, now });

type CsvColumn = (typeof funnelCsvColumns)[number];

const line = (fields: Partial<Record<CsvColumn, string | number | null>>) =>
  funnelCsvColumns.map((c) => csvField(fields[c] ?? null)).join(",") + "\r\n";

/** The whole period first (key `all`, with the drop-off reasons and median), then each group. */
export function funnelCsv(funnel: Funnel): string {
  const rows = [
    line(Object.fromEntries(funnelCsvColumns.map((c) => [c, c]))),
    line({
      key: "all",
      ...funnel.stages,
      ...funnel.endings,
      ...funnel.dropOff,
      medianSecondsToComplete: funnel.medianSecondsToComplete,
    }),
    ...(funnel.groups ?? []).map((group) => line({ key: group.key, ...group.stages, ...group.endings })),
  ];
  return rows.join("");
}

export async function dashboardVolume(connection: LedgerConnection, query: VolumeQuery): Promise<Volume> {
  return {
    from: query.createdFrom ? new Date(query.createdFrom).toISOString() : null,
    to: query.createdTo ? new Date(query.createdTo).toISOString() : null,
    assets: await completedVolume(connection.db, { from: query.createdFrom, to: query.createdTo }),
  };
}
