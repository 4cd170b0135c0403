// Several instances: each publishes the swaps its browsers watch, and the one that sweeps adopts
// them, so one sweep serves every instance's browsers. How the parts of swap status fit together:
// lib/bff/status/read.ts.
import "server-only";
import { isTerminalStatus, type SwapStatus } from "@/lib/schema/partner";
import type { KeyValueStore } from "@/lib/store/types";
import { store } from "@/lib/bff/upstream/shared-store";
import { local } from "./state";

/** A swap watched by nobody for this long leaves the sweep's concern; the sweep stops when none is. */
export const WATCH_MS = 5 * 60_000;

type PublishedWatch = [id: string, polledAt: number, createdAt: number | null, status: SwapStatus | null];
// A registry with one entry per instance (a sorted set by publish time), not one JSON value that
// each instance reads, changes and writes back: two instances publishing at once would drop one.
// (A new key: the JSON value under the old "status:watchers" is of another type.)
const WATCHERS_KEY = "status:watcher-instances";
const watchedKey = (instance: string) => `status:watched:${instance}`;
export const PUBLISH_EVERY_MS = 10_000;
const PEER_TTL_MS = 60_000;

/** The registry of instances that publish what their browsers watch, in `s`. */
export const watcherRegistry = (s: KeyValueStore) => ({
  /** `instance` published at `now`: one atomic write of its own entry. */
  register: (instance: string, now: number) => s.markMember(WATCHERS_KEY, instance, now, 5 * 60_000),
  /** The instances that published within the last minute. */
  live: async (now: number) => (await s.membersSince(WATCHERS_KEY, now - PEER_TTL_MS)).map(([instance]) => instance),
});

/** Each instance publishes the swaps its browsers watch; only a shared store has peers to tell. */
export async function publishWatched(now: number): Promise<void> {
  const s = store();
  if (s.kind === "memory") return;
  const { instance, watched } = local();
  const mine: PublishedWatch[] = [];
  for (const [id, w] of watched) if (now - w.polledAt <= WATCH_MS) mine.push([id, w.polledAt, w.createdAt, w.status]);
  await s.set(watchedKey(instance), JSON.stringify(mine), PEER_TTL_MS);
  await watcherRegistry(s).register(instance, now);
}

/** Merges the other instances' watched swaps into this one's view (as last polled there). */
export async function adoptPeersWatched(now: number): Promise<void> {
  const s = store();
  if (s.kind === "memory") return;
  const live = await watcherRegistry(s)
    .live(now)
    .catch((): string[] => []);
  const peers = live.filter((instance) => instance !== local().instance);
  const lists = await s.getMany(peers.map(watchedKey)).catch(() => []);
  for (const list of lists) {
    if (!list) continue;
    for (const [id, polledAt, createdAt, status] of JSON.parse(list) as PublishedWatch[]) {
      const w = local().watched.get(id);
      if (!w) local().watched.set(id, { polledAt, createdAt, status, endReadAt: 0 });
      else {
        w.polledAt = Math.max(w.polledAt, polledAt);
        w.createdAt ??= createdAt;
        w.status ??= status;
      }
    }
  }
}

/** Lets go of the swaps nobody watches any more, and of those that ended. */
export function forgetUnwatched(now: number) {
  for (const [id, w] of local().watched)
    if (now - w.polledAt > WATCH_MS || (w.status && isTerminalStatus(w.status))) local().watched.delete(id);
}
