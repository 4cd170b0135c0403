// Who is asking. `npm start` (scripts/start.mjs) puts the socket address, or the address our own
// trusted proxies saw (TRUST_PROXY_HOPS), in x-swap-client-ip and drops any copy a client sent, so a
// forged X-Forwarded-For never buys a fresh rate limit.
import "server-only";

export const clientIpHeader = "x-swap-client-ip";

export function clientIdOf(req: Request): string {
  const trusted = req.headers.get(clientIpHeader);
  if (trusted) return trusted;
  // `next dev`: Next sets x-forwarded-for to the socket address when the client sent none.
  return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
