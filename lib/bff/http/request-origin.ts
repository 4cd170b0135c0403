// This app's origin as a page request reached it, for text a partner copies into their own site
// (the embed snippet). Only from sources we trust: X-Forwarded-Host and -Proto only when
// TRUST_PROXY_HOPS says proxies set them; otherwise the request's own Host. A forged header must
// never make the snippet load a script from somewhere else.
import "server-only";
import { config } from "@/lib/config";
import { reachedOverHttps } from "./client-id";

/** A host name or IP literal with an optional port: nothing that could end a string or a URL's authority. */
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The entry our nearest trusted proxy wrote (or passed on): the rightmost. */
const rightmost = (value: string | null) => value?.split(",").at(-1)?.trim() || null;

function originOf(proto: "http" | "https", host: string | null): string | null {
  if (!host || !hostPattern.test(host)) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origin a request with these headers was made to. With PUBLIC_ORIGINS set, one of those: the request's own
 * when it is listed, else the first (a name that merely resolves here is not where the app lives).
 */
export function requestOrigin(headers: Headers): string {
  const c = config();
  const proto = reachedOverHttps(new Request("http://page.internal/", { headers })) ? "https" : "http";
  const forwarded = c.TRUST_PROXY_HOPS > 0 ? originOf(proto, rightmost(headers.get("x-forwarded-host"))) : null;
  const own = forwarded ?? originOf(proto, headers.get("host"));
  if (c.PUBLIC_ORIGINS.length) return own && c.PUBLIC_ORIGINS.includes(own) ? own : c.PUBLIC_ORIGINS[0]!;
  return own ?? "http://localhost:3000";
}
