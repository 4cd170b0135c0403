// GET /api/v1/openapi.json against the running build: it serves the document, and every answer of
// the checkout's own flow (assets, address, quote, swap create, swap read, and their errors) and of
// the operator dashboard's routes is one the document allows, checked by an independent JSON Schema validator (Ajv, draft 2020-12).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/schema/openapi";
import { startApp, type RunningApp } from "../support/servers";
import { call, postJson, type HttpResult } from "./requests";
import { TRON_ADDRESS, btcToUsdtTron, createSwap, swapBody } from "./checkout";
import { NO_LIMITS } from "./fixtures";

type Doc = ReturnType<typeof openApiDocument>;
type Answer = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref?: string } }>;
};

let app: RunningApp;
const OPERATOR_PASSWORD = "openapi-operator-password";
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

/** The documented answer for this status (exact, else its `4XX`/`5XX` range); undefined if none. */
function documented(path: string, method: string, status: number): Answer | undefined {
  const operation = (doc.paths as Record<string, Record<string, { responses: Record<string, Answer> }>>)[path]?.[
    method
  ];
  if (!operation) return undefined;
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
}

/** Fails unless `res` is an answer the document gives for `method path`: status, headers, body. */
function expectDocumented(res: HttpResult, path: string, method: string) {
  const answer = documented(path, method, res.status);
  expect(
    answer,
    `${method.toUpperCase()} ${path} answered ${res.status}, which the document does not list:\n${res.raw.slice(0, 800)}`,
  ).toBeDefined();
  for (const [name, header] of Object.entries(answer!.headers ?? {})) {
    // Headers only some answers carry: a replay; a ledger that has reconciled once, is still reading
    // its history, or still fetches rewards; any the document marks optional.
    if (
      [
        "idempotent-replayed",
        "cache-control",
        "x-ledger-in-sync-at",
        "x-ledger-loading",
        "x-ledger-rewards-pending",
      ].includes(name)
    )
      continue;
    if ((header as { required?: boolean }).required === false) continue;
    expect(res.header(name), `${path} ${res.status}: header ${name}`).toBeDefined();
  }
  const ref = answer!.content?.["application/json"]?.schema.$ref;
  if (!ref) return;
  expect(res.header("content-type")).toMatch(/^application\/json/);
  const name = ref.split("/").pop()!;
  const schema = (doc.components.schemas as Record<string, object>)[name]!;
  const validate = ajv.compile(schema);
  const ok = validate(res.json);
  expect(
    ok,
    `${method.toUpperCase()} ${path} ${res.status} is not a ${name}: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 800)}`,
  ).toBe(true);
}

beforeAll(async () => {
  app = await startApp({ ...NO_LIMITS, PARTNER_DASHBOARD_PASSWORD: OPERATOR_PASSWORD });
  const res = await call(app.origin, "/api/v1/openapi.json");
  expect(res.status).toBe(200);
  doc = res.json as Doc;
});
afterAll(() => app?.stop());

describe("GET /api/v1/openapi.json", () => {
  it("serves the document the schemas make, with every /api/v1 path as served", () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/assets",
        "/api/v1/address",
        "/api/v1/quote",
        "/api/v1/swap",
        "/api/v1/swap/{id}",
      ]),
    );
  });

  it("answers 405 in the error shape to other methods", async () => {
    const res = await call(app.origin, "/api/v1/openapi.json", { method: "DELETE" });
    expect(res.status).toBe(405);
  });

  it("is cacheable for everyone, keyed on the headers that make a request cross-site (which gets 403)", async () => {
    const res = await call(app.origin, "/api/v1/openapi.json");
    expect(res.header("cache-control")).toBe("public, max-age=300");
    expect(res.header("vary")).toMatch(/Origin, Sec-Fetch-Site/);
    const crossSite = await call(app.origin, "/api/v1/openapi.json", { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.header("cache-control")).toBe("no-store");
  });
});

