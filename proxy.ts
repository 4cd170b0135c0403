// Per-request security headers: a nonce-based CSP for pages, and who may frame what. The widget
// routes may be framed by WIDGET_ALLOWED_ORIGINS; nothing else may be framed at all.
import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { isFramablePath } from "@/lib/bff/http/base-headers.mjs";
import { reachedOverHttps } from "@/lib/bff/http/client-id";
import { ApiError, errorResponse } from "@/lib/bff/http/errors";
import { proxiedRequestIds } from "@/lib/bff/http/request-id";
import { chooseLocale, localeCookie, localeHeader, pathHeader } from "@/lib/i18n/locales";

/** Sent only on answers that reached us over HTTPS (as our front or a trusted proxy saw it). */
const HSTS = "max-age=31536000";

function frameAncestors(path: string): string {
  if (!isFramablePath(path)) return "'none'";
  const allowed = appConfig().WIDGET_ALLOWED_ORIGINS;
  return allowed.length ? `'self' ${allowed.join(" ")}` : "'self'";
}

function imageSources(): string {
  const c = appConfig();
  const base = c.PARTNER_ASSET_BASE_URL ?? c.PARTNER_API_BASE_URL;
  // The partner's logo (BRAND_LOGO_URL) from its own origin: that origin only, not any https image.
  const origins = new Set([base, c.BRAND_LOGO_URL].filter((u): u is string => !!u).map((u) => new URL(u).origin));
  return [...origins].map((o) => ` ${o}`).join("");
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (path === "/api" || path.startsWith("/api/")) {
    // One request id from here on, so every answer carries it (Next's own OPTIONS and 404s too),
    // and the id its upstream calls carry (ours, whatever the client chose).
    const { requestId, headers: idHeaders } = proxiedRequestIds(request);
    const apiHeaders = {
      "x-request-id": requestId,
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "cache-control": "no-store",
    };
    if (!decodable(request.nextUrl.pathname)) {
      const refused = errorResponse(
        new ApiError("validation_error", "The address of this request is not valid."),
        requestId,
      );
      for (const [name, value] of Object.entries(apiHeaders)) refused.headers.set(name, value);
      return refused;
    }
    const forwarded = new Headers(request.headers);
    for (const [name, value] of Object.entries(idHeaders)) forwarded.set(name, value);
    const response = NextResponse.next({ request: { headers: forwarded } });
    for (const [name, value] of Object.entries(apiHeaders))
      if (name !== "cache-control") response.headers.set(name, value);
    if (reachedOverHttps(request)) response.headers.set("Strict-Transport-Security", HSTS);
    return response;
  }
  const nonce = btoa(crypto.randomUUID());
  const dev = appConfig().NODE_ENV === "development";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${imageSources()}`,
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(path)}`,
  ].join("; ");

  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set(pathHeader, path);
  headers.set(
    localeHeader,
    chooseLocale({
      param: isFramablePath(path) ? request.nextUrl.searchParams.get("locale") : null,
      cookie: request.cookies.get(localeCookie)?.value,
      acceptLanguage: request.headers.get("accept-language"),
    }),
  );
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  if (!isFramablePath(path)) response.headers.set("X-Frame-Options", "DENY");
  if (reachedOverHttps(request)) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

// Every path but Next's own files: a miss under /favicon.ico or /token/ renders the app's 404 page,
// which needs its CSP and locale as much as any page (next.config.ts's headers cover the rest).
export const config = {
  matcher: [{ source: "/((?!_next/static/|_next/image$).*)" }],
};
