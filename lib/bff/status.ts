// Swap status that costs little. Every answer comes from one shared cache of snapshots, refreshed
// three ways: (1) a sweep reads the statuses of all recent swaps in pages of 100 through GET /swap,
// so thousands of watched swaps cost a few calls a minute; (2) a live GET /swap/{id} is spent where
// a person is most likely waiting (a detected deposit, a swap in flight) or when the snapshot is
// old, if the budget allows; (3) swap creation and the sandbox's deposit write what they return.
// Terminal swaps never cost anything again. Concurrent reads of one swap share one upstream call.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { randomUUID } from "node:crypto";
import { isTerminalStatus, type Swap, type SwapStatus } from "@/lib/schema/partner";
import { PartnerError, isPartnerError } from "@/lib/partner/errors";
import { ApiError, isApiError } from "./errors";
import { partner } from "./partner";
import { store } from "./shared-store";
import { isSwapAccessToken } from "./tokens";
import { ledgerSweepPage } from "@/lib/ledger";

export type Snapshot = { swap: Swap; /** ms: the upstream state this reflects */ asOf: number; source: "live" | "list" | "create" };

const SNAPSHOT_TTL_MS = 6 * 60 * 60 * 1000;
/** The spec: list statuses come from stored state synchronised roughly every minute. */
const LIST_STALENESS_MS = 60_000;
/** Younger snapshots are served as they are (shorter while a person waits on a swap in flight). */
const FRESH_MS = 15_000;
const URGENT_FRESH_MS = 5_000;
/** Older snapshots of in-flight swaps try a live read (status class, no waiting). */
const LIVE_AFTER_MS = 45_000;
/** A swap watched by nobody for this long leaves the sweep's concern. */
const WATCH_MS = 5 * 60_000;
/** Sweeps look this far back: the deposit window (4 h) and an hour of processing. */
const SWEEP_LOOKBACK_MS = 5 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 30_000;

const urgent: ReadonlySet<SwapStatus> = new Set(["deposit_detected", "underpaid", "processing"]);

const snapshotKey = (id: string) => `swap:snapshot:${id}`;

// Parsed snapshots and their swap's JSON, per process, reused while the stored text is the same:
// a cached status read then costs one store read and no JSON work.
const parsed = processSingleton("swap-status-parsed", () => new Map<string, { raw: string; snapshot: Snapshot; body: string }>());

export async function readSnapshot(id: string): Promise<Snapshot | null> {
  const raw = await store().get(snapshotKey(id));
  if (!raw) return null;
  const hit = parsed.get(id);
  if (hit?.raw === raw) return hit.snapshot;
  const snapshot = JSON.parse(raw) as Snapshot;
  if (parsed.size >= 20_000) parsed.clear();
  parsed.set(id, { raw, snapshot, body: JSON.stringify(snapshot.swap) });
  return snapshot;
}

/** The swap of a snapshot as response text. */
export function swapJson(snapshot: Snapshot): string {
  const hit = parsed.get(snapshot.swap.id);
  return hit?.snapshot === snapshot ? hit.body : JSON.stringify(snapshot.swap);
}

/** Stores a snapshot unless a fresher one is already there. */
export async function writeSnapshot(snapshot: Snapshot): Promise<void> {
  const current = await readSnapshot(snapshot.swap.id);
  if (current && current.asOf > snapshot.asOf) return;
  await store().set(snapshotKey(snapshot.swap.id), JSON.stringify(snapshot), SNAPSHOT_TTL_MS);
}

type Local = { inflight: Map<string, Promise<Snapshot>>; watchedAt: number; sweeping: boolean; timer?: ReturnType<typeof setTimeout>; instance: string };
const local = processSingleton<Local>("swap-status", () => ({ inflight: new Map(), watchedAt: 0, sweeping: false, instance: randomUUID() }));

function liveRead(id: string, requestId: string, priority: "refresh" | "status"): Promise<Snapshot> {
  let pending = local.inflight.get(id);
  if (!pending) {
    pending = partner()
      .getSwap(id, { requestId, priority })
      .then(async (swap) => {
        const snapshot: Snapshot = { swap, asOf: Date.now(), source: "live" };
        await writeSnapshot(snapshot);
        return snapshot;
      })
      .finally(() => local.inflight.delete(id));
    local.inflight.set(id, pending);
  }
  return pending;
}

