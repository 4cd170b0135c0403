// What a page answer carries and trusts, against the production build: every answer but the
// widget's own pages forbids framing (odd paths and 404s included), the checkout's startup scripts
// carry V8's compile hint, and the embed page's snippet names this app, whatever forwarding headers
// a request forges.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT } from "@/lib/build/compile-hints.mjs";
import { repoRoot, startApp, type Launcher } from "../support/servers";
import { call, type HttpResult } from "./requests";
import { NO_CLIENT_LIMITS, sandboxAppFixture, sharedFixture } from "./fixtures";

const SHOP = "https://shop.example";

/** Who may frame this answer, as a browser reads it: "nobody", or the frame-ancestors sources. */
function framers(res: HttpResult): string {
  const ancestors = /frame-ancestors ([^;]*)/.exec(res.header("content-security-policy") ?? "")?.[1]?.trim();
  if (ancestors === "'none'" || res.header("x-frame-options")?.toUpperCase() === "DENY") return "nobody";
  return ancestors ?? "anyone";
}

const oddPaths = [
  "/favicon.ico",
  "/token/x",
  "/token/btc.svg",
  "/_next/x",
  "/_next/static/x",
  "/_next/static/chunks/nope.js",
  "/_next/image?url=/nope.png&w=64&q=75",
  "/nope",
  "/swap/ABC",
  "/widgetx",
  "/widget/embed",
  "/widget/",
  "/partner/login",
  "/embed.js",
  "/api/nope",
  "/api/health",
];

// Some thirty requests, a 404 page rendered for most, on a server started for the test.
describe.each<Launcher>(["npm-start", "next-start"])("framing under %s", { timeout: 120_000 }, (launcher) => {
  it("forbids framing of every answer but the widget's pages, 404s under /favicon.ico, /token/ and /_next/ included", async () => {
    const app = await startApp({ ...NO_CLIENT_LIMITS, WIDGET_ALLOWED_ORIGINS: SHOP }, launcher);
    try {
      for (const path of oddPaths) {
        for (const method of ["GET", "HEAD"]) {
          const res = await call(app.origin, path, { method });
          // Next's own trailing-slash redirect (no body) passes neither next.config.ts's headers nor
          // proxy.ts; `npm start`'s front gives it the same headers as every answer.
          if (launcher === "next-start" && res.status === 308) continue;
          expect(framers(res), `${method} ${path}\n${res.raw.slice(0, 600)}`).toBe("nobody");
          // An HTML answer is the app's page, 404s too: its nonce CSP, not only the bare baseline.
          if (method === "GET" && /text\/html/.test(res.header("content-type") ?? "")) {
            expect(res.header("content-security-policy"), `${path}\n${res.raw.slice(0, 600)}`).toMatch(
              /script-src [^;]*'nonce-/,
            );
          }
        }
      }
      for (const path of ["/widget", "/widget?from=BTC.bitcoin", "/widget/swap/ABCDEFGHIJKL"]) {
        const res = await call(app.origin, path);
        expect(res.status, path).toBe(200);
        expect(framers(res), `${path}\n${res.raw.slice(0, 600)}`).toBe(`'self' ${SHOP}`);
        expect(res.header("x-frame-options"), path).toBeUndefined();
      }
    } finally {
      await app.stop();
    }
  });
});

// One app on the embedded sandbox for the blocks below that take it as it is.
const direct = sharedFixture(sandboxAppFixture(NO_CLIENT_LIMITS));

describe("the scripts the checkout page loads", () => {
  direct.use();

  it("start the framework's chunks with V8's compile hint, and no chunk of the page's own", async () => {
    const { rootMainFiles } = JSON.parse(readFileSync(join(repoRoot, ".next", "build-manifest.json"), "utf8")) as {
      rootMainFiles: string[];
    };
    const page = await call(direct.app.origin, "/");
    const scripts = [...page.text.matchAll(/<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const startup = new Set(rootMainFiles.map((file) => `/_next/${file}`));
    expect(scripts.filter((src) => startup.has(src)).sort()).toEqual([...startup].sort());
    expect(scripts.filter((src) => !startup.has(src)).length).toBeGreaterThan(0);
    for (const src of scripts) {
      const res = await call(direct.app.origin, src);
      expect(res.status, src).toBe(200);
      expect(res.text.startsWith(COMPILE_HINT), src).toBe(startup.has(src));
    }
  });
});

describe("the embed page's snippet names this app, whatever forwarding headers a request forges", () => {
  direct.use();
  const forged = { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" };

  it("without trusted proxies (TRUST_PROXY_HOPS=0), takes the request's own Host and ignores X-Forwarded-Host and -Proto", async () => {
    const res = await call(direct.app.origin, "/widget/embed", { headers: forged });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("attacker.example");
    expect(res.text).toContain(`${direct.app.origin}/embed.js`);
    // The Host a client names is the address it typed: a cache keys on it, so nobody else is served it.
    const named = await call(direct.app.origin, "/widget/embed", { headers: { host: "swap.shop.example" } });
    expect(named.text).toContain("http://swap.shop.example/embed.js");
  });

  it("behind a trusted proxy (TRUST_PROXY_HOPS=1), takes the host and scheme that proxy forwards, and never a value that is no host", async () => {
    const app = await startApp({ ...NO_CLIENT_LIMITS, TRUST_PROXY_HOPS: "1" });
    try {
      const proxied = await call(app.origin, "/widget/embed", {
        headers: { "x-forwarded-host": "swap.shop.example", "x-forwarded-proto": "https" },
      });
      expect(proxied.text).toContain("https://swap.shop.example/embed.js");
      // Appended by proxies: the entry our own proxy wrote is the last one.
      const chained = await call(app.origin, "/widget/embed", {
        headers: { "x-forwarded-host": "attacker.example, swap.shop.example" },
      });
      expect(chained.text).not.toContain("attacker.example");
      for (const junk of [
        'evil.example"></script><script>alert(1)</script>',
        "attacker.example/x",
        "user@attacker.example",
        "attacker.example:99999",
      ]) {
        const res = await call(app.origin, "/widget/embed", { headers: { "x-forwarded-host": junk } });
        expect(res.status, junk).toBe(200);
        expect(res.text, junk).not.toContain("attacker.example");
        expect(res.text, junk).not.toContain("evil.example");
        expect(res.text, junk).toContain(`${app.origin}/embed.js`);
      }
    } finally {
      await app.stop();
    }
  });

  it("with PUBLIC_ORIGINS, names one of those, never a name that merely resolves here", async () => {
    const app = await startApp({ ...NO_CLIENT_LIMITS, PUBLIC_ORIGINS: "https://swap.shop.example" });
    try {
      const rebound = await call(app.origin, "/widget/embed", { headers: { host: "rebound.example" } });
      expect(rebound.text).not.toContain("rebound.example/embed.js");
      expect(rebound.text).toContain("https://swap.shop.example/embed.js");
    } finally {
      await app.stop();
    }
  });
});
