// Metrics, traces and logs below HTTP (lib/observability): route patterns, the metrics token,
// the tracing variables, log lines and their redaction, the budget's families, and the shipped
// Grafana dashboard and Prometheus alerts naming only metrics that exist.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spendBudget } from "@/lib/bff/upstream/budget";
import { createQuote } from "@/lib/bff/quotes";
import { readiness } from "@/lib/bff/boot/readiness";
import { isConfigError, loadConfig, type ConfigError } from "@/lib/config";
import { tracingSettings } from "@/lib/observability/env";
import { log } from "@/lib/observability/log";
import { configureLogger, processLogger, requestContext } from "@/lib/observability/logger.mjs";
import { metrics, metricsAllowed, metricsText } from "@/lib/observability/metrics";
import { OTHER_ROUTE, apiRoutePatterns, routePatternOf, swapIdOf } from "@/lib/observability/routes";
import { outcomeOf, upstreamAnsweredWithin } from "@/lib/observability/upstream";
import { PartnerError } from "@/lib/partner/errors";
import { resetProcessSingleton } from "@/lib/process-singleton";
import { logLinesOf } from "../support/log-lines";
import { repoRoot } from "../support/servers";
import { setUpBff, tearDownBff } from "./bff-harness";

const TOKEN = "unit-metrics-token-0123456789";

afterEach(tearDownBff);

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [`/${relative(join(repoRoot, "app"), dir)}`] : [];
  });
}

describe("route patterns", () => {
  it("lists every route under app/api", () => {
    const served = routeFiles(join(repoRoot, "app/api"));
    expect(served.length).toBeGreaterThan(15);
    for (const pattern of served) expect(apiRoutePatterns, pattern).toContain(pattern);
  });

  it.each([
    ["/api/v1/swap/ABCDEF123456", "/api/v1/swap/[id]"],
    ["/api/v1/swap/..%2F..%2Fasset", "/api/v1/swap/[id]"],
    ["/api/v1/swap", "/api/v1/swap"],
    ["/api/partner/swaps.csv", "/api/partner/swaps.csv"],
    ["/api/partner/swaps/ABCDEF123456", "/api/partner/swaps/[id]"],
    ["/api/partner/webhooks/wh_1/redeliver", "/api/partner/webhooks/[id]/redeliver"],
    ["/api/sandbox/swaps/ABCDEF123456/deposit", "/api/sandbox/swaps/[id]/deposit"],
    ["/api/v1/swap/ABCDEF123456/extra", "/api/[[...path]]"],
    ["/api/v1/keys", "/api/[[...path]]"],
    ["/api", "/api/[[...path]]"],
    ["/not-api", OTHER_ROUTE],
  ])("names %s by its pattern %s", (path, pattern) => {
    expect(routePatternOf(path)).toBe(pattern);
  });

  it("finds the swap id of a swap's route, and only a real one", () => {
    expect(swapIdOf("/api/v1/swap/[id]", "/api/v1/swap/ABCDEF123456")).toBe("ABCDEF123456");
    expect(swapIdOf("/api/sandbox/swaps/[id]/deposit", "/api/sandbox/swaps/ABCDEF123456/deposit")).toBe("ABCDEF123456");
    expect(swapIdOf("/api/v1/swap/[id]", "/api/v1/swap/not-an-id")).toBeUndefined();
    expect(
      swapIdOf("/api/partner/webhooks/[id]/redeliver", "/api/partner/webhooks/ABCDEF123456/redeliver"),
    ).toBeUndefined();
  });
});

describe("the metrics token", () => {
  const allowed = (env: Record<string, string>, authorization: string | null) => {
    setUpBff(env);
    return metricsAllowed(authorization);
  };

  it("opens the metrics to the configured bearer token only", () => {
    expect(allowed({}, `Bearer ${TOKEN}`)).toBe(false);
    expect(allowed({ METRICS_TOKEN: TOKEN }, null)).toBe(false);
    expect(allowed({ METRICS_TOKEN: TOKEN }, `Bearer ${TOKEN}x`)).toBe(false);
    expect(allowed({ METRICS_TOKEN: TOKEN }, `Bearer ${TOKEN.slice(0, -1)}`)).toBe(false);
    expect(allowed({ METRICS_TOKEN: TOKEN }, TOKEN)).toBe(false);
    expect(allowed({ METRICS_TOKEN: TOKEN }, `Basic ${TOKEN}`)).toBe(false);
    expect(allowed({ METRICS_TOKEN: TOKEN }, `Bearer ${TOKEN}`)).toBe(true);
    expect(allowed({ METRICS_TOKEN: TOKEN }, `bearer ${TOKEN}`)).toBe(true);
  });

  it("counts nothing while no token is set", () => {
    setUpBff();
    expect(metrics()).toBeNull();
    setUpBff({ METRICS_TOKEN: TOKEN });
    expect(metrics()).not.toBeNull();
  });
});

