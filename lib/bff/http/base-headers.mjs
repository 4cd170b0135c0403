// Headers every answer carries: Next adds them to its own (next.config.ts), and `npm start`'s
// front (server/start.mjs) to the few it makes itself (a 413, a redirect, a page's 405). Plain
// JavaScript, as the front runs without a bundler.
export const baseHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * The widget's pages: the only answers another site may frame (those of WIDGET_ALLOWED_ORIGINS,
 * as proxy.ts's CSP says per request).
 */
export const isFramablePath = (path) => path === "/widget" || path.startsWith("/widget/swap/");

/**
 * Every other answer, whatever made it (a page, a 404 under a path proxy.ts skips, a static file,
 * an error of Next's own): nobody may frame it. proxy.ts replaces the CSP with the page's full one.
 */
export const unframableHeaders = {
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
};

/** next.config.ts `headers()` source for every path but the framable ones (isFramablePath). */
export const unframablePathsSource = "/((?!widget$|widget/swap/).*)";
