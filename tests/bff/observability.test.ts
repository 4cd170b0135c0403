// What an operator sees of `npm start` (docs/observability.md): metrics moving, bounded labels, traces, JSON logs.
import { describe, expect, it } from "vitest";
import { apiRoutePatterns, OTHER_ROUTE } from "@/lib/observability/routes";
import { errorCodes } from "@/lib/schema/codes";
import type { OtlpReceiver, ReceivedSpan } from "../support/otlp";
import type { RunningApp } from "../support/servers";
import { call, expectError, postJson } from "./requests";
import { btcToUsdtTron, createSwap, quote, swapBody } from "./checkout";
import type { Upstream } from "./upstream";
import { forBlock } from "./fixtures";
import { TOKEN, auth, observedAppFixture, parseSeries, total, type Series } from "./observed-app";

describe("metrics, traces and logs of a running app", () => {
  let upstream: Upstream;
  let app: RunningApp;
  let collector: OtlpReceiver;
  const running = forBlock(observedAppFixture(), (started) => ({ upstream, app, collector } = started));

  const scrape = async () => {
    const res = await call(app.origin, "/api/metrics", { headers: auth });
    expect(res.status, res.raw.slice(0, 500)).toBe(200);
    expect(res.header("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.text, series: parseSeries(res.text) };
  };

  it("answers 404 to a missing or wrong token, and Prometheus text to the right one", async () => {
    expectError(await call(app.origin, "/api/metrics"), 404, "not_found");
    expectError(
      await call(app.origin, "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } }),
      404,
      "not_found",
    );
    expectError(
      await call(app.origin, "/api/metrics", { headers: { authorization: `Bearer ${TOKEN.slice(0, 16)}` } }),
      404,
      "not_found",
    );
    expectError(await call(app.origin, "/api/metrics", { headers: { authorization: TOKEN } }), 404, "not_found");
    const { text } = await scrape();
    for (const family of [
      "swap_checkout_http_requests_total",
      "swap_checkout_http_request_duration_seconds",
      "swap_checkout_upstream_requests_total",
      "swap_checkout_upstream_request_duration_seconds",
      "swap_checkout_budget_spent_total",
      "swap_checkout_budget_per_minute",
      "swap_checkout_budget_refused_total",
      "swap_checkout_swaps_created_total",
      "swap_checkout_status_age_seconds",
      "swap_checkout_webhook_deliveries_total",
      "swap_checkout_webhook_backlog",
      "swap_checkout_funnel_steps_dropped_total",
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
  });

  it("moves each family when its event happens", async () => {
    const client = { localAddress: "127.0.0.21" };
    const before = (await scrape()).series;

    const q = await quote(app.origin, btcToUsdtTron(), client);
    const key = crypto.randomUUID();
    const created = await createSwap(app.origin, swapBody(q.id), key, client);
    expect(created.status, created.raw).toBe(200);
    const { swap, accessToken } = created.json as { swap: { id: string }; accessToken: string };
    expect((await createSwap(app.origin, swapBody(q.id), key, client)).header("idempotent-replayed")).toBe("true");
    const read = await call(app.origin, `/api/v1/swap/${swap.id}`, {
      headers: { "x-swap-token": accessToken },
      localAddress: "127.0.0.21",
    });
    expect(read.status, read.raw).toBe(200);
    running.failNextQuote(
      Response.json({ error: { code: "provider_unavailable", message: "down", details: {} } }, { status: 503 }),
    );
    expectError(await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), client), 503, "provider_unavailable");
    // A client past its share of the key (10 calls a minute here).
    const flood = { localAddress: "127.0.0.22" };
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), flood)).status);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);

    const after = (await scrape()).series;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);
    expect(delta("swap_checkout_http_requests_total", { route: "/api/v1/quote", method: "POST", status: "200" })).toBe(
      11,
    );
    expect(delta("swap_checkout_http_requests_total", { route: "/api/v1/quote", method: "POST", status: "503" })).toBe(
      1,
    );
    expect(delta("swap_checkout_http_requests_total", { route: "/api/v1/quote", method: "POST", status: "429" })).toBe(
      1,
    );
    expect(delta("swap_checkout_http_requests_total", { route: "/api/v1/swap", method: "POST", status: "200" })).toBe(
      2,
    );
    expect(
      delta("swap_checkout_http_requests_total", { route: "/api/v1/swap/[id]", method: "GET", status: "200" }),
    ).toBe(1);
    expect(delta("swap_checkout_http_request_duration_seconds_count", { route: "/api/v1/quote", method: "POST" })).toBe(
      13,
    );
    expect(delta("swap_checkout_upstream_requests_total", { operation: "createQuote", outcome: "ok" })).toBe(11);
    expect(
      delta("swap_checkout_upstream_requests_total", { operation: "createQuote", outcome: "provider_unavailable" }),
    ).toBe(1);
    expect(delta("swap_checkout_upstream_requests_total", { operation: "createSwap", outcome: "ok" })).toBe(1);
    expect(delta("swap_checkout_upstream_request_duration_seconds_count", { operation: "createQuote" })).toBe(12);
    expect(delta("swap_checkout_budget_spent_total", { class: "quote" })).toBeGreaterThanOrEqual(12);
    expect(delta("swap_checkout_budget_spent_total", { class: "create" })).toBeGreaterThanOrEqual(1);
    expect(delta("swap_checkout_budget_refused_total", { class: "quote", reason: "client_share" })).toBe(1);
    expect(total(after, "swap_checkout_budget_per_minute")).toBe(100000);
    expect(delta("swap_checkout_swaps_created_total")).toBe(1);
    expect(delta("swap_checkout_status_age_seconds_count")).toBe(1);
  });

  it("counts webhook attempts by outcome, and the backlog while the receiver fails", async () => {
    // Earlier events (the swaps above) delivered first: a later failure's retry is then seconds away.
    await expect
      .poll(async () => total((await scrape()).series, "swap_checkout_webhook_backlog"), {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(0);
    running.webhookStatus = 503;
    const before = (await scrape()).series;
    const q = await quote(app.origin, btcToUsdtTron(), { localAddress: "127.0.0.23" });
    expect(
      (await createSwap(app.origin, swapBody(q.id), crypto.randomUUID(), { localAddress: "127.0.0.23" })).status,
    ).toBe(200);
    const delta = (series: Series[], outcome: string) =>
      total(series, "swap_checkout_webhook_deliveries_total", { outcome }) -
      total(before, "swap_checkout_webhook_deliveries_total", { outcome });
    await expect
      .poll(async () => delta((await scrape()).series, "retrying"), { timeout: 15_000, interval: 250 })
      .toBeGreaterThanOrEqual(1);
    expect(total((await scrape()).series, "swap_checkout_webhook_backlog")).toBeGreaterThanOrEqual(1);
    running.webhookStatus = 204;
    // The first retry comes 2.5 to 5 s after the failure.
    await expect
      .poll(async () => total((await scrape()).series, "swap_checkout_webhook_backlog"), {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(0);
    expect(delta((await scrape()).series, "delivered")).toBeGreaterThanOrEqual(1);
  });

  it("keeps every label to a closed set, whatever ids, addresses and clients the requests carry", async () => {
    const randomId = () =>
      Array.from(
        crypto.getRandomValues(new Uint8Array(12)),
        (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 36],
      ).join("");
    const ids = Array.from({ length: 150 }, randomId);
    const tokens = ids.map(() => crypto.randomUUID());
    const paths = ids.slice(0, 60).map((id) => `/api/v1/${id.toLowerCase()}/${crypto.randomUUID()}`);
    const addresses = ids.slice(0, 40).map((id) => `T${id}${id.slice(0, 8)}abcdefghijkl`.slice(0, 34));
    const clients = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 10}`);
    for (const [i, id] of ids.entries()) {
      await call(app.origin, `/api/v1/swap/${id}`, {
        headers: { "x-swap-token": tokens[i]! },
        localAddress: clients[i % clients.length],
      });
    }
    for (const path of paths) await call(app.origin, path);
    for (const [i, address] of addresses.entries()) {
      await postJson(
        app.origin,
        "/api/v1/address",
        { network: "tron", token: "USDT", address },
        { localAddress: clients[i] },
      );
    }
    await call(app.origin, `/api/partner/swaps?q=${addresses[0]}`);

    const { text, series } = await scrape();
    const allowed: Record<string, ReadonlySet<string>> = {
      route: new Set([...apiRoutePatterns, OTHER_ROUTE]),
      method: new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER"]),
      operation: new Set(["listAssets", "validateAddress", "createQuote", "createSwap", "getSwap", "listSwaps"]),
      class: new Set(["create", "quote", "refresh", "status", "assets", "dashboard", "urgent"]),
      reason: new Set(["client_share", "window_full", "paused"]),
      step: new Set(["quote", "address", "quote_expired", "quote_taken", "rate_limited"]),
    };
    const funnelReasons = new Set([
      "queue_full",
      "ledger_unavailable",
      "ledger_timeout",
      "ledger_error",
      "unknown_order",
    ]);
    const upstreamOutcomes = new Set<string>(["ok", "timeout", "network", "malformed", "aborted", ...errorCodes]);
    const webhookOutcomes = new Set(["delivered", "retrying", "failed"]);
    const ours = series.filter((s) => s.name.startsWith("swap_checkout_"));
    expect(ours.length).toBeGreaterThan(20);
    for (const s of ours) {
      for (const [label, value] of Object.entries(s.labels)) {
        const where = `${s.name}{${label}="${value}"}`;
        if (label === "status") expect(value, where).toMatch(/^[1-5]\d\d$/);
        else if (label === "le") expect(value, where).toMatch(/^(\d+(\.\d+)?(e[+-]?\d+)?|\+Inf)$/);
        else if (label === "outcome")
          expect((s.name.includes("webhook") ? webhookOutcomes : upstreamOutcomes).has(value), where).toBe(true);
        else if (label === "reason" && s.name.includes("funnel")) expect(funnelReasons.has(value), where).toBe(true);
        else expect(allowed[label]?.has(value), where).toBe(true);
      }
    }
    // However many paths, the catch-all is one route; however many ids, the swap read is one.
    expect(
      new Set(ours.filter((s) => s.name === "swap_checkout_http_requests_total").map((s) => s.labels.route)).size,
    ).toBeLessThan(15);
    for (const needle of [
      ...ids,
      ...tokens,
      ...addresses,
      ...clients,
      ...paths,
      TOKEN,
      upstream.sandbox.options.apiKey,
    ]) {
      expect(text.includes(needle), needle).toBe(false);
    }
  });

  it("traces a request as a server span continuing the caller's traceparent, with its upstream call as a client span", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parentId = "00f067aa0ba902b7";
    const res = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), {
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
      localAddress: "127.0.0.24",
    });
    expect(res.status, res.raw).toBe(200);
    const ofTrace = () => collector.spans.filter((s) => s.traceId === traceId);
    await expect.poll(() => ofTrace().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const server = ofTrace().find((s) => s.kind === 2);
    expect(server).toMatchObject({
      name: "POST /api/v1/quote",
      parentSpanId: parentId,
      attributes: {
        "http.request.method": "POST",
        "http.route": "/api/v1/quote",
        "http.response.status_code": 200,
        "swap_checkout.request_id": res.header("x-request-id"),
      },
      resource: { "service.name": "checkout-under-test" },
    });
    const client = ofTrace().find((s) => s.kind === 3 && s.name === "POST /v1/quote");
    expect(client).toMatchObject({
      parentSpanId: server!.spanId,
      attributes: {
        "http.request.method": "POST",
        "http.response.status_code": 200,
        "swap_checkout.upstream.operation": "createQuote",
      },
    });
    // The upstream got the trace on, as the client span's child.
    expect(running.upstreamTraceparents).toContain(`00-${traceId}-${client!.spanId}-01`);
    // The exporter spoke protobuf (the default) and passed on OTEL_EXPORTER_OTLP_HEADERS.
    expect(collector.requests.every((r) => r.path === "/v1/traces" && r.contentType === "application/x-protobuf")).toBe(
      true,
    );
    expect(collector.requests.every((r) => r.headers["x-collector-token"] === "collector-secret")).toBe(true);
  });

  it("starts a new trace for a request without traceparent, and marks a failed upstream call", async () => {
    running.failNextQuote(
      Response.json({ error: { code: "internal_error", message: "boom", details: {} } }, { status: 500 }),
    );
    const res = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { localAddress: "127.0.0.25" });
    expect(res.status).toBe(503);
    const requestId = res.header("x-request-id");
    const server = () =>
      collector.spans.find((s) => s.kind === 2 && s.attributes["swap_checkout.request_id"] === requestId);
    await expect.poll(() => server(), { timeout: 15_000 }).toBeDefined();
    expect(server()).toMatchObject({ parentSpanId: "", status: 2, attributes: { "http.response.status_code": 503 } });
    const failed = collector.spans.filter((s) => s.traceId === server()!.traceId && s.kind === 3);
    expect(failed).toEqual([
      expect.objectContaining({
        status: 2,
        attributes: expect.objectContaining({
          "http.response.status_code": 500,
          "swap_checkout.upstream.outcome": "internal_error",
          "error.type": "internal_error",
        }),
      }),
    ]);
  });

  it("puts no key, token or client address in any span", async () => {
    await expect.poll(() => collector.spans.length, { timeout: 10_000 }).toBeGreaterThan(5);
    const values = (s: ReceivedSpan) =>
      [s.name, ...Object.values(s.attributes), ...Object.values(s.resource)].map(String);
    const seen = collector.spans.flatMap(values).join("\n");
    const raw = Buffer.concat(collector.requests.map((r) => r.body)).toString("latin1");
    for (const needle of [upstream.sandbox.options.apiKey, "127.0.0.2", "127.0.1.", TOKEN, "collector-secret"]) {
      expect(seen, needle).not.toContain(needle);
      expect(raw, needle).not.toContain(needle);
    }
  });

  it("writes every log line as one JSON object with level, time and msg, the request's id and the swap's", async () => {
    const res = await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), {
      localAddress: "127.0.0.26",
      headers: { "x-request-id": "req-obs-log-1" },
    });
    expect(res.status).toBe(200);
    running.failNextQuote(
      Response.json({ error: { code: "provider_unavailable", message: "down", details: {} } }, { status: 503 }),
    );
    await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), {
      localAddress: "127.0.0.26",
      headers: { "x-request-id": "req-obs-log-2" },
    });
    const lines = () =>
      app
        .logs()
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            throw new Error(`a log line that is not JSON: ${line}`);
          }
        });
    await expect.poll(() => lines().some((l) => l.requestId === "req-obs-log-2"), { timeout: 5_000 }).toBe(true);
    for (const line of lines()) {
      expect(line, JSON.stringify(line)).toMatchObject({
        level: expect.any(String),
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        msg: expect.any(String),
      });
    }
    expect(lines()).toContainEqual(
      expect.objectContaining({
        level: "warn",
        requestId: "req-obs-log-2",
        msg: expect.stringMatching(/^\[bff\] upstream unavailable/),
      }),
    );
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: "[bff] swap created",
        swapId: expect.stringMatching(/^[A-Z0-9]{12}$/),
        requestId: expect.any(String),
      }),
    );
    expect(lines()).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^Swap Checkout ready on/) }));
    const traced = lines().find((l) => l.requestId === "req-obs-log-2");
    expect(traced?.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
