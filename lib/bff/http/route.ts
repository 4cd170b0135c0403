// What every route handler shares: a request id, the same-origin rule, the dashboard and
// per-client limits a route declares, one error mapping, and no caching of answers that belong to
// one person.
import "server-only";
import { z } from "zod";
import { ApiError, errorResponse } from "./errors";
import { clientIdOf } from "./client-id";
import { requestIdOf, withRequestIds } from "./request-id";
import { assertDashboardEnabled, requireSession } from "@/lib/bff/dashboard/session";
import { limitClient, type LimitClass } from "./rate-limit";
import { embeddedSandbox } from "@/lib/bff/upstream/partner";
import { config } from "@/lib/config";
import { jsonMediaType, readCapped, shownParamName, singleValued } from "@/lib/request-input";
import { noteRequestId, observed } from "@/lib/observability/http";

type RequestContext = {
  requestId: string;
  /** Who is asking, for per-client limits (socket address, or the trusted proxy's view of it). */
  clientId: string;
  params: Record<string, string | string[] | undefined>;
};

type Handler = (req: Request, ctx: RequestContext) => Promise<Response>;

const MAX_BODY_BYTES = 16 * 1024;

/**
 * Browsers say where a request comes from; servers and curl say nothing and pass. A cross-site
 * page must not be able to create quotes or swaps in a visitor's name, nor spend the visitor's
 * read limits or the key's budget with reads it could not even see the answers of.
 */
function assertSameOrigin(req: Request) {
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site") throw new ApiError("forbidden_origin");
  const origin = req.headers.get("origin");
  if (origin === null) return;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    throw new ApiError("forbidden_origin");
  }
  // Told where the app lives, the Origin must be one of those: the Host header comes from whoever
  // named the server, and a rebound name sends its own in both.
  const publicOrigins = config().PUBLIC_ORIGINS;
  if (publicOrigins.length) {
    if (!publicOrigins.includes(sent.origin)) throw new ApiError("forbidden_origin");
    return;
  }
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (!host || sent.host !== host) throw new ApiError("forbidden_origin");
}

/** What a route needs before its handler runs, said once instead of as calls at its top. */
export type RouteOptions = {
  /**
   * The operator dashboard: "open" needs it enabled (404 otherwise), "operator" also a session
   * (401 otherwise). Checked before anything else, so a stranger learns nothing from validation.
   */
  dashboard?: "open" | "operator";
  /** The per-client limit this route counts against, counted before the handler runs. */
  limit?: LimitClass;
  /** Embedded sandbox mode only: every method is 404 otherwise, before anything else is looked at. */
  sandbox?: true;
  /**
   * The route reads a query string (its handler parses it with `queryOf`). Any other route refuses
   * one with 400, as it refuses a body field it does not know: a misspelt or misplaced parameter
   * (a token in the URL) is said, not silently ignored.
   */
  query?: true;
};

/** Wraps a handler with the request id, the same-origin rule, `options` and the one error mapping. */
export function route(handler: Handler): ReturnType<typeof wrap>;
export function route(options: RouteOptions, handler: Handler): ReturnType<typeof wrap>;
export function route(first: RouteOptions | Handler, second?: Handler) {
  return typeof first === "function" ? wrap({}, first) : wrap(first, second!);
}

function wrap(options: RouteOptions, handler: Handler) {
  return observed(
    async (req: Request, segment?: { params?: Promise<Record<string, string | string[] | undefined>> }) => {
      const requestId = requestIdOf(req);
      noteRequestId(requestId);
      let response: Response;
      try {
        if (options.sandbox && !embeddedSandbox()) throw new ApiError("not_found");
        assertSameOrigin(req);
        const clientId = clientIdOf(req);
        if (options.dashboard) assertDashboardEnabled();
        if (options.dashboard === "operator") await requireSession(req);
        if (options.limit) await limitClient(options.limit, clientId);
        if (!options.query) assertNoQuery(req);
        const params = (await segment?.params) ?? {};
        response = await withRequestIds(req, requestId, () => handler(req, { requestId, clientId, params }));
      } catch (error) {
        response = errorResponse(error, requestId);
      }
      response.headers.set("x-request-id", requestId);
      if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
      return response;
    },
  );
}

/**
 * Answers every method a route does not implement with 405 in the error shape. OPTIONS too: there
 * is no cross-origin use to announce, and Next's own answer would list every method as allowed.
 * A route that serves GET serves HEAD too (Next answers it from the GET handler), so its Allow
 * names both.
 */
export function methodsNotAllowed(served: string, options: Pick<RouteOptions, "sandbox" | "dashboard"> = {}) {
  const methods = served.split(/,\s*/);
  const allowed = (methods.includes("GET") && !methods.includes("HEAD") ? [...methods, "HEAD"] : methods).join(", ");
  // The method is what is wrong, whatever the query says.
  const handler = route({ ...options, query: true }, async () => {
    throw new ApiError("method_not_allowed", undefined, { allow: allowed }, { allow: allowed });
  });
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}

/** Reads a JSON body: JSON only, at most 16 KiB, then the schema. */
export async function readJson<S extends z.core.$ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const type = req.headers.get("content-type") ?? "";
  if (!jsonMediaType.test(type)) throw new ApiError("unsupported_media_type");
  const bytes = await readCapped(
    req,
    MAX_BODY_BYTES,
    () => new ApiError("payload_too_large", undefined, { maxBytes: MAX_BODY_BYTES }),
  );
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError("validation_error", "The request body is not valid JSON.");
  }
  return parseWith(schema, json);
}

/** Parses anything from the browser; failures are 400 `validation_error` with the fields. */
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown, what = "request"): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // Named as a caller wrote it: an unknown key by its own name ("foo", "destination.foo"), a list
    // item by its list ("status", not "status.0").
    const at = issue.path.filter((part) => typeof part !== "number").map(String);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...at, key].join(".")] ??= "unknown field";
      continue;
    }
    fields[at.join(".") || what] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  throw new ApiError("validation_error", first ? `Invalid ${first[0]}: ${first[1]}.` : undefined, { fields });
}

/** The query as one value per name; a name given twice is refused rather than one of its values dropped. */
export function queryOf(req: Request): Record<string, string> {
  return singleValued(
    new URL(req.url).searchParams,
    (name) =>
      new ApiError("validation_error", `Invalid ${name}: given more than once.`, {
        fields: { [name]: "given more than once" },
      }),
  );
}

function assertNoQuery(req: Request) {
  const names = [...new Set(new URL(req.url).searchParams.keys())];
  if (names.length === 0) return;
  const fields = Object.fromEntries(
    names.slice(0, 10).map((name) => [shownParamName(name), "this route takes no query parameters"]),
  );
  throw new ApiError("validation_error", "This route takes no query parameters.", { fields });
}
