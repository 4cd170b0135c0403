// Which upstream the ledger's swaps came from: the embedded sandbox (which lives in memory and
// starts empty with each process) or the partner service, noted in the ledger itself. The sandbox
// lets go of an earlier sandbox's swaps at start (sync.ts); it must never take real ones with them.
import "server-only";
import { sql } from "drizzle-orm";
import type { LedgerDb } from "./db";
import { readSyncState, writeSyncState } from "./record";
import { swaps } from "./schema";

/** Written by the embedded sandbox at each start: the id of the sandbox the ledger mirrors. */
export const SANDBOX_STATE_KEY = "embedded-sandbox";
/** Written at each start on the partner service: `{ origin }` of PARTNER_API_BASE_URL. */
const SERVICE_STATE_KEY = "partner-service";

type ServiceState = { origin: string };

/** Notes that the ledger mirrors the service at `origin` (an origin only: no path, no credentials). */
export const noteServiceUpstream = (db: LedgerDb, origin: string, at: Date) =>
  writeSyncState(db, SERVICE_STATE_KEY, { origin } satisfies ServiceState, at);

/** What the ledger holds of a real service: its swaps, and the service's origin where it was noted. */
export type ServiceSwaps = { swaps: number; origin: string | null };

/**
 * The real service's swaps this ledger holds, or null when it holds none. A ledger that noted the
 * service holds its swaps; so does one with swaps that no sandbox ever opened (kept before the
 * service was noted: every sandbox start notes itself).
 */
export async function serviceSwapsHeld(db: LedgerDb): Promise<ServiceSwaps | null> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(swaps);
  const count = row?.count ?? 0;
  if (count === 0) return null;
  const service = await readSyncState<ServiceState>(db, SERVICE_STATE_KEY);
  if (service) return { swaps: count, origin: service.origin };
  if ((await readSyncState<string>(db, SANDBOX_STATE_KEY)) === null) return { swaps: count, origin: null };
  return null;
}

/** The embedded sandbox refuses a ledger that holds a real service's swaps, rather than delete them. */
export class ServiceLedgerError extends Error {
  constructor(readonly held: ServiceSwaps) {
    super(
      `the ledger holds ${held.swaps} swaps of ${held.origin ? `the service at ${held.origin}` : "a real service"}`,
    );
    this.name = "ServiceLedgerError";
  }
}

export const isServiceLedgerError = (error: unknown): error is ServiceLedgerError =>
  error instanceof Error && error.name === "ServiceLedgerError";
