// The baseline: a naive pass-through BFF (not part of the app). Every browser request becomes one
// upstream request with the key, no cache, no budget: /api/v1/swap/{id} → GET /v1/swap/{id},
// /api/v1/quote → POST /v1/quote, /api/v1/swap → POST /v1/swap. It stamps x-status-as-of with the
// moment the upstream answered a status read (a live read is as fresh as it gets).
import { Agent, createServer, request } from "node:http";
import { API_KEY } from "./options";

export async function startNaive(upstreamOrigin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const match = /^\/api\/v1\/(swap\/[A-Z0-9]{12}|swap|quote)$/.exec(path);
    if (!match) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end('{"error":{"code":"not_found","message":"","details":{}}}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = { accept: "application/json", "x-api-key": API_KEY };
      if (body.length) {
        headers["content-type"] = "application/json";
        headers["content-length"] = String(body.length);
      }
      const forward = (attempt: number) => {
        const upstream = request(`${upstreamOrigin}/v1/${match[1]}`, { method: req.method, headers, agent }, (up) => {
          const out: Record<string, string> = {
            "content-type": String(up.headers["content-type"] ?? "application/json"),
          };
          if (up.headers["retry-after"]) out["retry-after"] = String(up.headers["retry-after"]);
          if (up.statusCode === 200 && req.method === "GET") out["x-status-as-of"] = new Date().toISOString();
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(res);
        });
        upstream.on("error", () => {
          // A reused connection the sandbox had just closed: a GET is sent again once.
          if (attempt === 1 && req.method === "GET" && !res.headersSent) return forward(2);
          if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
          res.end('{"error":{"code":"upstream_error","message":"","details":{}}}');
        });
        upstream.end(body);
      };
      forward(1);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
