// What the widget tells the BFF about where it runs, for the partner's funnel (DESIGN "The funnel"):
// its `locale=` and its host page's origin. The host's origin is the browser's own word for it
// (location.ancestorOrigins: Chromium, Safari), else the Referer the host page sent when it loaded
// the frame (Firefox; a host whose Referrer-Policy withholds it is then just "widget"). The BFF
// keeps it only when it is one of WIDGET_ALLOWED_ORIGINS.

const originOf = (url: string): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** The headers for the widget's quote and address-check calls; none outside a framed widget. */
export function widgetContextHeaders(): Record<string, string> {
  if (typeof window === "undefined" || window.parent === window || !window.location.pathname.startsWith("/widget"))
    return {};
  const headers: Record<string, string> = {};
  const locale = new URLSearchParams(window.location.search).get("locale");
  if (locale && /^[A-Za-z0-9_-]{1,35}$/.test(locale)) headers["x-widget-locale"] = locale;
  const host = window.location.ancestorOrigins?.[0] ?? originOf(document.referrer);
  headers["x-widget-origin"] = host && /^[\x21-\x7e]{1,200}$/.test(host) ? host : "";
  return headers;
}
