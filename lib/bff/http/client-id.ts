// Who is asking, for per-client limits. Fails closed: an address counts only when it comes from a
// source we trust, and one IPv6 /64 is one client.
//   1. `npm start` (server/start.mjs) puts the socket address (or what TRUST_PROXY_HOPS proxies
//      saw) in x-swap-client-ip and proves it set it with a per-process secret. A client's own
//      copy of either header is replaced, and without the proof the header is ignored.
//   2. Otherwise, with TRUST_PROXY_HOPS=N, the N-th X-Forwarded-For entry from the right: the
//      address our outermost trusted proxy saw (the one rule, in forwarded-for.mjs, that
//      server/start.mjs uses too).
//   3. Otherwise nobody is trusted: every request is the same client (and a warning said so at start).
import "server-only";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";
import { safeEqual } from "@/lib/timing";
import { forwardedFor } from "./forwarded-for.mjs";

const clientIpHeader = "x-swap-client-ip";
const frontProofHeader = "x-swap-front-proof";
const forwardedProtoHeader = "x-swap-forwarded-proto";

/** The identity every request shares when no trusted source of addresses exists. */
const SHARED_CLIENT = "shared";

function provenByFront(req: Request): boolean {
  const secret = config().SWAP_FRONT_SECRET;
  const proof = req.headers.get(frontProofHeader);
  return !!secret && !!proof && safeEqual(proof, secret);
}

/** An address as a limit key: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function clientKeyOf(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIP(text)) return null;
  let parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

export function clientIdOf(req: Request): string {
  const address = provenByFront(req)
    ? req.headers.get(clientIpHeader)
    : forwardedFor(req.headers.get("x-forwarded-for"), config().TRUST_PROXY_HOPS);
  return (address && clientKeyOf(address)) || SHARED_CLIENT;
}

/** Whether the request reached us over HTTPS, as our front or a trusted proxy saw it. */
export function reachedOverHttps(req: Request): boolean {
  if (provenByFront(req)) return req.headers.get(forwardedProtoHeader) === "https";
  if (config().TRUST_PROXY_HOPS > 0)
    return req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
  return false;
}
