// Invariant 2: no input crashes a handler. Thousands of generated malformed bodies, queries, path
// ids and headers across every route; each answer must be a 4xx in the error shape or a success
// that matches the route's schema, and never a 5xx.
import fc from "fast-check";
import { z } from "zod";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { addressAnswerSchema, quoteAnswerSchema, swapCreatedSchema } from "@/lib/schema/bff";
import { assetListSchema, swapSchema } from "@/lib/schema/partner";
import { dashboardSwapListSchema } from "@/lib/schema/dashboard";
import { csvHeader } from "@/lib/bff/dashboard/csv";
import { call, expectErrorShape, pool, type HttpResult } from "./requests";
import { btcToUsdtTron, newSwap, quote, TRON_ADDRESS } from "./checkout";
import { NO_LIMITS } from "./fixtures";

// A new seed each run explores more. Every run prints its seed, a failure names it too, and
// FUZZ_SEED=<seed> replays exactly that run.
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const DASHBOARD_PASSWORD = "fuzz-dashboard-password";

type Case = {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};

const successSchemas: Record<string, z.core.$ZodType> = {
  assets: assetListSchema,
  address: addressAnswerSchema,
  quote: quoteAnswerSchema,
  swap: swapCreatedSchema,
  "swap read": swapSchema,
  deposit: swapSchema,
  seed: z.object({ created: z.number().int(), ids: z.array(z.string()) }),
  health: z.object({ status: z.literal("ok") }),
  ready: z.object({ status: z.string(), upstream: z.string(), store: z.string() }),
  "unknown route": z.never(),
  "dashboard login": z.object({ expiresAt: z.string() }),
  "dashboard logout": z.undefined(),
  "dashboard list": dashboardSwapListSchema,
  "dashboard swap": swapSchema,
  "dashboard csv": z.string().startsWith(csvHeader()),
};

// ---- generators -----------------------------------------------------------------------------------