describe("the checkout's own flow, checked against the document", () => {
  it("assets, address, quote, swap create, swap read and a replay all answer as documented", async () => {
    const assets = await call(app.origin, "/api/v1/assets?network=tron");
    expect(assets.status).toBe(200);
    expectDocumented(assets, "/api/v1/assets", "get");

    const address = await postJson(app.origin, "/api/v1/address", {
      network: "tron",
      token: "USDT",
      address: TRON_ADDRESS,
    });
    expect(address.status).toBe(200);
    expectDocumented(address, "/api/v1/address", "post");
    const bad = await postJson(app.origin, "/api/v1/address", {
      network: "tron",
      token: "USDT",
      address: "not-an-address",
    });
    expect(bad.status).toBe(200);
    expectDocumented(bad, "/api/v1/address", "post");

    const quote = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron());
    expect(quote.status).toBe(200);
    expectDocumented(quote, "/api/v1/quote", "post");
    const quoteId = (quote.json as { id: string }).id;

    const key = crypto.randomUUID();
    const created = await createSwap(app.origin, swapBody(quoteId), key);
    expect(created.status).toBe(200);
    expectDocumented(created, "/api/v1/swap", "post");
    const replay = await createSwap(app.origin, swapBody(quoteId), key);
    expect(replay.header("idempotent-replayed")).toBe("true");
    expectDocumented(replay, "/api/v1/swap", "post");

    const { swap, accessToken } = created.json as { swap: { id: string }; accessToken: string };
    const read = await call(app.origin, `/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": accessToken } });
    expect(read.status).toBe(200);
    expectDocumented(read, "/api/v1/swap/{id}", "get");

    // The embedded sandbox's controls, as the checkout's sandbox panel uses them.
    const deposit = await postJson(
      app.origin,
      `/api/sandbox/swaps/${swap.id}/deposit`,
      { outcome: "completed" },
      { headers: { "x-swap-token": accessToken } },
    );
    expect(deposit.status, deposit.raw).toBe(200);
    expectDocumented(deposit, "/api/sandbox/swaps/{id}/deposit", "post");
    const wrong = await postJson(
      app.origin,
      `/api/sandbox/swaps/${swap.id}/deposit`,
      {},
      { headers: { "x-swap-token": "wrong" } },
    );
    expect(wrong.status).toBe(404);
    expectDocumented(wrong, "/api/sandbox/swaps/{id}/deposit", "post");
    const seed = await postJson(app.origin, "/api/sandbox/seed", { count: 2 });
    expect(seed.status, seed.raw).toBe(200);
    expectDocumented(seed, "/api/sandbox/seed", "post");
  });

  it("each error the checkout can meet is a documented status in the error shape", async () => {
    const q = (await postJson(app.origin, "/api/v1/quote", btcToUsdtTron())).json as { id: string };
    const cases: Array<[string, string, () => Promise<HttpResult>, number]> = [
      ["/api/v1/assets", "get", () => call(app.origin, "/api/v1/assets?network=NOT%20A%20NETWORK"), 400],
      ["/api/v1/assets", "get", () => call(app.origin, "/api/v1/assets", { method: "PUT" }), 405],
      ["/api/v1/address", "post", () => postJson(app.origin, "/api/v1/address", { network: "tron" }), 400],
      [
        "/api/v1/address",
        "post",
        () =>
          call(app.origin, "/api/v1/address", { method: "POST", body: "x", headers: { "content-type": "text/plain" } }),
        415,
      ],
      ["/api/v1/quote", "post", () => postJson(app.origin, "/api/v1/quote", { ...btcToUsdtTron(), extra: 1 }), 400],
      [
        "/api/v1/quote",
        "post",
        () => postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { headers: { origin: "https://evil.example" } }),
        403,
      ],
      ["/api/v1/quote", "post", () => postJson(app.origin, "/api/v1/quote", "x".repeat(20_000)), 413],
      ["/api/v1/swap", "post", () => createSwap(app.origin, swapBody(q.id), "not-a-uuid"), 400],
      ["/api/v1/swap", "post", () => createSwap(app.origin, swapBody("pq_000000000000000000000000")), 404],
      [
        "/api/v1/swap/{id}",
        "get",
        () => call(app.origin, "/api/v1/swap/ABCDEFGHJK23", { headers: { "x-swap-token": "wrong" } }),
        404,
      ],
      ["/api/v1/swap/{id}", "get", () => call(app.origin, "/api/v1/swap/lowercase"), 400],
    ];
    for (const [path, method, send, status] of cases) {
      const res = await send();
      expect(res.status, `${method} ${path}: ${res.raw.slice(0, 400)}`).toBe(status);
      expectDocumented(res, path, method);
    }
    // Same key, another body: 422.
    const key = crypto.randomUUID();
    expect((await createSwap(app.origin, swapBody(q.id), key)).status).toBe(200);
    const mismatch = await createSwap(app.origin, swapBody(q.id, "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"), key);
    expect(mismatch.status).toBe(422);
    expectDocumented(mismatch, "/api/v1/swap", "post");
  });

  it("would notice an answer that breaks the document (the check above can fail)", async () => {
    const q = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron());
    const broken = { ...q, json: { ...(q.json as object), rate: 1.5 } };
    expect(() => expectDocumented(broken, "/api/v1/quote", "post")).toThrow(/is not a QuoteAnswer/);
    const undocumented = { ...q, status: 418 };
    expect(() => expectDocumented(undocumented, "/api/v1/quote", "post")).toThrow(/does not list/);
  });

  it("health and readiness answer as documented", async () => {
    expectDocumented(await call(app.origin, "/api/health"), "/api/health", "get");
    const ready = await call(app.origin, "/api/ready");
    expect(ready.status).toBe(200);
    expectDocumented(ready, "/api/ready", "get");
  });
});

describe("what every documented route answers before its own work", () => {
  it("a stray query, another site's request and a method it does not serve: each a documented answer", async () => {
    const paths = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>);
    expect(paths.length).toBeGreaterThan(15);
    for (const [template, operations] of paths) {
      const path = template.replace("{id}", template.includes("webhooks") ? `msg_${"0".repeat(32)}` : "ABCDEFGHJK23");
      for (const [method, operation] of Object.entries(operations)) {
        const upper = method.toUpperCase();
        // A parameter the route does not take is said, not ignored (an operator route asks for a session first).
        const stray = await call(app.origin, `${path}?stray=1`, { method: upper });
        expect(stray.status, `${upper} ${path}?stray=1: ${stray.raw.slice(0, 300)}`).toBe(
          operation.security ? 401 : 400,
        );
        expectDocumented(stray, template, method);
        const crossSite = await call(app.origin, path, { method: upper, headers: { "sec-fetch-site": "cross-site" } });
        expect(crossSite.status, `${upper} ${path} cross-site`).toBe(403);
        expectDocumented(crossSite, template, method);
        const other = await call(app.origin, path, { method: "PATCH" });
        expect(other.status, `PATCH ${path}`).toBe(405);
        expectDocumented(other, template, method);
      }
    }
  });

  it("a name given twice in a query is refused, not one of its values dropped", async () => {
    const res = await call(app.origin, "/api/v1/assets?network=tron&network=bitcoin");
    expect(res.status, res.raw).toBe(400);
    expect(res.json).toMatchObject({
      error: { code: "validation_error", details: { fields: { network: "given more than once" } } },
    });
    expectDocumented(res, "/api/v1/assets", "get");
  });
});

describe("the operator dashboard's routes, checked against the document", () => {
  it("login, the swap list, one swap, the CSV, the summary, the webhook log and logout answer as documented", async () => {
    const anonymous = await call(app.origin, "/api/partner/swaps");
    expect(anonymous.status).toBe(401);
    expectDocumented(anonymous, "/api/partner/swaps", "get");
    const wrong = await postJson(app.origin, "/api/partner/session", { password: "not it" });
    expect(wrong.status).toBe(401);
    expectDocumented(wrong, "/api/partner/session", "post");

    const login = await postJson(app.origin, "/api/partner/session", { password: OPERATOR_PASSWORD });
    expect(login.status, login.raw).toBe(200);
    expectDocumented(login, "/api/partner/session", "post");
    const cookie = (login.header("set-cookie") ?? "")
      .split(",")
      .map((c) => c.split(";")[0]!.trim())
      .find((c) => c.startsWith("swap_dashboard="))!;
    const headers = { cookie };

    expect((await postJson(app.origin, "/api/sandbox/seed", { count: 3 })).status).toBe(200);
    let list: HttpResult;
    for (const until = Date.now() + 30_000; ;) {
      list = await call(app.origin, "/api/partner/swaps?limit=5", { headers });
      if ((list.json as { total?: number }).total || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(list.status, list.raw).toBe(200);
    expectDocumented(list, "/api/partner/swaps", "get");
    const id = (list.json as { swaps: Array<{ id: string }> }).swaps[0]!.id;

    const reads: Array<[string, string]> = [
      [`/api/partner/swaps/${id}`, "/api/partner/swaps/{id}"],
      ["/api/partner/swaps.csv?status=waiting_deposit,completed", "/api/partner/swaps.csv"],
      ["/api/partner/summary", "/api/partner/summary"],
      ["/api/partner/funnel?groupBy=day", "/api/partner/funnel"],
      ["/api/partner/funnel.csv?groupBy=pair", "/api/partner/funnel.csv"],
      ["/api/partner/volume", "/api/partner/volume"],
      ["/api/partner/webhooks?limit=10", "/api/partner/webhooks"],
      ["/api/partner/swaps?limit=1000", "/api/partner/swaps"],
      ["/api/partner/webhooks", "/api/partner/webhooks"],
    ];
    for (const [url, path] of reads) {
      const res = await call(app.origin, url, { headers });
      expect(res.status, `${url}: ${res.raw.slice(0, 300)}`).toBeLessThan(500);
      expectDocumented(res, path, "get");
    }
    const redeliver = await postJson(
      app.origin,
      `/api/partner/webhooks/msg_${"0".repeat(32)}/redeliver`,
      {},
      { headers },
    );
    expect(redeliver.status, redeliver.raw).toBe(404);
    expectDocumented(redeliver, "/api/partner/webhooks/{id}/redeliver", "post");

    const logout = await call(app.origin, "/api/partner/session", { method: "DELETE", headers });
    expect(logout.status).toBe(204);
    expectDocumented(logout, "/api/partner/session", "delete");
  });
});
