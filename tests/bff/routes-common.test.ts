// What every BFF route shares (sandbox mode): 404, 405, request ids, body limits, cross-site refusals, headers.
import { describe, it, expect } from "vitest";
import { connect } from "node:net";
import { call, expectError, postJson } from "./requests";
import { btcToUsdtTron, createSwap, quote, swapBody } from "./checkout";
import { NO_LIMITS, sandboxApp } from "./fixtures";

describe("in sandbox mode", () => {
  let origin: string;
  sandboxApp({ SANDBOX_STEP_SECONDS: "1", ...NO_LIMITS }, (app) => (origin = app.origin));

  describe("what every API route shares", () => {
    it.each([
      ["GET", "/api/nope"],
      ["GET", "/api/v2/quote"],
      ["POST", "/api/v1/swaps"],
      ["DELETE", "/api/v1/swap/ABCDEFGHIJKL/cancel"],
      ["GET", "/api/v1/assets/bitcoin/BTC"],
      ["PUT", "/api/v1/partner/whatever"],
      ["GET", "/api"],
      ["OPTIONS", "/api/nope"],
      ["PROPFIND", "/api/nope"],
    ])("answers %s %s, which does not exist, with 404 not_found", async (method, path) => {
      expectError(await call(origin, path, { method }), 404, "not_found");
    });

    const routes: Array<[string, string, string]> = [
      ["/api/v1/assets", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE,PROPFIND"],
      ["/api/v1/address", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE,PURGE"],
      ["/api/v1/quote", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE,PROPFIND"],
      ["/api/v1/swap", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE,PURGE"],
      ["/api/v1/swap/ABCDEFGHIJKL", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/health", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/ready", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/sandbox/seed", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/sandbox/swaps/ABCDEFGHIJKL/deposit", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE"],
    ];
    it.each(routes)(
      "answers other methods on %s (allowed: %s) with 405 method_not_allowed and Allow",
      async (path, allowed, others) => {
        for (const method of others.split(",")) {
          const withBody = !["GET", "TRACE", "OPTIONS"].includes(method);
          const res = await call(origin, path, {
            method,
            headers: { "content-type": "application/json" },
            body: withBody ? "{}" : undefined,
          });
          expectError(res, 405, "method_not_allowed");
          expect(res.header("allow"), `${method} ${path}`).toBe(allowed);
        }
      },
    );

    it.each(routes)("answers GET, HEAD, POST, PUT, PATCH and DELETE on %s with an x-request-id", async (path) => {
      for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) {
        const res = await call(origin, path, { method });
        expect(res.header("x-request-id"), `${method} ${path} → ${res.status}`).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    });

    it("answers HEAD, which a GET route's Allow names, as GET does but with no body", async () => {
      for (const path of ["/api/health", "/api/v1/assets"]) {
        const [get, head] = [await call(origin, path), await call(origin, path, { method: "HEAD" })];
        expect(head.status, path).toBe(get.status);
        expect(head.status, path).toBe(200);
        expect(head.header("content-type"), path).toBe(get.header("content-type"));
        expect(head.text, path).toBe("");
      }
    });

    it("answers a method no handler knows on a page with 405, not a 500", async () => {
      for (const method of ["TRACE", "PROPFIND"]) {
        const res = await call(origin, "/", { method });
        expect(res.status, `${method} /`).toBe(405);
        expect(res.header("allow")).toBe("GET, HEAD");
      }
    });

    it("answers a page address with a broken %-escape with 400, not a 500, and a good one as ever", async () => {
      for (const path of ["/swap/%ZZ", "/widget/swap/%ZZ", "/swap/%E0%A4%A", "/%ZZ"]) {
        const res = await call(origin, path);
        expect(res.status, path).toBe(400);
        expect(res.text, path).toMatch(/^Bad Request: this address is not valid/);
        expect(res.header("x-request-id"), path).toBeDefined();
      }
      expect((await call(origin, "/swap/ABCDEFGHJKLM")).status).toBe(200);
      expectError(await call(origin, "/api/v1/swap/%ZZ"), 400, "validation_error");
    });

    it("answers headers over the parser's limit with 431 in the API's error shape on /api and a sentence on a page, not an empty body", async () => {
      const big = { cookie: `junk=${"a".repeat(20_000)}` };
      const api = await call(origin, "/api/v1/assets", { headers: big });
      expect(expectError(api, 431, "payload_too_large").error.details).toEqual({ part: "headers" });
      const page = await call(origin, "/", { headers: big });
      expect(page.status).toBe(431);
      expect(page.text).toMatch(/headers are too large.*cookies/);
      expect(page.header("x-request-id")).toBeDefined();
    });

    it("answers a request the parser cannot read with 400 and a body, not an empty answer", async () => {
      const answer = (raw: string) => rawAnswer(origin, raw);
      const api = await answer("GET /api/v1/assets HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n");
      expect(api).toMatch(/^HTTP\/1\.1 400 /);
      expect(api).toMatch(/"code":"validation_error"/);
      const page = await answer("GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n");
      expect(page).toMatch(/^HTTP\/1\.1 400 [^]*\r\n\r\nBad Request: the request could not be read/);
    });

    it("serves an absolute-form request-target as its path, never redirecting to the host it names; `*` and other non-paths get no 500", async () => {
      const answer = (line: string) =>
        rawAnswer(origin, `${line}\r\nHost: ${new URL(origin).host}\r\nConnection: close\r\n\r\n`);
      const absolute = await answer("GET http://evil.example/api/health HTTP/1.1");
      expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
      expect(absolute).not.toMatch(/\r\nlocation:/i);
      const script = await answer("GET javascript://evil.example/%0aalert(1) HTTP/1.1");
      expect(script).toMatch(/^HTTP\/1\.1 400 /);
      expect(script).not.toMatch(/\r\nlocation:/i);
      expect(await answer("GET * HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 [^]*\r\nx-request-id: /i);
      expect(await answer("OPTIONS * HTTP/1.1")).toMatch(/^HTTP\/1\.1 204 [^]*\r\nallow: GET, HEAD, POST, OPTIONS/i);
    });

    it("redirects an API path with a trailing slash to the one without, keeping the query and the x-request-id", async () => {
      const res = await call(origin, "/api/v1/assets/?network=bitcoin", {
        headers: { "x-request-id": "slash-test-0001" },
      });
      expect(res.status, res.raw).toBe(308);
      expect(res.header("location")).toBe("/api/v1/assets?network=bitcoin");
      expect(res.header("x-request-id")).toBe("slash-test-0001");
    });

    it("redirects an API path with doubled slashes to its one spelling, with the headers every answer has", async () => {
      for (const [given, location] of [
        ["/api//v1/assets?network=bitcoin", "/api/v1/assets?network=bitcoin"],
        ["/api/v1//quote", "/api/v1/quote"],
        ["/api//v1//swap///", "/api/v1/swap"],
        // Never a protocol-relative address (an open redirect): the location stays under /api.
        ["/api//evil.example/x", "/api/evil.example/x"],
      ]) {
        const res = await call(origin, given!, { headers: { "x-request-id": "slash-test-0002" } });
        expect(res.status, `${given} ${res.raw}`).toBe(308);
        expect(res.header("location")).toBe(location);
        expect(res.header("x-request-id")).toBe("slash-test-0002");
        expect(res.header("cache-control")).toBe("no-store");
        expect(res.header("x-content-type-options")).toBe("nosniff");
      }
    });

    it("answers OPTIONS on every API route with an x-request-id too", async () => {
      const missing: string[] = [];
      for (const [path] of [...routes, ["/api/nope"]]) {
        const res = await call(origin, path!, { method: "OPTIONS" });
        expect(res.status, `OPTIONS ${path}`).toBeLessThan(500);
        if (!/^[A-Za-z0-9._:-]{8,128}$/.test(res.header("x-request-id") ?? ""))
          missing.push(`OPTIONS ${path} → ${res.status}`);
      }
      expect(missing).toEqual([]);
    });

    const postRoutes = [
      "/api/v1/address",
      "/api/v1/quote",
      "/api/v1/swap",
      "/api/sandbox/seed",
      "/api/sandbox/swaps/ABCDEFGHIJKL/deposit",
    ];
    const withKey = (path: string, headers: Record<string, string> = {}) =>
      path === "/api/v1/swap" ? { "idempotency-key": crypto.randomUUID(), ...headers } : headers;

    it.each(postRoutes)("answers a body that is not JSON on %s with 415 unsupported_media_type", async (path) => {
      for (const type of [
        undefined,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonp",
        "json",
      ]) {
        const res = await call(origin, path, {
          method: "POST",
          body: "{}",
          headers: withKey(path, type ? { "content-type": type } : {}),
        });
        expectError(res, 415, "unsupported_media_type");
      }
    });

    it.each(postRoutes)(
      "answers a body over 16 KiB on %s with 413 payload_too_large, declared or streamed",
      async (path) => {
        const big = JSON.stringify({ pad: "x".repeat(17_000) });
        expectError(
          await call(origin, path, {
            method: "POST",
            body: big,
            headers: withKey(path, { "content-type": "application/json" }),
          }),
          413,
          "payload_too_large",
        );
        const chunked = await call(origin, path, {
          method: "POST",
          body: big,
          headers: withKey(path, { "content-type": "application/json", "transfer-encoding": "chunked" }),
        });
        expectError(chunked, 413, "payload_too_large");
      },
    );

    it("reads a body of exactly 16 KiB and refuses one byte more", async () => {
      const json = JSON.stringify(btcToUsdtTron());
      const exact = json + " ".repeat(16 * 1024 - Buffer.byteLength(json));
      const ok = await call(origin, "/api/v1/quote", {
        method: "POST",
        body: exact,
        headers: { "content-type": "application/json" },
      });
      expect(ok.status, ok.raw).toBe(200);
      expectError(
        await call(origin, "/api/v1/quote", {
          method: "POST",
          body: exact + " ",
          headers: { "content-type": "application/json" },
        }),
        413,
        "payload_too_large",
      );
    });

    it.each(postRoutes)(
      "answers malformed JSON, invalid UTF-8 and an empty body on %s with 400 validation_error",
      async (path) => {
        const bodies: Array<string | Buffer> = [
          "{bad",
          "",
          '{"a":',
          "[1,]",
          Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
          "\u0000",
        ];
        for (const body of bodies) {
          const res = await call(origin, path, {
            method: "POST",
            body,
            headers: withKey(path, { "content-type": "application/json; charset=utf-8" }),
          });
          expectError(res, 400, "validation_error");
        }
      },
    );

    it.each(postRoutes)("refuses a cross-site browser request to %s with 403 forbidden_origin", async (path) => {
      const crossSite: Array<Record<string, string>> = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: `${origin}.evil.example` },
        { origin: "not a url" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "cross-site", origin },
      ];
      for (const headers of crossSite) {
        const res = await call(origin, path, {
          method: "POST",
          body: "{}",
          headers: withKey(path, { "content-type": "application/json", ...headers }),
        });
        expectError(res, 403, "forbidden_origin");
      }
    });

    it.each(["/api/v1/assets", "/api/v1/swap/ABCDEFGHIJKL", "/api/v1/openapi.json"])(
      "refuses a cross-site browser read of %s with 403 forbidden_origin too (it would spend the visitor's limits and the key's budget)",
      async (path) => {
        for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<
          string,
          string
        >[]) {
          expectError(
            await call(origin, path, { headers: { "x-swap-token": "x", ...headers } }),
            403,
            "forbidden_origin",
          );
        }
        const same = await call(origin, "/api/v1/assets", { headers: { "sec-fetch-site": "same-origin" } });
        expect(same.status, same.raw).toBe(200);
      },
    );

    it("lets same-origin browser requests and requests with neither header through", async () => {
      const browserish: Array<Record<string, string>> = [
        {},
        { origin },
        { "sec-fetch-site": "same-origin", origin },
        { "sec-fetch-site": "none" },
      ];
      for (const headers of browserish) {
        const res = await postJson(origin, "/api/v1/quote", btcToUsdtTron(), { headers });
        expect(res.status, `${JSON.stringify(headers)}: ${res.raw}`).toBe(200);
      }
      const q = await quote(origin);
      const swap = await createSwap(origin, swapBody(q.id), crypto.randomUUID(), {
        headers: { origin, "sec-fetch-site": "same-origin" },
      });
      expect(swap.status, swap.raw).toBe(200);
    });

    it("echoes a sane x-request-id and replaces one that is not", async () => {
      const sane = "checkout-test-0001:a.b_c";
      expect((await call(origin, "/api/health", { headers: { "x-request-id": sane } })).header("x-request-id")).toBe(
        sane,
      );
      const error = await call(origin, "/api/nope", { headers: { "x-request-id": sane } });
      expect(expectError(error, 404, "not_found").requestId).toBe(sane);
      for (const insane of [
        "short",
        "has space in it",
        "x".repeat(129),
        "<script>alert(1)</script>",
        "abc\u00e9defgh",
      ]) {
        const res = await call(origin, "/api/health", { headers: { "x-request-id": insane } });
        const id = res.header("x-request-id");
        expect(id).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
        expect(id).not.toBe(insane);
      }
      const a = (await call(origin, "/api/health")).header("x-request-id");
      const b = (await call(origin, "/api/health")).header("x-request-id");
      expect(a).not.toBe(b);
    });
  });

  describe("security headers", () => {
    const basics = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.header("x-content-type-options")).toBe("nosniff");
      expect(res.header("referrer-policy")).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      expect(res.header("permissions-policy")).toMatch(/camera=\(\)/);
      expect(res.header("x-powered-by")).toBeUndefined();
    };

    it("gives the checkout page a nonce CSP that forbids framing, and every script on it that nonce", async () => {
      const res = await call(origin, "/");
      expect(res.status).toBe(200);
      basics(res);
      const csp = res.header("content-security-policy") ?? "";
      const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      const again = await call(origin, "/");
      expect(/'nonce-([^']+)'/.exec(again.header("content-security-policy") ?? "")?.[1]).not.toBe(nonce);
      // A nonce only helps when the page's scripts carry it: with 'strict-dynamic', a script
      // without the nonce does not run, and the checkout never becomes interactive.
      const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      const withoutNonce = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`));
      expect(withoutNonce, `scripts without nonce="${nonce}"`).toEqual([]);
    });

    it("sends the same protections, a locked-down CSP and no caching on API answers", async () => {
      for (const path of ["/api/v1/assets", "/api/health", "/api/nope"]) {
        const res = await call(origin, path);
        basics(res);
        const csp = res.header("content-security-policy") ?? "";
        expect(csp).toMatch(/default-src 'none'/);
        expect(csp).toMatch(/frame-ancestors 'none'/);
      }
      expect((await call(origin, "/api/nope")).header("cache-control")).toMatch(/no-store/);
    });
  });
});

/** What the server sends back for `raw` bytes written to a socket, read until it closes. */
function rawAnswer(origin: string, raw: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(origin).port), "127.0.0.1", () => socket.end(raw));
    let got = "";
    socket.on("data", (chunk) => (got += chunk));
    socket.on("close", () => resolve(got));
    socket.on("error", reject);
  });
}
