// The swap page's first status read, started by a few lines of inline script as the HTML arrives,
// not after the page's scripts have downloaded and booted: on a slow phone that is a second or more
// sooner. The token is read from the fragment in the browser, as the page's code reads it; the
// status hook takes this answer in place of its own first read (lib/client/bff.ts), so the key's
// budget pays for one read, as before.

/** Where the inline script leaves its read, for the status hook to take. */
export const EARLY_READ_GLOBAL = "__swapEarlyRead";

/** What the inline script leaves there: the read it sent, with the time its answer arrived. */
export type EarlyRead = { path: string; token: string; answer: Promise<{ response: Response; receivedAt: number }> };

/** The path the status hook reads; the early read must ask the same one to be taken. */
export const swapStatusPath = (id: string) => `/api/v1/swap/${id}`;

/** The token's shape (as `tokenFromHash` checks it): nothing else is sent. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The inline script for swap `id` (already checked against the id pattern; JSON-quoted all the
 * same). Plain ES5, no dependency: it runs before any of the page's modules. A link without a token
 * reads nothing, and a failure here only leaves the read to the hook.
 */
export function earlyReadScript(id: string): string {
  const path = JSON.stringify(swapStatusPath(id));
  return (
    `(function(){try{var t=new URLSearchParams(location.hash.slice(1)).get("t");` +
    `if(!t||!${TOKEN_SHAPE}.test(t))return;` +
    `window.${EARLY_READ_GLOBAL}={path:${path},token:t,answer:fetch(${path},{headers:{accept:"application/json","x-swap-token":t},cache:"no-store"})` +
    `.then(function(r){return{response:r,receivedAt:Date.now()}})}}catch(e){}})()`
  );
}
