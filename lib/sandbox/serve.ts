// Serves a Web-standard handler over node:http: the standalone sandbox and the contract tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

type Handler = (req: Request) => Promise<Response>;

const logoFile = /^\/token\/([a-z0-9-]{1,32})\.svg$/;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

async function send(res: ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Starts a server on `host:port` (port 0 = a free one) and resolves with its base URL. */
export function serveHandler(
  handler: Handler,
  { host = "127.0.0.1", port = 0, publicDir }: { host?: string; port?: number; publicDir?: string } = {},
) {
  return new Promise<{ server: Server; origin: string; close: () => Promise<void> }>((resolve, reject) => {
    const server = createServer(async (req, res) => {
      try {
        const logo = publicDir ? logoFile.exec(req.url ?? "") : null;
        if (logo && req.method === "GET") {
          const svg = await readFile(join(publicDir!, "token", `${logo[1]}.svg`)).catch(() => null);
          res.writeHead(svg ? 200 : 404, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" });
          res.end(svg ?? "");
          return;
        }
        await send(res, await handler(await toRequest(req, `http://${host}`)));
      } catch (error) {
        console.error("[sandbox] could not serve a request", error);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: { code: "internal_error", message: "The request failed on the server.", details: {} },
          }),
        );
      }
    });
    server.keepAliveTimeout = 5_000;
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve({
        server,
        origin: `http://${host}:${actualPort}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