/**
 * The swap for the holder of its access token, as fresh as the budget allows. A missing or wrong
 * token is `swap_not_found`, exactly like a swap that does not exist.
 */
export async function readSwap(id: string, token: string | null, requestId: string): Promise<Snapshot> {
  if (!isSwapAccessToken(id, token)) throw new ApiError("swap_not_found");
  noteWatched();
  const cached = await readSnapshot(id);
  if (cached && isTerminalStatus(cached.swap.status)) return cached;
  const age = cached ? Date.now() - cached.asOf : Infinity;
  // A person is likely watching: a deposit in flight, or a deadline that just passed.
  const overdue = cached?.swap.status === "waiting_deposit" && Date.parse(cached.swap.deposit.deadline) <= Date.now();
  const important = !cached || overdue || urgent.has(cached.swap.status);
  if (cached && age < (important ? URGENT_FRESH_MS : FRESH_MS)) return cached;

  if (cached && !important && age < LIVE_AFTER_MS) return cached;
  try {
    return await liveRead(id, requestId, important ? "refresh" : "status");
  } catch (error) {
    // Out of budget or upstream trouble: an older answer beats none.
    if (cached && (isApiError(error) || (isPartnerError(error) && error.retryable))) return cached;
    throw error;
  }
}

// ---- the sweep ---------------------------------------------------------------------------------

function noteWatched() {
  const now = Date.now();
  // Once a second is plenty: this runs on every poll.
  if (now - local.watchedAt < 1_000) return;
  local.watchedAt = now;
  if (!local.timer && !local.sweeping) scheduleSweep(1_000);
}

function scheduleSweep(delayMs: number) {
  local.timer = setTimeout(() => {
    local.timer = undefined;
    const started = Date.now();
    void sweep().finally(() => {
      // Sweeps start every 30 s; one that took longer (many swaps, a busy budget) is followed at
      // once, so a snapshot is never older than one sweep plus the list's own staleness.
      if (Date.now() - local.watchedAt < WATCH_MS) scheduleSweep(Math.max(1_000, SWEEP_EVERY_MS - (Date.now() - started)));
    });
  }, delayMs);
  local.timer.unref?.();
}

/**
 * One pass over the swaps created within the lookback, newest first, 100 a page. One instance
 * sweeps at a time (a lease in the shared store); the others read what it writes.
 */
export async function sweep(): Promise<{ pages: number; swaps: number } | null> {
  if (local.sweeping) return null;
  const lease = "status:sweep-lease";
  if (!(await store().setIfAbsent(lease, local.instance, 5 * 60_000).catch(() => false))) return null;
  local.sweeping = true;
  let pages = 0;
  let seen = 0;
  try {
    const createdFrom = new Date(Date.now() - SWEEP_LOOKBACK_MS).toISOString();
    for (let offset = 0; ; offset += 100) {
      const page = await partner().listSwaps({ createdFrom, limit: "100", offset: String(offset) }, { requestId: `sweep-${local.instance.slice(0, 8)}-${pages}`, priority: "refresh" });
      pages++;
      const asOf = Date.now() - LIST_STALENESS_MS;
      const existing = await store().getMany(page.swaps.map((s) => snapshotKey(s.id)));
      const writes: Array<[string, string]> = [];
      page.swaps.forEach(({ commission: _commission, ...swap }, index) => {
        const current = existing[index] ? (JSON.parse(existing[index]!) as Snapshot) : null;
        if (current && (current.asOf >= asOf || isTerminalStatus(current.swap.status))) return;
        writes.push([snapshotKey(swap.id), JSON.stringify({ swap, asOf, source: "list" } satisfies Snapshot)]);
      });
      await store().setMany(writes, SNAPSHOT_TTL_MS);
      ledgerSweepPage(page.swaps);
      seen += page.swaps.length;
      if (page.swaps.length < 100 || offset + 100 >= page.total) break;
    }
    return { pages, swaps: seen };
  } catch (error) {
    if (!isApiError(error)) console.warn("[status] sweep stopped early", error instanceof Error ? error.message : error);
    return { pages, swaps: seen };
  } finally {
    local.sweeping = false;
    await store().delete(lease).catch(() => {});
  }
}