describe("configuration", () => {
  const base = { NODE_ENV: "test" };
  const lines = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(isConfigError(error)).toBe(true);
      return (error as ConfigError).lines;
    }
    return [];
  };

  it("names each observability variable that is wrong, without showing a token", () => {
    expect(lines({ METRICS_TOKEN: "short-token" })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: must be at least 16 characters$/),
    ]);
    expect(lines({ LOG_LEVEL: "loud" })).toEqual([expect.stringMatching(/^LOG_LEVEL: must be one of/)]);
    expect(lines({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/),
    ]);
    expect(lines({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_PROTOCOL: .*gRPC is not supported/),
    ]);
    expect(lines({ OTEL_SDK_DISABLED: "yes" })).toEqual([
      expect.stringMatching(/^OTEL_SDK_DISABLED: must be true or false/),
    ]);
    expect(
      lines({ METRICS_TOKEN: TOKEN, LOG_LEVEL: "debug", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }),
    ).toEqual([]);
  });

  it("turns tracing on only with an OTLP endpoint, protobuf by default, as swap-checkout by default", () => {
    const settings = (env: Record<string, string>) => tracingSettings(loadConfig({ ...base, ...env }));
    expect(settings({})).toBeNull();
    expect(settings({ OTEL_SERVICE_NAME: "shop" })).toBeNull();
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toEqual({
      url: "http://collector:4318/v1/traces",
      protocol: "http/protobuf",
      serviceName: "swap-checkout",
    });
    expect(
      settings({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example/otlp/spans",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: "shop-checkout",
      }),
    ).toEqual({ url: "https://traces.example/otlp/spans", protocol: "http/json", serviceName: "shop-checkout" });
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBeNull();
  });
});

describe("log lines", () => {
  it("are one JSON object each, with level, time and msg, and the request's ids from its context", async () => {
    const logger = processLogger();
    const lines = await logLinesOf(() => {
      logger.info("outside any request");
      requestContext().run({ log: { requestId: "req_unit_1", swapId: "ABCDEF123456" } }, () =>
        logger.warn({ extra: 1 }, "[bff] inside"),
      );
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "outside any request",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
      expect.objectContaining({
        level: "warn",
        msg: "[bff] inside",
        requestId: "req_unit_1",
        swapId: "ABCDEF123456",
        extra: 1,
      }),
    ]);
    expect(lines[0]).not.toHaveProperty("requestId");
  });

  it("never carry a configured secret or anything shaped like a key, in any field or encoding", async () => {
    const secret = "lsk_live_unitcanary0123456789";
    const password = 'dash"board\\password';
    configureLogger({ level: "info", secrets: [secret, password] });
    const logger = processLogger();
    const lines = await logLinesOf(() => {
      logger.warn(
        { nested: { key: secret, list: [Buffer.from(secret).toString("base64")] }, password },
        `refused ${secret}`,
      );
      logger.error(
        { url: `https://x.example/?k=${encodeURIComponent(secret)}`, hex: Buffer.from(secret).toString("hex") },
        "another lsk_test_other_key_1 here",
      );
    });
    const text = JSON.stringify(lines);
    expect(lines).toHaveLength(2);
    for (const form of [
      secret,
      Buffer.from(secret).toString("base64"),
      Buffer.from(secret).toString("hex"),
      "lsk_test_other_key_1",
      "board",
    ]) {
      expect(text).not.toContain(form);
    }
    expect(lines[0]!.msg).toBe("refused [redacted]");
  });

  it("follow LOG_LEVEL", async () => {
    setUpBff({ LOG_LEVEL: "warn" });
    resetProcessSingleton("logger-configured");
    try {
      const lines = await logLinesOf(() => {
        log().info("hidden");
        log().warn("shown");
      });
      expect(lines.map((l) => l.msg)).toEqual(["shown"]);
    } finally {
      resetProcessSingleton("logger-configured");
      configureLogger({ level: "info", secrets: [] });
    }
  });
});

