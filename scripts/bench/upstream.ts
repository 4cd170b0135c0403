// The standalone sandbox as the partner API, served over loopback HTTP in this process, with a
// meter in front: every upstream request is recorded (sandbox time, route, status) so the report
// counts what each contender really cost the key, and every 429 the upstream answered.
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { serveHandler } from "@/lib/sandbox/serve";
import { API_KEY } from "./options";

export type UpstreamCall = { at: number; route: string; status: number };

export type Upstream = {
  origin: string;
  baseUrl: string;
  sandbox: Sandbox;
  calls: UpstreamCall[];
  /** A control under /sandbox (never rate-limited, never metered), called in process. */
  control: <T>(path: string, body: unknown) => Promise<T>;
  close: () => Promise<void>;
};

function routeOf(method: string, path: string): string {
  if (method === "GET" && path === "/v1/swap") return "GET /swap (list)";
  if (method === "GET" && /^\/v1\/swap\/[^/]+$/.test(path)) return "GET /swap/{id}";
  if (path.startsWith("/v1/")) return `${method} ${path.slice(3)}`;
  return `${method} other`;
}

export async function startUpstream(env: Record<string, string>): Promise<Upstream> {
  const sandbox = createSandbox(sandboxEnvSchema.parse(env));
  const calls: UpstreamCall[] = [];
  const metered = async (req: Request): Promise<Response> => {
    const path = new URL(req.url).pathname.replace(/\/+$/, "");
    const at = sandbox.clock.now();
    const response = await sandbox.handle(req);
    if (!path.startsWith("/sandbox/")) calls.push({ at, route: routeOf(req.method, path), status: response.status });
    return response;
  };
  const { origin, server } = await serveHandler(metered);
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const control = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await sandbox.handle(
      new Request(`${origin}${path}`, {
        method: "POST",
        headers: { "x-api-key": API_KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`sandbox control ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  return { origin, baseUrl: `${origin}/v1`, sandbox, calls, control, close };
}

export type UpstreamSummary = {
  requests: number;
  perMinute: number;
  /** Most requests in any 60 s (sandbox time) of the whole scenario. */
  peakPerMinute: number;
  rateLimited: number;
  byRoute: Record<string, number>;
  rateLimitedByRoute: Record<string, number>;
};

/** Figures over [from, to) sandbox ms for the rate; over the whole scenario for 429s and the peak. */
export function summarizeUpstream(calls: UpstreamCall[], from: number, to: number): UpstreamSummary {
  const inWindow = calls.filter((c) => c.at >= from && c.at < to);
  const times = calls.map((c) => c.at).sort((a, b) => a - b);
  let peak = 0;
  for (let lo = 0, hi = 0; hi < times.length; hi++) {
    while (times[hi]! - times[lo]! >= 60_000) lo++;
    peak = Math.max(peak, hi - lo + 1);
  }
  const byRoute: Record<string, number> = {};
  const rateLimitedByRoute: Record<string, number> = {};
  for (const c of calls) {
    byRoute[c.route] = (byRoute[c.route] ?? 0) + 1;
    if (c.status === 429) rateLimitedByRoute[c.route] = (rateLimitedByRoute[c.route] ?? 0) + 1;
  }
  return {
    requests: calls.length,
    perMinute: inWindow.length / ((to - from) / 60_000),
    peakPerMinute: peak,
    rateLimited: calls.filter((c) => c.status === 429).length,
    byRoute,
    rateLimitedByRoute,
  };
}
