// Request ids. The caller gets its own back (x-request-id, echoed when sane) and our logs use it;
// the upstream only ever gets ids we minted, so a caller cannot choose what the partner service
// files our calls under. A request that named its own id goes upstream under one of ours, and the
// log says which is which the first time it does.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "@/lib/process-singleton";
import { safeEqual } from "@/lib/timing";
import { log } from "@/lib/observability/log";
import { mintRequestId, requestIdFrom } from "./sane-request-id.mjs";

/** The caller's id when it sent a sane one, else a new one: what the answer and our logs carry. */
export function requestIdOf(req: Request): string {
  return requestIdFrom(req.headers.get("x-request-id"));
}

/** Set by proxy.ts on every /api request it passes on (a client's copies are replaced). */
const UPSTREAM_ID_HEADER = "x-swap-upstream-request-id";
const PROOF_HEADER = "x-swap-request-id-proof";
/** A per-process secret with which proxy.ts proves that it, not the client, set the header above. */
const proof = () => processSingleton("request-id-proof", () => `${crypto.randomUUID()}${crypto.randomUUID()}`);

/**
 * For proxy.ts: the request's id, and the headers of the request it passes on that carry it and
 * the id its upstream calls carry (the same one when we minted it).
 */
export function proxiedRequestIds(req: Request): { requestId: string; headers: Record<string, string> } {
  const requestId = requestIdOf(req);
  const chosen = req.headers.get("x-request-id") === requestId;
  return {
    requestId,
    headers: {
      "x-request-id": requestId,
      [UPSTREAM_ID_HEADER]: chosen ? mintRequestId() : requestId,
      [PROOF_HEADER]: proof(),
    },
  };
}

/** The id upstream calls of this request carry: proxy.ts's, when it proves it set it; else a new one. */
function upstreamRequestIdOf(req: Request): string {
  const given = req.headers.get(PROOF_HEADER);
  const id = req.headers.get(UPSTREAM_ID_HEADER);
  return given && id && safeEqual(given, proof()) ? id : mintRequestId();
}

type RequestIds = { requestId: string; upstreamRequestId: string; linked: boolean };
const current = () => processSingleton("request-ids", () => new AsyncLocalStorage<RequestIds>());

/** Runs one request's handler with its ids at hand for every upstream call it causes. */
export function withRequestIds<T>(req: Request, requestId: string, run: () => T): T {
  return current().run({ requestId, upstreamRequestId: upstreamRequestIdOf(req), linked: false }, run);
}

/**
 * The id an upstream call made with `requestId` carries: the request's upstream id when `requestId`
 * is the running request's own, else `requestId` as it is (ours: the sweep's, the ledger's, a page's).
 */
export function upstreamRequestId(requestId: string): string {
  const ids = current().getStore();
  if (!ids || ids.requestId !== requestId || ids.upstreamRequestId === requestId) return requestId;
  if (!ids.linked) {
    ids.linked = true;
    log().info({ requestId }, `[bff] ${requestId} goes upstream as ${ids.upstreamRequestId}`);
  }
  return ids.upstreamRequestId;
}
