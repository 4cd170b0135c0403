// The asset list, cached server side: fresh for a minute, then served stale while one refresh
// runs, so a page load never waits on the upstream once the list is known.
import "server-only";
import type { AssetList } from "@/lib/schema/partner";
import { assetBaseUrl, partner } from "./partner";

const FRESH_MS = 60_000;
const STALE_MS = 15 * 60_000;

type Cached = { list: AssetList; fetchedAt: number };
const holder = globalThis as typeof globalThis & { __swapAssets?: { cached?: Cached; refreshing?: Promise<Cached> } };
const cache = (holder.__swapAssets ??= {});

async function refresh(requestId: string): Promise<Cached> {
  cache.refreshing ??= partner()
    .listAssets({}, { requestId })
    .then((list) => {
      const base = assetBaseUrl();
      const assets = list.assets.map((a) => ({ ...a, logoUrl: a.logoUrl && base ? new URL(a.logoUrl, base).toString() : a.logoUrl }));
      cache.cached = { list: { ...list, assets }, fetchedAt: Date.now() };
      return cache.cached;
    })
    .finally(() => {
      cache.refreshing = undefined;
    });
  return cache.refreshing;
}

export async function listAssets(filter: { network?: string; symbol?: string }, requestId: string): Promise<AssetList> {
  const now = Date.now();
  let entry = cache.cached;
  if (!entry || now - entry.fetchedAt > STALE_MS) entry = await refresh(requestId);
  else if (now - entry.fetchedAt > FRESH_MS) refresh(requestId).catch((error) => console.warn(`[bff] ${requestId} asset refresh failed`, error));
  const assets = entry.list.assets.filter(
    (a) => (!filter.network || a.network === filter.network) && (!filter.symbol || a.symbol.toUpperCase() === filter.symbol.toUpperCase()),
  );
  return { generatedAt: entry.list.generatedAt, assets };
}

export async function findAsset(network: string, token: string, requestId: string) {
  const { assets } = await listAssets({ network }, requestId);
  return assets.find((a) => a.symbol === token);
}
