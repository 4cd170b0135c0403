// `npm start`: the production Next.js server behind a thin node:http front.
// - Who is asking: Next keeps a client's X-Forwarded-For as given, so the front puts the socket
//   address (or the one our own TRUST_PROXY_HOPS proxies report) in x-swap-client-ip, with a
//   per-process secret in x-swap-front-proof that proves the front set it (lib/bff/http/client-id.ts).
//   Any copy a client sent of these headers is replaced.
// - Bodies: an /api request body over 16 KiB is refused with 413 (in the API's error shape) before
//   more than the cap is read, whether its length is declared or it arrives chunked.
// - A page address with a broken %-escape is 400 here (Next answers 500 decoding it).
// - An absolute-form request-target (`GET http://host/path`) is served as its path; `OPTIONS *` gets
//   204, any other target that is no path 400 (Next redirected the first to its host, 500 for `*`).
// - Headers over Node's limit (431) or a request the parser cannot read (400) get a body: the API's
//   error shape on /api, a sentence on a page (Node's own answer has none).
// - Every answer carries the base security headers, and every one but the widget's pages says that
//   nobody may frame it, also those of Next's own that next.config.ts and proxy.ts do not reach.
// - Methods Next's handlers do not know (TRACE, PROPFIND, ...) make Next answer 500 or an empty
//   400; an /api path gets them answered as OPTIONS is (405 with the path's Allow, or 404), a page
//   405. An /api path with a trailing slash or doubled slashes is redirected here to its one
//   spelling. What the front answers itself carries the headers every answer does (x-request-id,
//   no-store, the base security headers).
// - Logs: one JSON object a line, whatever prints it (lib/observability/logger.mjs).
// PORT is respected as with `next start`.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import net from "node:net";
import next from "next";
import { baseHeaders, isFramablePath, unframableHeaders } from "../lib/bff/http/base-headers.mjs";
import { forwardedFor } from "../lib/bff/http/forwarded-for.mjs";
import { requestIdFrom } from "../lib/bff/http/sane-request-id.mjs";
import { logConsoleAsJson, processLogger } from "../lib/observability/logger.mjs";

// Every line this process prints is one JSON object (lib/observability/logger.mjs), Next's own included.
logConsoleAsJson();
const log = processLogger();

const port = Number(process.env.PORT ?? 3000);
if (!/^\d{1,5}$/.test(process.env.PORT ?? "3000") || port > 65535) {
  log.error("[config] PORT: must be a whole number from 0 to 65535");
  process.exit(1);
}
// HOST: the address to listen on (127.0.0.1 behind a proxy on the same machine, so nobody reaches
// the port around it); every interface when unset. Not HOSTNAME: containers set that to their name.
const host = process.env.HOST?.trim() || undefined;
if (host !== undefined && net.isIP(host.replace(/^\[|\]$/g, "")) === 0 && host !== "localhost") {
  log.error("[config] HOST: must be an IP address to listen on (such as 127.0.0.1 or ::), or localhost");
  process.exit(1);
}
const hops = Number(process.env.TRUST_PROXY_HOPS ?? 0);
if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
  log.error("[config] TRUST_PROXY_HOPS: must be a whole number from 0 to 10");
  process.exit(1);
}
const MAX_API_BODY_BYTES = 16 * 1024;

// Read by lib/config before Next starts (instrumentation checks every variable at start).
const frontSecret = randomBytes(32).toString("base64url");
process.env.SWAP_FRONT_SECRET = frontSecret;

const dir = new URL("..", import.meta.url).pathname;
// Next's standalone output (next.config.ts): the configuration the build recorded is used, as the
// .next/standalone/server.js Next writes does. The image (Dockerfile) has no next.config.ts to load,
// and on a checkout Next would warn at each start that `next start` does not fit standalone output.
try {
  const { config: built } = JSON.parse(readFileSync(`${dir}.next/required-server-files.json`, "utf8"));
  if (built?.output === "standalone") process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(built);
} catch {
  // No build yet: next() below says so.
}
const app = next({ dev: false, port, dir });
const handle = app.getRequestHandler();
await app.prepare();

function clientIp(req) {
  const socket = req.socket.remoteAddress ?? "unknown";
  // A chain shorter than `hops` did not come through all our proxies: the socket is all we know.
  return forwardedFor(req.headers["x-forwarded-for"], hops) ?? socket;
}

function forwardedProto(req) {
  if (hops === 0) return "http";
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim()
    .toLowerCase();
  return proto === "https" ? "https" : "http";
}

/** An error body in the API's shape, for an answer the front makes itself with these `headers`. */
const apiError = (headers, code, message, details = {}) =>
  JSON.stringify({ error: { code, message, details }, requestId: headers["x-request-id"] });