/** Header-safe text: what node:http will put on the wire (latin-1, no control characters). */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Percent-escapes, many of them invalid UTF-8 or not escapes at all. */
const percentJunk = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "%ZZ",
        "%",
        "%2",
        "%FF",
        "%C0%AF",
        "%E0%80",
        "%ED%A0%80",
        "%00",
        "%2F",
        "%2e%2e%2f",
        "%5C",
        "%0A",
        "%25",
        "%u0041",
      ),
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`),
      fc.constantFrom("A", "..", "/", "~", "."),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(""));

const pathId = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), minLength: 11, maxLength: 13 }),
  fc.constantFrom(
    "..",
    "../..",
    "..%2F..%2Fv1%2Fasset",
    "%2e%2e",
    ".",
    "%20",
    "ABCDEFGHIJKL%00",
    "ABCDEFGHIJKL?x=1",
    "ABCDEFGHIJKL#frag",
    "ABCDEFGHIJK%C3%A9",
  ),
  percentJunk,
  fc.integer({ min: 200, max: 4000 }).map((n) => "A".repeat(n)),
  fc.string({ unit: "binary", maxLength: 30 }).map(encodeURIComponent),
);

/** Any JSON value, and a few values JSON.stringify makes strange. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -0,
    "",
    "0",
    "0.01",
    "1e-2",
    "NaN",
    [],
    {},
    { __proto__: null },
    "__proto__",
    "constructor",
  ),
  fc.string({ unit: "binary", maxLength: 50 }),
);

const hugeString = fc
  .tuple(fc.integer({ min: 257, max: 17_000 }), fc.constantFrom("x", "é", "😀", "\u0000", "\\", '"'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

function deep(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

const templates: Record<string, () => unknown> = {
  address: () => ({
    network: "bitcoin",
    token: "BTC",
    address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    memo: null,
  }),
  quote: () => ({ ...btcToUsdtTron(), orderToken: "ord_aaaaaaaaaaaaaaaaaaaa.sig" }),
  swap: () => ({
    quoteId: `pq_${"0".repeat(24)}`,
    destination: { address: TRON_ADDRESS, memo: null },
    refundAddress: null,
    notificationEmail: null,
  }),
  deposit: () => ({ amount: "0.01", outcome: "completed" }),
  seed: () => ({ count: 1, statuses: ["completed"] }),
  "dashboard login": () => ({ password: "not-the-password" }),
};

/** A valid body with one leaf replaced, removed, or an unknown field added. */
function mutate(value: unknown, path: number[], replacement: unknown, action: number): unknown {
  if (value === null || typeof value !== "object") return replacement;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || path.length === 0)
    return action === 0 ? replacement : { ...(value as object), unexpected: replacement };
  const [i, ...rest] = path;
  const [key, child] = entries[i! % entries.length]!;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...(value as object) };
  if (action === 1 && rest.length === 0) delete copy[key];
  else if (action === 2 && rest.length === 0) copy[`${key}_extra`] = replacement;
  else copy[key] = mutate(child, rest, replacement, action);
  return copy;
}

const bodyFor = (route: string) =>
  fc.oneof(
    { weight: 3, arbitrary: anyValue.map((v) => Buffer.from(JSON.stringify(v) ?? "null")) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
          fc.oneof(anyValue, hugeString),
          fc.integer({ min: 0, max: 3 }),
        )
        .map(([path, replacement, action]) =>
          Buffer.from(JSON.stringify(mutate(templates[route]?.() ?? {}, path, replacement, action))),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 8_000 }), fc.constantFrom("array" as const, "object" as const))
        .map(([d, k]) => Buffer.from(deep(d, k))),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 20 })
        .map((b) =>
          Buffer.concat([
            Buffer.from('{"network":"'),
            Buffer.from(b.map((x) => x | 0x80)),
            Buffer.from('","token":"BTC"}'),
          ]),
        ),
    },
    {
      weight: 1,
      arbitrary: hugeString.map((s) => Buffer.from(JSON.stringify({ ...(templates[route]?.() as object), pad: s }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("", " ", "null", "{", "}", "[]", '{"a":1,"a":2}', "\ufeff{}", '{"__proto__":{"admin":true}}')
        .map((s) => Buffer.from(s)),
    },
  );

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/json;charset=latin1",
      "application/json ; x=y",
      "text/plain",
      "",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=--x",
      "application/jsonx",
      "application/json, text/html",
      "application/merge-patch+json",
      "*/*",
    ),
  },
  { weight: 1, arbitrary: headerText(60) },
);

const uuid = fc.uuid();

const extraHeaders = fc.record(
  {
    "x-request-id": fc.oneof(headerText(140), fc.constant("fuzz-request-id-0001")),
    "x-swap-token": headerText(100),
    "idempotency-key": fc.oneof(uuid, headerText(60), fc.constant("")),
    "x-forwarded-for": headerText(60),
    "x-widget-config": headerText(200),
    "accept-language": headerText(40),
    cookie: headerText(80),
  },
  { requiredKeys: [] },
);

type Fixtures = { quoteId: string; swapId: string; token: string; session: string };

function cases(fx: Fixtures): fc.Arbitrary<Case> {
  const withBody = (
    route: string,
    path: fc.Arbitrary<string>,
    headers: fc.Arbitrary<Record<string, string>> = extraHeaders,
  ) =>
    fc
      .record({
        path,
        body: bodyFor(route),
        type: fc.option(contentType, { nil: undefined }),
        headers,
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant("POST") },
          { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "PATCH", "DELETE") },
        ),
      })
      .map(({ path, body, type, headers, method }) => ({
        route,
        method,
        path,
        headers: { ...headers, ...(type === undefined ? {} : { "content-type": type }) },
        body: method === "GET" ? undefined : body,
      }));

  const swapBodies = fc.oneof(
    bodyFor("swap"),
    fc
      .tuple(
        fc.oneof(fc.constant(fx.quoteId), fc.string()),
        fc.oneof(anyValue, fc.constant(TRON_ADDRESS)),
        fc.option(anyValue),
        fc.option(anyValue),
      )
      .map(([quoteId, address, memo, email]) =>
        Buffer.from(
          JSON.stringify({
            quoteId,
            destination: { address, ...(memo === null ? {} : { memo }) },
            ...(email === null ? {} : { notificationEmail: email }),
          }),
        ),
      ),
  );
  const swapCase = fc
    .record({ body: swapBodies, type: fc.option(contentType, { nil: undefined }), headers: extraHeaders })
    .map(({ body, type, headers }) => ({
      route: "swap",
      method: "POST",
      path: "/api/v1/swap",
      headers: { ...headers, ...(type === undefined ? {} : { "content-type": type }) },
      body,
    }));

  const idOrReal = fc.oneof({ weight: 4, arbitrary: pathId }, { weight: 1, arbitrary: fc.constant(fx.swapId) });
  const tokenOrReal = fc.oneof(headerText(80), fc.constant(fx.token), fc.constant(""));
  const readCase = fc
    .record({
      id: idOrReal,
      token: fc.option(tokenOrReal, { nil: undefined }),
      headers: extraHeaders,
      query: fc.option(percentJunk, { nil: undefined }),
    })
    .map(({ id, token, headers, query }) => ({
      route: "swap read",
      method: "GET",
      path: `/api/v1/swap/${id}${query ? `?${query}` : ""}`,
      headers: { ...headers, ...(token === undefined ? {} : { "x-swap-token": token }) },
    }));

  const queryValue = fc.oneof(
    fc.string({ maxLength: 70 }).map(encodeURIComponent),
    percentJunk,
    fc.constantFrom("bitcoin", "tron", "BTC", "usdt", ""),
  );
  const assetsCase = fc
    .record({
      params: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom("network", "symbol", "network[]", "__proto__", "constructor"),
            fc.string({ maxLength: 10 }).map(encodeURIComponent),
            percentJunk,
          ),
          queryValue,
        ),
        {
          maxLength: 4,
        },
      ),
      headers: extraHeaders,
    })
    .map(({ params, headers }) => ({
      route: "assets",
      method: "GET",
      path: `/api/v1/assets${params.length ? "?" + params.map(([k, v]) => `${k}=${v}`).join("&") : ""}`,
      headers,
    }));

  const unknownCase = fc
    .record({
      rest: fc.oneof(percentJunk, fc.string({ maxLength: 60 }).map(encodeURIComponent), pathId),
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
    })
    .map(({ rest, method }) => ({
      route: "unknown route",
      method,
      path: `/api/v1/x/${rest}`,
      headers: { "content-type": "application/json" },
      body: method === "GET" ? undefined : Buffer.from("{}"),
    }));

  const probeCase = fc
    .record({
      route: fc.constantFrom("health", "ready"),
      headers: extraHeaders,
      query: fc.option(percentJunk, { nil: undefined }),
    })
    .map(({ route, headers, query }) => ({
      route,
      method: "GET",
      path: `/api/${route}${query ? `?${query}` : ""}`,
      headers,
    }));

  const depositPath = fc
    .oneof({ weight: 3, arbitrary: pathId }, { weight: 1, arbitrary: fc.constant(fx.swapId) })
    .map((id) => `/api/sandbox/swaps/${id}/deposit`);
  const depositHeaders = fc
    .tuple(extraHeaders, fc.option(tokenOrReal, { nil: undefined }))
    .map(([h, token]) => ({ ...h, ...(token === undefined ? {} : { "x-swap-token": token }) }));

  // The operator dashboard's API, with the real session cookie, a forged one, or none.
  const sessionCookie = fc.oneof(
    { weight: 3, arbitrary: fc.constant(fx.session) },
    { weight: 1, arbitrary: headerText(80).map((v) => `swap_dashboard=${v}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const dashboardQuery = fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom("q", "status", "createdFrom", "createdTo", "limit", "offset", "status[]", "__proto__"),
          fc.string({ maxLength: 10 }).map(encodeURIComponent),
        ),
        fc.oneof(
          queryValue,
          fc.constantFrom(
            "completed",
            "completed,failed",
            "nope",
            "2026-11-01T00:00:00Z",
            "2020-01-01",
            "0",
            "-1",
            "101",
            "1e3",
            "25",
          ),
        ),
      ),
      { maxLength: 4 },
    )
    .map((params) => (params.length ? "?" + params.map(([k, v]) => `${k}=${v}`).join("&") : ""));
  const dashboardRead = (route: string, path: fc.Arbitrary<string>) =>
    fc.record({ path, cookie: sessionCookie, headers: extraHeaders }).map(({ path, cookie, headers }) => {
      const { cookie: _junk, ...rest } = headers;
      return { route, method: "GET", path, headers: { ...rest, ...(cookie === undefined ? {} : { cookie }) } };
    });
  const dashboardLogout = extraHeaders.map((headers) => {
    // Never the real session: logging it out would close the rest of the run's doors.
    const { cookie: _real, ...rest } = headers;
    return { route: "dashboard logout", method: "DELETE", path: "/api/partner/session", headers: rest };
  });

  return fc.oneof(
    {
      weight: 2,
      arbitrary: dashboardRead(
        "dashboard list",
        dashboardQuery.map((q) => `/api/partner/swaps${q}`),
      ),
    },
    {
      weight: 1,
      arbitrary: dashboardRead(
        "dashboard csv",
        dashboardQuery.map((q) => `/api/partner/swaps.csv${q}`),
      ),
    },
    {
      weight: 1,
      arbitrary: dashboardRead(
        "dashboard swap",
        idOrReal.map((id) => `/api/partner/swaps/${id}`),
      ),
    },
    // A DELETE among the login attempts is a logout, and is judged as one.
    {
      weight: 1,
      arbitrary: withBody("dashboard login", fc.constant("/api/partner/session")).map((c) =>
        c.method === "DELETE" ? { ...c, route: "dashboard logout" } : c,
      ),
    },
    { weight: 1, arbitrary: dashboardLogout },
    { weight: 3, arbitrary: withBody("quote", fc.constant("/api/v1/quote")) },
    { weight: 3, arbitrary: swapCase },
    { weight: 2, arbitrary: withBody("address", fc.constant("/api/v1/address")) },
    { weight: 2, arbitrary: readCase },
    { weight: 2, arbitrary: assetsCase },
    { weight: 1, arbitrary: withBody("deposit", depositPath, depositHeaders) },
    { weight: 1, arbitrary: withBody("seed", fc.constant("/api/sandbox/seed")) },
    { weight: 1, arbitrary: unknownCase },
    { weight: 1, arbitrary: probeCase },
  );
}

