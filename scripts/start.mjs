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

createServer((req, res) => {
  req.headers["x-swap-client-ip"] = clientIp(req);
  handle(req, res);
}).listen(port, () => {
  console.log(`Swap Checkout ready on http://localhost:${port}`);
});
