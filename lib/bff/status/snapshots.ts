// Status snapshots: one per swap in the shared store, whatever read it (a live read, a sweep's
// list page, the creation), and the live read of one swap that writes its snapshot. How the parts
// of swap status fit together: lib/bff/status/read.ts.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import type { Swap } from "@/lib/schema/partner";
import type { DepositAsset } from "@/lib/schema/bff";
import { ledgerSwapRead } from "@/lib/bff/ledger";
import { partner } from "@/lib/bff/upstream/partner";
import { store } from "@/lib/bff/upstream/shared-store";
import { liveTimes, local, noteKnown } from "./state";

export type Snapshot = {
  swap: Swap;
  /** ms: the upstream state this reflects */ asOf: number;
  source: "live" | "list" | "create";
};

export const SNAPSHOT_TTL_MS = 6 * 60 * 60 * 1000;
export const snapshotKey = (id: string) => `swap:snapshot:${id}`;

// Parsed snapshots and their swap's JSON, per process, reused while the stored text is the same:
// a cached status read then costs one store read and no JSON work.
const parsedCache = () =>
  processSingleton("swap-status-parsed", () => new Map<string, { raw: string; snapshot: Snapshot; body: string }>());

export async function readSnapshot(id: string): Promise<Snapshot | null> {
  const raw = await store().get(snapshotKey(id));
  if (!raw) return null;
  const parsed = parsedCache();
  const hit = parsed.get(id);
  if (hit?.raw === raw) return hit.snapshot;
  const snapshot = JSON.parse(raw) as Snapshot;
  if (parsed.size >= 20_000) parsed.clear();
  parsed.set(id, { raw, snapshot, body: JSON.stringify(snapshot.swap) });
  return snapshot;
}

/** The swap of a snapshot as response text, with its deposit asset (lib/bff/deposit-asset.ts). */
export function swapJson(snapshot: Snapshot, depositAsset: DepositAsset | null): string {
  const hit = parsedCache().get(snapshot.swap.id);
  const body = hit?.snapshot === snapshot ? hit.body : JSON.stringify(snapshot.swap);
  // The swap's JSON is an object: the field goes in before its closing brace, with no reparse.
  return `${body.slice(0, -1)},"depositAsset":${JSON.stringify(depositAsset)}}`;
}

/** Stores a snapshot unless a fresher one is already there. */
export async function writeSnapshot(snapshot: Snapshot): Promise<void> {
  const current = await readSnapshot(snapshot.swap.id);
  if (current && current.asOf > snapshot.asOf) return;
  await store().set(snapshotKey(snapshot.swap.id), JSON.stringify(snapshot), SNAPSHOT_TTL_MS);
  noteKnown(snapshot.swap);
}

/**
 * A live read of one swap, its snapshot written; concurrent reads of one swap share one upstream
 * call. `onBehalfOf` is the client whose poll asked for it (its budget share pays).
 */
export function liveRead(
  id: string,
  requestId: string,
  priority: "refresh" | "status" | "urgent",
  onBehalfOf?: string,
): Promise<Snapshot> {
  let pending = local().inflight.get(id);
  if (!pending) {
    liveTimes().push(Date.now());
    pending = partner()
      .getSwap(id, { requestId, priority, onBehalfOf })
      .then(async (swap) => {
        const snapshot: Snapshot = { swap, asOf: Date.now(), source: "live" };
        await writeSnapshot(snapshot);
        // The ledger (and its webhooks) learns what every live read saw; it never delays the answer.
        void ledgerSwapRead(swap);
        return snapshot;
      })
      .finally(() => local().inflight.delete(id));
    local().inflight.set(id, pending);
  }
  return pending;
}