/** The headers of an answer the front makes itself, as Next's own answers carry them. */
function ownHeaders(req, headers) {
  return {
    ...baseHeaders,
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cache-control": "no-store",
    "x-request-id": requestIdFrom(req.headers["x-request-id"]),
    ...headers,
  };
}

function tooLarge(req, res) {
  if (!res.headersSent) {
    const headers = ownHeaders(req, { "content-type": "application/json", connection: "close" });
    const body = apiError(headers, "payload_too_large", "The request is too large.", { maxBytes: MAX_API_BODY_BYTES });
    res.writeHead(413, { ...headers, "content-length": Buffer.byteLength(body) });
    res.end(body);
  }
  // Stop reading: whatever else the client sends is never read. The socket is closed a moment
  // after the answer (not at once, which would reset it before the client could read the 413).
  req.socket.pause();
  res.once("finish", () => setTimeout(() => req.socket.destroy(), 1_000).unref());
}

/**
 * Caps an /api body before Next sees it. A declared length over the cap is refused at once. A
 * chunked body is gathered here as the socket delivers it (at most the cap, so at most 16 KiB per
 * request is ever held) and handed to Next only once complete; past the cap it is refused and the
 * socket is no longer read.
 */
function withCappedBody(req, res, next) {
  if (Number(req.headers["content-length"] ?? 0) > MAX_API_BODY_BYTES) return tooLarge(req, res);
  if (!/chunked/i.test(String(req.headers["transfer-encoding"] ?? ""))) return next();
  const chunks = [];
  let size = 0;
  const push = req.push;
  // The HTTP parser feeds the request through push(): hold what it delivers, then replay it.
  req.push = function (chunk, encoding) {
    if (chunk === null) {
      req.push = push;
      for (const held of chunks) push.call(req, held);
      push.call(req, null);
      next();
      return false;
    }
    size += chunk.length;
    if (size > MAX_API_BODY_BYTES) {
      req.push = () => false;
      tooLarge(req, res);
      return false;
    }
    chunks.push(Buffer.from(chunk, encoding));
    return true;
  };
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const server = createServer((req, res) => {
  req.headers["x-swap-client-ip"] = clientIp(req);
  req.headers["x-swap-forwarded-proto"] = forwardedProto(req);
  req.headers["x-swap-front-proof"] = frontSecret;
  if (!req.url?.startsWith("/")) {
    const target = originForm(req.url ?? "");
    if (target === null) {
      // `OPTIONS *` asks about the server as a whole; any other request-target that is no path
      // (`GET *`, `javascript:…`) is refused here. Next answered the first 500 and redirected others
      // to the host they named.
      const asterisk = req.url === "*" && req.method === "OPTIONS";
      res.writeHead(
        asterisk ? 204 : 400,
        ownHeaders(
          req,
          asterisk ? { allow: "GET, HEAD, POST, OPTIONS" } : { "content-type": "text/plain; charset=utf-8" },
        ),
      );
      return res.end(asterisk ? undefined : "Bad Request: the request's target is not a path on this server.\n");
    }
    req.url = target;
  }
  const url = req.url;
  const path = url.split("?")[0];
  const api = path === "/api" || path.startsWith("/api/");
  if (!KNOWN_METHODS.has(req.method ?? "")) {
    if (!api) {
      res.writeHead(405, ownHeaders(req, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }));
      return res.end("Method Not Allowed\n");
    }
    req.method = "OPTIONS"; // every /api route answers OPTIONS with 405 and its Allow
  }
  if (api && (path.endsWith("/") || path.includes("//"))) {
    const location = path.replace(/\/{2,}/g, "/").replace(/\/+$/, "") + url.slice(path.length);
    res.writeHead(308, ownHeaders(req, { location, "content-length": 0 }));
    return res.end();
  }
  presetHeaders(res, path);
  if (api) withCappedBody(req, res, () => handle(req, res));
  else if (!decodable(path)) {
    // A page address with a broken %-escape (/swap/%ZZ): Next would answer 500 decoding it. The
    // API's own routes answer such an address with 400 validation_error themselves.
    res.writeHead(400, ownHeaders(req, { "content-type": "text/plain; charset=utf-8" }));
    res.end("Bad Request: this address is not valid. Check the link you followed.\n");
  } else handle(req, res);
});

/**
 * What every answer Next makes carries unless it says otherwise: the base headers, and for every
 * path but the widget's pages, no framing. Next's own answers that pass neither next.config.ts's
 * headers nor proxy.ts (a trailing-slash redirect) get them from here; where proxy.ts sets the
 * page's full CSP, it replaces this one.
 */
function presetHeaders(res, path) {
  for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
  if (!isFramablePath(path)) for (const [name, value] of Object.entries(unframableHeaders)) res.setHeader(name, value);
}

