// The asset list, cached server side: fresh for a minute, then served stale while one refresh
// runs, so a page load never waits on the upstream once the list is known.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { within } from "@/lib/timing";
import type { Asset, AssetList } from "@/lib/schema/partner";
import { forLog } from "./http/errors";
import { assetBaseUrl, partner } from "./upstream/partner";
import { log } from "@/lib/observability/log";

const FRESH_MS = 60_000;
const STALE_MS = 15 * 60_000;
/**
 * After a refresh failed (each is already up to three attempts), the next waits this long: during
 * an outage every page load would otherwise start one, and spend the key's budget on calls that
 * cannot succeed. Meanwhile a known list is served stale, and without one the failure is repeated.
 */
const RETRY_AFTER_FAILURE_MS = 15_000;

type Cached = { list: AssetList; fetchedAt: number; bodies: Map<string, string> };
type Failure = { at: number; error: unknown };
const cache = processSingleton<{ cached?: Cached; refreshing?: Promise<Cached>; failed?: Failure }>(
  "asset-cache",
  () => ({}),
);

async function refresh(requestId: string): Promise<Cached> {
  cache.refreshing ??= partner()
    .listAssets({}, { requestId })
    .then((list) => {
      const base = assetBaseUrl();
      const assets = list.assets.map((a) => ({
        ...a,
        logoUrl: a.logoUrl && base ? new URL(a.logoUrl, base).toString() : a.logoUrl,
      }));
      cache.cached = { list: { ...list, assets }, fetchedAt: Date.now(), bodies: new Map() };
      cache.failed = undefined;
      return cache.cached;
    })
    .catch((error: unknown) => {
      cache.failed = { at: Date.now(), error };
      throw error;
    })
    .finally(() => {
      cache.refreshing = undefined;
    });
  return cache.refreshing;
}

const backingOff = (now: number) => !!cache.failed && now - cache.failed.at < RETRY_AFTER_FAILURE_MS;

type Filter = { network?: string; symbol?: string };

async function current(requestId: string): Promise<Cached> {
  const now = Date.now();
  const entry = cache.cached;
  if (!entry || now - entry.fetchedAt > STALE_MS) {
    if (backingOff(now) && !cache.refreshing) throw cache.failed!.error;
    return refresh(requestId);
  }
  if (now - entry.fetchedAt > FRESH_MS && !backingOff(now))
    refresh(requestId).catch((error) => log().warn({ requestId }, `[bff] asset refresh failed: ${forLog(error)}`));
  return entry;
}

const select = (list: AssetList, filter: Filter): AssetList => ({
  generatedAt: list.generatedAt,
  assets: list.assets.filter(
    (a) =>
      (!filter.network || a.network === filter.network) &&
      (!filter.symbol || a.symbol.toUpperCase() === filter.symbol.toUpperCase()),
  ),
});

/**
 * How long a page render waits for the list when it is not known (a cold start, an outage) before
 * it renders without it: the browser then asks `/api/v1/assets` itself, which joins the refresh
 * still running. A page never waits on a hung upstream for as long as an upstream call may take:
 * 1 s, so a cold start on a busy machine still renders within the 2 s the fault tests allow.
 */
const PAGE_WAIT_MS = 1_000;

/**
 * The whole list, or undefined when it is not at hand soon: for a page's first render, and for the
 * check that a payout address is not a token's own contract.
 */
export const assetsAtHand = (requestId: string): Promise<AssetList | undefined> =>
  within(listAssets({}, requestId), PAGE_WAIT_MS).catch(() => undefined);

async function listAssets(filter: Filter, requestId: string): Promise<AssetList> {
  return select((await current(requestId)).list, filter);
}

/** The list as the JSON text the route sends, serialised once per filter and refresh. */
export async function assetListJson(filter: Filter, requestId: string): Promise<string> {
  const entry = await current(requestId);
  const key = `${filter.network ?? ""}|${filter.symbol?.toUpperCase() ?? ""}`;
  let body = entry.bodies.get(key);
  if (body === undefined) {
    body = JSON.stringify(select(entry.list, filter));
    if (entry.bodies.size < 500) entry.bodies.set(key, body);
  }
  return body;
}

/**
 * The asset as this process's list has it, however old the list (a contract does not change), or
 * undefined without a list that carries it. No upstream call: it starts a refresh in the
 * background when there is no list at all, and answers from what is at hand.
 */
export function assetAtHand(network: string, token: string, requestId: string): Asset | undefined {
  const entry = cache.cached;
  if (!entry && !cache.refreshing && !backingOff(Date.now()))
    refresh(requestId).catch((error) => log().warn({ requestId }, `[bff] asset refresh failed: ${forLog(error)}`));
  return entry?.list.assets.find((a) => a.network === network && a.symbol === token);
}
