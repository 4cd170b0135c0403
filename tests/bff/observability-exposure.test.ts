// What observability does not expose: /api/metrics without METRICS_TOKEN, and OpenTelemetry in the browser's bundle.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, startApp, type RunningApp } from "../support/servers";
import { call, expectError } from "./requests";
import { auth } from "./observed-app";

describe("GET /api/metrics without METRICS_TOKEN", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({});
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 404 not_found, as a path that does not exist, whatever is sent", async () => {
    for (const headers of [{}, auth, { authorization: "Bearer " }])
      expectError(await call(app.origin, "/api/metrics", { headers }), 404, "not_found");
    expectError(await call(app.origin, "/api/metrics", { method: "POST", headers: auth }), 404, "not_found");
    expectError(await call(app.origin, "/api/metrics?format=text", { headers: auth }), 404, "not_found");
  });
});

describe("the browser's bundle", () => {
  it("holds nothing of OpenTelemetry, prom-client or pino", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
      );
    const scripts = files(join(repoRoot, ".next/static")).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(5);
    const hits = scripts.filter((f) =>
      /opentelemetry|prom-client|\bpino\b|swap_checkout_http/.test(readFileSync(f, "utf8")),
    );
    expect(hits).toEqual([]);
  });
});