// ---- the run ----------------------------------------------------------------------------------------

function problemWith(c: Case, res: HttpResult): string | null {
  // Next's own path normalization ("…/swap/", "…//…", "/../") answers a 308 to the cleaned path on
  // this same site: acceptable, as long as it can never send the browser to another site.
  const location = res.header("location");
  if (
    res.status === 308 &&
    location &&
    /^\/(?![/\\])/.test(location) &&
    /\/\/|\/$|\/\.\.?(\/|$)/.test(c.path.split("?")[0]!.replace(/%2e/gi, "."))
  )
    return null;
  if (res.status >= 500 || res.status < 200) return `status ${res.status}`;
  if (!res.header("x-request-id")) return "no x-request-id";
  if (res.status >= 400) {
    try {
      expectErrorShape(res);
    } catch (error) {
      const message = (error as Error).message;
      return `not the error shape: ${message.slice(message.lastIndexOf(": expected") + 2, message.lastIndexOf(": expected") + 200).split("\n")[0]}`;
    }
    return null;
  }
  const schema = successSchemas[c.route]!;
  if (c.route === "dashboard csv" && !/^text\/csv/.test(res.header("content-type") ?? ""))
    return `a ${res.status} CSV answer that is not text/csv`;
  if (c.route === "dashboard logout" && res.status !== 204) return `a logout answered ${res.status}, not 204`;
  const parsed = z.safeParse(schema, c.route === "dashboard csv" ? res.text : res.json);
  return parsed.success
    ? null
    : `a ${res.status} that does not match the ${c.route} schema: ${parsed.error.issues[0]?.message}`;
}

