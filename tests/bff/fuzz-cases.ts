// The fuzz test's generated requests: a malformed one for each route of the checkout and the dashboard.
import fc from "fast-check";
import { TRON_ADDRESS } from "./checkout";
import { anyValue, bodyFor, contentType, extraHeaders, headerText, pathId, percentJunk } from "./fuzz-inputs";

export type Case = {
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};

export type Fixtures = { quoteId: string; swapId: string; token: string; session: string };

export function cases(fx: Fixtures): fc.Arbitrary<Case> {
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