/** The value of one series in Prometheus text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("the budget's families", () => {
  it("count calls spent and refused by class and reason, and the configured budget", async () => {
    setUpBff({ METRICS_TOKEN: TOKEN, PARTNER_RATE_LIMIT_PER_MINUTE: "40", CLIENT_BUDGET_SHARE: "0.05" });
    const before = (await metricsText()).body;
    await spendBudget("quote", 0, "client-a");
    await spendBudget("quote", 0, "client-a");
    await expect(spendBudget("quote", 0, "client-a")).rejects.toMatchObject({ code: "rate_limited" });
    for (let i = 0; i < 40; i++) await spendBudget("create", 0).catch(() => {});
    await expect(spendBudget("assets", 0)).rejects.toMatchObject({ code: "rate_limited" });
    const after = (await metricsText()).body;
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('swap_checkout_budget_spent_total{class="quote"}')).toBe(2);
    expect(delta('swap_checkout_budget_refused_total{class="quote",reason="client_share"}')).toBe(1);
    expect(delta('swap_checkout_budget_spent_total{class="create"}')).toBe(38);
    expect(delta('swap_checkout_budget_refused_total{class="create",reason="window_full"}')).toBe(2);
    expect(delta('swap_checkout_budget_refused_total{class="assets",reason="window_full"}')).toBe(1);
    expect(valueOf(after, "swap_checkout_budget_per_minute")).toBe(40);
  });
});

describe("upstream outcomes", () => {
  it("are ok, the upstream's code, timeout, network or malformed", () => {
    expect(outcomeOf(undefined)).toBe("ok");
    expect(outcomeOf(new PartnerError({ code: "provider_unavailable", message: "x", status: 503 }))).toBe(
      "provider_unavailable",
    );
    expect(outcomeOf(new PartnerError({ code: "upstream_timeout", message: "x" }))).toBe("timeout");
    expect(outcomeOf(new PartnerError({ code: "upstream_unreachable", message: "x" }))).toBe("network");
    expect(outcomeOf(new PartnerError({ code: "upstream_malformed", message: "x", status: 200 }))).toBe("malformed");
  });

  it("let /api/ready skip its probe while calls are answered", async () => {
    // No ledger (REDIS_URL without DATABASE_URL turns it off; the harness's store stays in memory):
    // opening one on a busy machine takes longer than this test may.
    const bff = setUpBff({ REDIS_URL: "redis://127.0.0.1:1" });
    await readiness("req-ready-first");
    expect(bff.count("GET", "/v1/asset")).toBe(1);
    // 40 s on, a quote answered a moment ago says the upstream is there: no probe.
    bff.advance(40_000);
    await createQuote(
      { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
      { requestId: "req-q", clientId: "unit" },
    );
    const probes = bff.count("GET", "/v1/asset");
    expect((await readiness("req-ready-second")).upstream).toBe("ok");
    expect(bff.count("GET", "/v1/asset")).toBe(probes);
    expect(upstreamAnsweredWithin(30_000)).toBe(true);
    bff.advance(30_001);
    expect(upstreamAnsweredWithin(30_000)).toBe(false);
  });
});

describe("the shipped dashboard and alerts", () => {
  it("name only metrics this app exports, and the dashboard is JSON Grafana can import", async () => {
    setUpBff({ METRICS_TOKEN: TOKEN });
    const exported = new Set(
      (await metricsText()).body
        .split("\n")
        .filter((l) => l.startsWith("# TYPE "))
        .map((l) => l.split(" ")[2]!),
    );
    const dashboardText = readFileSync(join(repoRoot, "docs/grafana-dashboard.json"), "utf8");
    const dashboard = JSON.parse(dashboardText) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(5);
    const alerts = readFileSync(join(repoRoot, "docs/prometheus-alerts.yml"), "utf8");
    const named = [
      ...`${dashboardText}\n${alerts}`.matchAll(/\b(swap_checkout_[a-z0-9_]+|process_[a-z0-9_]+|nodejs_[a-z0-9_]+)/g),
    ].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);
    for (const name of new Set(named)) expect(exported, name).toContain(name.replace(/_(bucket|sum|count)$/, ""));
    for (const title of ["budget", "upstream errors", "p95", "status age", "webhook backlog", "funnel steps lost"]) {
      expect(
        dashboard.panels.some((p) => p.title.toLowerCase().includes(title)),
        title,
      ).toBe(true);
    }
    for (const alert of [
      "SwapCheckoutBudgetNearlySpent",
      "SwapCheckoutUpstreamErrors",
      "SwapCheckoutWebhookBacklogGrowing",
      "SwapCheckoutNoQuotes",
      "SwapCheckoutFunnelStepsLost",
    ]) {
      expect(alerts).toContain(`alert: ${alert}`);
    }
  });
});