const describeCase = (c: Case) =>
  `${c.method} ${c.path.length > 200 ? c.path.slice(0, 200) + `…(${c.path.length})` : c.path} headers=${JSON.stringify(c.headers).slice(0, 300)} body=${
    c.body
      ? JSON.stringify(c.body.subarray(0, 200).toString("latin1")) +
        (c.body.length > 200 ? `…(${c.body.length} bytes)` : "")
      : "none"
  }`;

describe("generated malformed input against every route", () => {
  let app: RunningApp;
  let fixtures: Fixtures;

  beforeAll(async () => {
    app = await startApp({
      ...NO_LIMITS,
      SANDBOX_STEP_SECONDS: "1",
      SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000",
      PARTNER_DASHBOARD_PASSWORD: DASHBOARD_PASSWORD,
    });
    const created = await newSwap(app.origin);
    const login = await call(app.origin, "/api/partner/session", {
      method: "POST",
      body: { password: DASHBOARD_PASSWORD },
    });
    expect(login.status, login.raw).toBe(200);
    const session = (login.header("set-cookie") ?? "").split(";")[0]!;
    expect(session).toMatch(/^swap_dashboard=/);
    expect((await call(app.origin, "/api/partner/swaps", { headers: { cookie: session } })).status).toBe(200);
    fixtures = { quoteId: (await quote(app.origin)).id, swapId: created.swap.id, token: created.accessToken, session };
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 2,400 generated requests with a 4xx in the error shape or a valid success, never a 5xx", async () => {
    console.log(`fuzz: FUZZ_SEED=${seed} (set it to replay this run)`);
    const generated = fc.sample(cases(fixtures), { numRuns: 2_400, seed });
    const problems = new Map<string, { count: number; example: string }>();
    const report = (kind: string, example: string) => {
      const entry = problems.get(kind) ?? { count: 0, example };
      entry.count++;
      problems.set(kind, entry);
    };
    const tally: Record<string, number> = {};
    await pool(generated, 8, async (c) => {
      let res: HttpResult;
      try {
        res = await call(app.origin, c.path, { method: c.method, headers: c.headers, body: c.body, timeoutMs: 20_000 });
      } catch (error) {
        report(`${c.route}: no answer`, `${(error as Error).message} to ${describeCase(c)}`);
        return;
      }
      tally[`${c.route} ${res.status}`] = (tally[`${c.route} ${res.status}`] ?? 0) + 1;
      const problem = problemWith(c, res);
      if (problem)
        report(
          `${c.route}: ${problem.replace(/'[^']*'|"[^"]*"/g, "…").slice(0, 120)}`,
          `${describeCase(c)} → ${res.raw.slice(0, 300)}`,
        );
    });

    // The generators reach past the first checks: some requests succeed, and every route was hit.
    const routesHit = new Set(Object.keys(tally).map((k) => k.replace(/ \d+$/, "")));
    expect([...routesHit].sort()).toEqual(Object.keys(successSchemas).sort());
    expect(Object.entries(tally).filter(([k]) => / 2\d\d$/.test(k)).length, JSON.stringify(tally)).toBeGreaterThan(2);

    const wrong = [...problems.values()].reduce((n, p) => n + p.count, 0);
    const summary = [...problems].map(([kind, { count, example }]) => `${kind} (×${count}), e.g. ${example}`);
    expect(
      summary,
      `${wrong} of ${generated.length} requests answered wrongly (FUZZ_SEED=${seed}); tally ${JSON.stringify(tally)}`,
    ).toEqual([]);

    // And the app still serves normally afterwards.
    expect((await call(app.origin, "/api/health")).status).toBe(200);
    expect((await call(app.origin, "/api/v1/quote", { method: "POST", body: btcToUsdtTron() })).status).toBe(200);
  }, 180_000); // 2,400 requests took over a minute at load 10 on the 2 cores
});
