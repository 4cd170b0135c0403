// `npm start`: the production Next.js server behind a thin node:http front that records who is
// asking. Next itself keeps a client's X-Forwarded-For as given, so the socket address (or the one
// our own TRUST_PROXY_HOPS proxies report) is put in x-swap-client-ip, replacing any copy a client
// sent. PORT is respected as with `next start`.
import { createServer } from "node:http";
import next from "next";

const port = Number(process.env.PORT ?? 3000);
const hops = Number(process.env.TRUST_PROXY_HOPS ?? 0);
if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
  console.error("TRUST_PROXY_HOPS must be a whole number from 0 to 10");
  process.exit(1);
}

const app = next({ dev: false, port, dir: new URL("..", import.meta.url).pathname });
const handle = app.getRequestHandler();
await app.prepare();

function clientIp(req) {
  const socket = req.socket.remoteAddress ?? "unknown";
  if (hops === 0) return socket;
  const chain = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Each trusted proxy appended the address it saw; the client is `hops` entries from the right.
  return chain[chain.length - hops] ?? chain[0] ?? socket;
}

const server = createServer((req, res) => {
  req.headers["x-swap-client-ip"] = clientIp(req);
  handle(req, res);
}).listen(port, () => {
  console.log(`Swap Checkout ready on http://localhost:${port}`);
});
shutDownGracefully(server);

// ---- graceful shutdown -------------------------------------------------------------------------
// On SIGTERM (a deploy, a rolling restart) or SIGINT: stop taking connections, let the requests in
// flight finish (up to 10 s), then run the app's shutdown hooks (lib/shutdown.ts: the status sweep
// stops and releases its lease), and exit 0. Keep-alive connections are told to close after their
// current response, and idle ones are closed at once, so a load balancer moves to the other
// instance without a lost request.
function shutDownGracefully(server) {
  const GRACE_MS = 10_000;
  const HOOKS_MS = 5_000;
  const hooksKey = Symbol.for("swap-checkout.shutdown-hooks");
  let closing = false;
  server.on("request", (_req, res) => {
    if (closing) res.setHeader("connection", "close");
  });
  const withTimeout = (promise, ms) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  async function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`[shutdown] ${signal}: no new connections; finishing requests in flight`);
    const drained = new Promise((resolve) => server.close(() => resolve(true)));
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    const finished = await withTimeout(drained, GRACE_MS);
    clearInterval(idle);
    if (!finished) {
      console.warn(`[shutdown] requests still open after ${GRACE_MS / 1000} s: closing them`);
      server.closeAllConnections();
    }
    const hooks = [...(globalThis[hooksKey]?.entries() ?? [])];
    globalThis[hooksKey]?.clear();
    await withTimeout(
      Promise.all(
        hooks.map(async ([name, hook]) => {
          try {
            await hook();
          } catch (error) {
            console.warn(`[shutdown] ${name} failed`, error instanceof Error ? error.message : error);
          }
        }),
      ),
      HOOKS_MS,
    );
    console.log("[shutdown] done");
    process.exit(0);
  }
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
