// A small round-robin load balancer for tests, behaving like a common reverse proxy in front of
// several instances (nginx with `proxy_next_upstream error`, a cloud balancer with health checks):
// - it keeps pooled keep-alive connections to each backend, as real balancers do;
// - it checks each backend's GET /api/health every 200 ms on a fresh connection and sends new
//   requests only to backends that answered;
// - a request that fails before any answer arrives goes to the next backend only when repeating it
//   is safe: it never reached the first one (connection refused), or it is a GET/HEAD or carries
//   an Idempotency-Key (nginx's default for non-idempotent requests). Anything else is a 502, and
//   counted as lost: a POST /quote cut off by a reset is lost.
// It appends the client's address to X-Forwarded-For (run the apps with TRUST_PROXY_HOPS=1).
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Balancer = {
  origin: string;
  /** Answers forwarded, per backend origin. */
  answeredBy: Map<string, number>;
  /** Requests repeated on another backend after a failure, with the failure's code. */
  retried: string[];
  /** Requests the balancer could not deliver (each answered 502). */
  lost: string[];
  close: () => Promise<void>;
};

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "proxy-connection",
  "upgrade",
  "te",
  "trailer",
]);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startBalancer(backends: readonly string[]): Promise<Balancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const healthy = new Map(backends.map((b) => [b, true]));
  const answeredBy = new Map<string, number>();
  const retried: string[] = [];
  const lost: string[] = [];
  let next = 0;

  const check = () => {
    for (const backend of backends) {
      const probe = request(`${backend}/api/health`, { agent: false, timeout: 1_000 }, (res) => {
        res.resume();
        healthy.set(backend, res.statusCode === 200);
      });
      probe.on("timeout", () => probe.destroy());
      probe.on("error", () => healthy.set(backend, false));
      probe.end();
    }
  };
  const checks = setInterval(check, 200);

  const pick = (tried: ReadonlySet<string>) => {
    const candidates = backends.filter((b) => !tried.has(b));
    const up = candidates.filter((b) => healthy.get(b));
    const pool = up.length ? up : candidates;
    return pool.length ? pool[next++ % pool.length] : undefined;
  };

  async function forward(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const client = req.socket.remoteAddress ?? "unknown";
    headers["x-forwarded-for"] = req.headers["x-forwarded-for"]
      ? `${String(req.headers["x-forwarded-for"])}, ${client}`
      : client;
    headers["content-length"] = String(body.length);
    const repeatable = req.method === "GET" || req.method === "HEAD" || req.headers["idempotency-key"] !== undefined;
    const tried = new Set<string>();
    for (;;) {
      const backend = pick(tried);
      if (!backend) {
        lost.push(`${req.method} ${req.url}`);
        res.writeHead(502, { "content-type": "text/plain" }).end("no backend could answer");
        return;
      }
      tried.add(backend);
      const outcome = await new Promise<"answered" | { code: string; safe: boolean }>((resolve) => {
        const upstream = request(`${backend}${req.url}`, { method: req.method, headers, agent }, (answer) => {
          answeredBy.set(backend, (answeredBy.get(backend) ?? 0) + 1);
          const passed = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
          res.writeHead(answer.statusCode ?? 502, passed);
          answer.pipe(res);
          answer.on("end", () => resolve("answered"));
          answer.on("error", () => resolve("answered"));
        });
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          const code = error.code ?? "error";
          // Only a refused connection proves the request never reached the backend; after a
          // reset nobody knows whether it was read (so a POST without an Idempotency-Key is lost).
          resolve({ code, safe: code === "ECONNREFUSED" });
        });
        upstream.end(body);
      });
      if (outcome === "answered") return;
      healthy.set(backend, false);
      if (!(outcome.safe || repeatable) || res.headersSent) {
        lost.push(`${req.method} ${req.url}: ${outcome.code}`);
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end(outcome.code);
        else res.destroy();
        return;
      }
      retried.push(outcome.code);
    }
  }

  const server = createServer((req, res) => void forward(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answeredBy,
    retried,
    lost,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checks);
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
