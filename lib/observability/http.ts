// Each BFF request, seen once by the route wrapper (lib/bff/http/route.ts): counted and timed by its
// route pattern, traced as a server span named for it, and run inside the request context that
// gives its log lines their requestId (and swapId on a swap's routes).
import "server-only";
import { requestContext, type RequestContext } from "./logger.mjs";
import { metrics } from "./metrics";
import { routePatternOf, swapIdOf } from "./routes";
import { tracing, type SpanHandle } from "./tracing";

type Handler<A extends unknown[]> = (req: Request, ...rest: A) => Promise<Response>;

/** Methods a route handler can be called with; anything else is counted as OTHER. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** `handler`, observed: metrics, a server span, and the request's log context. */
export function observed<A extends unknown[]>(handler: Handler<A>): Handler<A> {
  return async (req, ...rest) => {
    const started = performance.now();
    // Next hands route handlers a NextRequest, whose URL is already parsed.
    const pathname = (req as Request & { nextUrl?: URL }).nextUrl?.pathname ?? new URL(req.url).pathname;
    const route = routePatternOf(pathname);
    const method = METHODS.has(req.method) ? req.method : "OTHER";
    const span = tracing()?.server(
      `${method} ${route}`,
      { "http.request.method": method, "http.route": route },
      req.headers,
    );
    const swapId = swapIdOf(route, pathname);
    const fields: RequestContext["log"] = {};
    if (swapId) fields.swapId = swapId;
    if (span) fields.traceId = span.traceId;
    const context: RequestContext = { log: fields, span };
    let status = 500;
    try {
      const response = await requestContext().run(context, () => handler(req, ...rest));
      status = response.status;
      return response;
    } finally {
      const m = metrics();
      if (m) {
        const series = seriesOf(m, route, method, status);
        series.count.inc();
        series.duration.observe((performance.now() - started) / 1000);
      }
      if (span) {
        span.set("http.response.status_code", status);
        if (context.log.requestId) span.set("swap_checkout.request_id", context.log.requestId);
        span.end(status >= 500 ? String(status) : undefined);
      }
    }
  };
}

type Metrics = NonNullable<ReturnType<typeof metrics>>;
type Series = {
  count: ReturnType<Metrics["httpRequests"]["labels"]>;
  duration: ReturnType<Metrics["httpDuration"]["labels"]>;
};

/** Per registry: a bundle's own copy of this module looks the series up again, harmlessly. */
const seriesCache = new WeakMap<Metrics, Map<string, Series>>();

/** Each route, method and status's series, looked up once (their label sets are closed). */
function seriesOf(m: Metrics, route: string, method: string, status: number): Series {
  let cache = seriesCache.get(m);
  if (!cache) seriesCache.set(m, (cache = new Map()));
  const key = `${route} ${method} ${status}`;
  let series = cache.get(key);
  if (!series) {
    series = {
      count: m.httpRequests.labels(route, method, String(status)),
      duration: m.httpDuration.labels(route, method),
    };
    cache.set(key, series);
  }
  return series;
}

/** Names the request's id in its log lines and its span, once the wrapper has chosen it. */
export function noteRequestId(requestId: string): void {
  const context = requestContext().getStore();
  if (context) context.log.requestId = requestId;
}

/** The current request's server span, the parent of its upstream calls. */
export const currentSpan = (): SpanHandle | undefined => requestContext().getStore()?.span as SpanHandle | undefined;
