// `npm start`: the production Next.js server behind a thin node:http front.
// - Who is asking: Next keeps a client's X-Forwarded-For as given, so the front puts the socket
//   address (or the one our own TRUST_PROXY_HOPS proxies report) in x-swap-client-ip, with a
//   per-process secret in x-swap-front-proof that proves the front set it (lib/bff/client-id.ts).
//   Any copy a client sent of these headers is replaced.
// - Bodies: an /api request body over 16 KiB is refused with 413 before more than the cap is read,
//   whether its length is declared or it arrives chunked.
// PORT is respected as with `next start`.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import next from "next";

const port = Number(process.env.PORT ?? 3000);
const hops = Number(process.env.TRUST_PROXY_HOPS ?? 0);
if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
  console.error("[config] TRUST_PROXY_HOPS: must be a whole number from 0 to 10");
  process.exit(1);
}
const MAX_API_BODY_BYTES = 16 * 1024;

// Read by lib/config before Next starts (instrumentation checks every variable at start).
const frontSecret = randomBytes(32).toString("base64url");
process.env.SWAP_FRONT_SECRET = frontSecret;

const app = next({ dev: false, port, dir: new URL("..", import.meta.url).pathname });
const handle = app.getRequestHandler();
await app.prepare();

function forwardedChain(req) {
  return String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function clientIp(req) {
  const socket = req.socket.remoteAddress ?? "unknown";
  if (hops === 0) return socket;
  // Each trusted proxy appended the address it saw; the client is `hops` entries from the right.
  // A chain shorter than that did not come through all our proxies: the socket is all we know.
  const chain = forwardedChain(req);
  return chain.length >= hops ? chain[chain.length - hops] : socket;
}

function forwardedProto(req) {
  if (hops === 0) return "http";
  const proto = String(req.headers["x-forwarded-proto"] ?? "").split(",")[0].trim().toLowerCase();
  return proto === "https" ? "https" : "http";
}

function tooLarge(req, res) {
  if (!res.headersSent) {
    const requestId = `req_${randomBytes(16).toString("hex")}`;
    const body = JSON.stringify({
      error: { code: "payload_too_large", message: "The request is too large.", details: { maxBytes: MAX_API_BODY_BYTES } },
      requestId,
    });
    res.writeHead(413, { "content-type": "application/json", "x-request-id": requestId, connection: "close", "content-length": Buffer.byteLength(body) });
    res.end(body);
  }
  // Stop reading: whatever else the client sends is never buffered.
  res.once("finish", () => req.socket.destroy());
}

/**
 * Caps an /api body: a declared length over the cap is refused at once. A chunked body is counted
 * as the socket delivers it, before Next or a handler reads it: past the cap the stream ends one
 * byte over it (so the handler answers 413 in the API's error shape), the socket stops being read,
 * and the connection closes after the answer.
 */
function capBody(req, res) {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_API_BODY_BYTES) {
    tooLarge(req, res);
    return false;
  }
  let received = 0;
  let ended = false;
  const push = req.push;
  req.push = function (chunk, encoding) {
    if (ended) return false;
    if (chunk === null) return push.call(this, null);
    const room = MAX_API_BODY_BYTES + 1 - received;
    received += chunk.length;
    if (chunk.length < room) return push.call(this, chunk, encoding);
    ended = true;
    push.call(this, Buffer.from(chunk).subarray(0, room));
    push.call(this, null);
    req.socket.pause();
    res.setHeader("connection", "close");
    res.once("finish", () => req.socket.destroy());
    return false;
  };
  return true;
}

const server = createServer((req, res) => {
  req.headers["x-swap-client-ip"] = clientIp(req);
  req.headers["x-swap-forwarded-proto"] = forwardedProto(req);
  req.headers["x-swap-front-proof"] = frontSecret;
  if ((req.url ?? "").startsWith("/api/") && !capBody(req, res)) return;
  handle(req, res);
});
server.listen(port, () => {
  console.log(`Swap Checkout ready on http://localhost:${port}`);
});