/**
 * An absolute-form request-target (`GET http://host/path`, which HTTP/1.1 servers must accept) as
 * the path and query it names; the host in it is not followed (Next redirected to it). Null for a
 * target that is neither http(s) nor a path.
 */
function originForm(target) {
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const parsed = new URL(target);
    return parsed.pathname + parsed.search;
  } catch {
    return null;
  }
}

function decodable(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
// What Node's HTTP parser refuses before any handler runs: headers over its 16 KiB limit (431, often
// a cookie jar other apps on the same domain filled) or a request it cannot parse (400). Node would
// answer with an empty body; the API gets its error shape, a page a sentence a person can act on.
server.on("clientError", (error, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable || socket.writableStarted) return socket.destroy();
  const tooBig = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooBig ? 431 : 400;
  const line = /^[A-Z]+ (\S+)/.exec(String(error.rawPacket ?? ""))?.[1] ?? "";
  const api = line === "/api" || line.startsWith("/api/") || line.startsWith("/api?");
  const headers = { ...ownHeaders({ headers: {} }, {}), connection: "close" };
  const body = api
    ? tooBig
      ? apiError(headers, "payload_too_large", "The request's headers are too large.", { part: "headers" })
      : apiError(headers, "validation_error", "The request could not be read.")
    : tooBig
      ? "The request's headers are too large, most often because of this site's cookies. Clear them and try again.\n"
      : "Bad Request: the request could not be read.\n";
  headers["content-type"] = api ? "application/json" : "text/plain; charset=utf-8";
  headers["content-length"] = Buffer.byteLength(body);
  const reason = tooBig ? "Request Header Fields Too Large" : "Bad Request";
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
});
server.on("error", (error) => {
  log.error(`[start] cannot listen on ${host ? `${host} ` : ""}port ${port}: ${error.code ?? error.message}`);
  process.exit(1);
});
// Keep idle connections open longer than the usual 60 s of a load balancer or a client's pool, so
// the server never closes one at the moment the other side reuses it (a reset request).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, host?.replace(/^\[|\]$/g, ""), () => {
  log.info(
    `Swap Checkout ready on http://${host && host !== "::" && host !== "0.0.0.0" ? (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host) : "localhost"}:${port}`,
  );
});
shutDownGracefully(server);

// ---- graceful shutdown -------------------------------------------------------------------------
// On SIGTERM (a deploy, a rolling restart) or SIGINT: stop taking connections, let the requests in
// flight finish (up to 10 s), then run the app's shutdown hooks (lib/shutdown.ts: the status sweep
// stops and releases its lease), and exit 0.
// A balancer keeps pooled keep-alive connections and may send a request on one in the moment
// after the signal, before its health check sees the instance gone. Closing those idle connections
// at once (what http.Server#close does) resets such a request, and a reset POST is lost: nobody
// knows whether it was read. So the listener stops at once (a new connection is refused, which a
// balancer can safely retry elsewhere), every answer from then on says `Connection: close`, and
// the idle connections are closed only once no request has arrived for QUIET_MS: by then the
// balancer has stopped choosing this instance.
function shutDownGracefully(server) {
  const GRACE_MS = 10_000;
  const HOOKS_MS = 5_000;
  const QUIET_MS = 1_000;
  // The app's process singletons (lib/process-singleton.ts); the shutdown hooks' runner is one of them.
  const singletons = () => globalThis[Symbol.for("swap-checkout.process-singletons")];
  let closing = false;
  let lastRequestAt = 0;
  server.on("request", (_req, res) => {
    lastRequestAt = Date.now();
    if (closing && !res.headersSent) res.setHeader("connection", "close");
  });
  const withTimeout = (promise, ms) =>
    Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  async function shutdown(signal) {
    if (closing) return;
    closing = true;
    lastRequestAt = Date.now();
    log.info(`[shutdown] ${signal}: no new connections; finishing requests in flight`);
    // net.Server#close: stop listening, and call back once every connection has ended, without
    // http.Server#close's immediate closing of idle keep-alive connections.
    const drained = new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve(true)));
    const idle = setInterval(() => {
      if (Date.now() - lastRequestAt >= QUIET_MS) server.closeIdleConnections();
    }, 100);
    const finished = await withTimeout(drained, GRACE_MS);
    clearInterval(idle);
    if (!finished) {
      log.warn(`[shutdown] requests still open after ${GRACE_MS / 1000} s: closing them`);
      server.closeAllConnections();
    }
    // lib/shutdown.ts's runner: every hook once, one failing does not stop the others.
    const runHooks = singletons()?.get("shutdown-run");
    if (runHooks) await withTimeout(runHooks(), HOOKS_MS);
    log.info("[shutdown] done");
    process.exit(0);
  }
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
