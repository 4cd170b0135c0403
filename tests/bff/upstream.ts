// A standalone upstream for upstream mode: the sandbox over HTTP behind a front to swap, intercept and watch.
import { expect } from "vitest";
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";

type SeenRequest = { method: string; path: string; apiKey: string | null; at: number };
type Next = (req: Request) => Promise<Response>;

export type Upstream = {
  origin: string;
  /** PARTNER_API_BASE_URL for the app. */
  baseUrl: string;
  /** The sandbox answering now. */
  sandbox: Sandbox;
  /** Answers from now on with a fresh sandbox configured by SANDBOX_* `env`. */
  use: (env?: Record<string, string>) => Sandbox;
  /** Every request that reached this server, in order. */
  seen: SeenRequest[];
  count: (method: string, path: string | RegExp) => number;
  /** Sits between the network and the sandbox: delay, replace or observe answers. */
  intercept: ((req: Request, next: Next) => Promise<Response>) | null;
  /** `GET /v1/swap` total as the sandbox reports it (in process; not through the app). */
  swapTotal: () => Promise<number>;
  close: () => Promise<void>;
};

/** The sandbox over real HTTP on a free loopback port, behind a switchable, observable front. */
export async function startUpstream(env: Record<string, string> = {}): Promise<Upstream> {
  const make = (e: Record<string, string>) => createSandbox(sandboxEnvSchema.parse(e));
  const upstream = {
    sandbox: make(env),
    seen: [] as SeenRequest[],
    intercept: null as Upstream["intercept"],
  } as Upstream;
  const { origin, close } = await serveHandler(async (req) => {
    const url = new URL(req.url);
    upstream.seen.push({
      method: req.method,
      path: url.pathname + url.search,
      apiKey: req.headers.get("x-api-key"),
      at: Date.now(),
    });
    const next: Next = (r) => upstream.sandbox.handle(r);
    return upstream.intercept ? upstream.intercept(req, next) : next(req);
  });
  upstream.origin = origin;
  upstream.baseUrl = `${origin}/v1`;
  upstream.close = close;
  upstream.use = (e = {}) => (upstream.sandbox = make(e));
  upstream.count = (method, path) =>
    upstream.seen.filter(
      (s) => s.method === method && (typeof path === "string" ? s.path.split("?")[0] === path : path.test(s.path)),
    ).length;
  upstream.swapTotal = async () => {
    const res = await upstream.sandbox.handle(
      new Request(`${origin}/v1/swap?limit=1`, { headers: { "x-api-key": upstream.sandbox.options.apiKey } }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { total: number }).total;
  };
  return upstream;
}
