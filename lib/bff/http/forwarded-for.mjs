// Which X-Forwarded-For entry to trust, given TRUST_PROXY_HOPS: the one rule, shared by the
// `npm start` front (server/start.mjs, plain Node before Next) and lib/bff/http/client-id.ts.
// Plain JavaScript without dependencies so that Node can run it as it is; its types are beside it.

/**
 * The address our outermost trusted proxy saw: each of the `hops` trusted proxies appended the
 * address it was reached from, so the client is `hops` entries from the right. Anything further
 * left was written by the client and is not trusted. Null when no proxy is trusted (`hops` 0) or
 * when the chain is shorter than `hops` (the request did not come through all our proxies).
 *
 * @param {string | null | undefined} header the X-Forwarded-For value (repeated headers joined by ", ")
 * @param {number} hops TRUST_PROXY_HOPS
 * @returns {string | null}
 */
export function forwardedFor(header, hops) {
  if (hops <= 0 || !header) return null;
  const chain = header
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return chain.length >= hops ? chain[chain.length - hops] : null;
}
