// The BFF's route patterns, as app/api names them: what metrics and traces call a request by, never
// its raw path (which holds ids). tests/unit/observability.test.ts checks that every route file under
// app/api is listed here.
import { swapIdPattern } from "@/lib/schema/partner";

export const apiRoutePatterns = [
  "/api/health",
  "/api/ready",
  "/api/metrics",
  "/api/v1/assets",
  "/api/v1/address",
  "/api/v1/quote",
  "/api/v1/swap",
  "/api/v1/swap/[id]",
  "/api/v1/swap/[id]/email",
  "/api/v1/openapi.json",
  "/api/partner/session",
  "/api/partner/summary",
  "/api/partner/funnel",
  "/api/partner/funnel.csv",
  "/api/partner/volume",
  "/api/partner/widget-config",
  "/api/partner/swaps",
  "/api/partner/swaps.csv",
  "/api/partner/swaps/[id]",
  "/api/partner/webhooks",
  "/api/partner/webhooks/[id]/redeliver",
  "/api/sandbox/seed",
  "/api/sandbox/swaps/[id]/deposit",
  "/api/[[...path]]",
] as const;

/** What a path no pattern matches is called (none reaches a handler: the catch-all takes the rest). */
export const OTHER_ROUTE = "other";

type Compiled = { pattern: string; segments: string[]; rest: boolean };

const compiled: Compiled[] = apiRoutePatterns
  .map((pattern) => {
    const segments = pattern.split("/").slice(1);
    const rest = /^\[\[?\.\.\./.test(segments.at(-1) ?? "");
    return { pattern, segments: rest ? segments.slice(0, -1) : segments, rest };
  })
  // As Next chooses: a fixed segment before a dynamic one, a catch-all last.
  .sort((a, b) => Number(a.rest) - Number(b.rest) || dynamicCount(a) - dynamicCount(b));

function dynamicCount(c: Compiled): number {
  return c.segments.filter((s) => s.startsWith("[")).length;
}

const memo = new Map<string, string>();

/** The pattern of the route that serves `pathname` (`/api/v1/swap/ABC…` → `/api/v1/swap/[id]`). */
export function routePatternOf(pathname: string): string {
  const known = memo.get(pathname);
  if (known) return known;
  const parts = pathname.split("/").slice(1);
  const found = compiled.find((c) => matches(c, parts))?.pattern ?? OTHER_ROUTE;
  // Only fixed paths are remembered: paths with ids are endless.
  if (!found.includes("[")) memo.set(pathname, found);
  return found;
}

function matches(c: Compiled, parts: string[]): boolean {
  if (c.rest ? parts.length < c.segments.length : parts.length !== c.segments.length) return false;
  return c.segments.every((segment, i) => segment.startsWith("[") || segment === parts[i]);
}

/** The `[id]` segment of a swap route, when it is a swap id (12 capitals or digits), for the log. */
export function swapIdOf(pattern: string, pathname: string): string | undefined {
  if (!pattern.includes("/swap/[id]") && !pattern.includes("/swaps/[id]")) return undefined;
  const index = pattern.split("/").indexOf("[id]");
  const id = pathname.split("/")[index];
  return id && swapIdPattern.test(id) ? id : undefined;
}
