// Headers every answer carries: Next adds them to its own (next.config.ts), and `npm start`'s
// front (server/start.mjs) to the few it makes itself (a 413, a redirect, a page's 405). Plain
// JavaScript, as the front runs without a bundler.
export const baseHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};
