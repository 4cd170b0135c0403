// The browser-facing routes in upstream mode: the key, logos, no sandbox controls, widget configs, a rejected key.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { swapCreatedSchema } from "@/lib/schema/bff";
import { assetListSchema, swapSchema } from "@/lib/schema/partner";
import type { WidgetConfig } from "@/lib/schema/widget";
import { signConfig, widgetConfigKey } from "../support/widget-config";
import { call, expectError, postJson } from "./requests";
import {
  BTC_ADDRESS,
  TRON_ADDRESS,
  TRON_ADDRESS_2,
  btcToUsdtTron,
  createSwap,
  newSwap,
  quote,
  swapBody,
} from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET, NO_LIMITS } from "./fixtures";

describe("in upstream mode", () => {
  const key = "lsk_test_routes_upstream_key";
  let upstream: Upstream;
  let app: RunningApp;

  beforeAll(async () => {
    upstream = await startUpstream({ SANDBOX_API_KEY: key, SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });
    app = await startApp({ PARTNER_API_BASE_URL: upstream.baseUrl, PARTNER_API_KEY: key, APP_SECRET, ...NO_LIMITS });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  it("walks quote → swap → status against the upstream with the configured key", async () => {
    const created = await newSwap(app.origin);
    const res = await call(app.origin, `/api/v1/swap/${created.swap.id}`, {
      headers: { "x-swap-token": created.accessToken },
    });
    expect(res.status, res.raw).toBe(200);
    expect(swapSchema.parse(res.json).id).toBe(created.swap.id);
    expect(upstream.count("POST", "/v1/quote")).toBeGreaterThan(0);
    expect(upstream.count("POST", "/v1/swap")).toBeGreaterThan(0);
    expect(new Set(upstream.seen.map((s) => s.apiKey))).toEqual(new Set([key]));
  });

  it("resolves relative logo paths against the upstream and lets pages load images from there", async () => {
    const list = assetListSchema.parse((await call(app.origin, "/api/v1/assets?symbol=BTC")).json);
    expect(list.assets[0]!.logoUrl).toBe(`${upstream.origin}/token/btc.svg`);
    const csp = (await call(app.origin, "/")).header("content-security-policy") ?? "";
    expect(/img-src[^;]*/.exec(csp)?.[0]).toContain(upstream.origin);
  });

  it("answers ready with 200 when the upstream answers", async () => {
    const res = await call(app.origin, "/api/ready");
    expect(res.status, res.raw).toBe(200);
    expect(res.json).toMatchObject({ status: "ready", upstream: "ok" });
  });

  it("answers the embedded sandbox's controls with 404 not_found", async () => {
    const created = await newSwap(app.origin);
    const swapsBefore = upstream.count("POST", /^\/sandbox\//);
    expectError(
      await postJson(
        app.origin,
        `/api/sandbox/swaps/${created.swap.id}/deposit`,
        {},
        { headers: { "x-swap-token": created.accessToken } },
      ),
      404,
      "not_found",
    );
    expectError(await postJson(app.origin, "/api/sandbox/seed", { count: 1 }), 404, "not_found");
    // Whatever the method or the body: nothing tells a stranger the controls exist here.
    for (const path of ["/api/sandbox/seed", `/api/sandbox/swaps/${created.swap.id}/deposit`]) {
      for (const method of ["GET", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"])
        expectError(await call(app.origin, path, { method }), 404, "not_found");
      expectError(await postJson(app.origin, path, { count: "not a number" }), 404, "not_found");
    }
    expect(upstream.count("POST", /^\/sandbox\//)).toBe(swapsBefore);
    const res = await call(app.origin, `/api/v1/swap/${created.swap.id}`, {
      headers: { "x-swap-token": created.accessToken },
    });
    expect(swapSchema.parse(res.json).status).toBe("waiting_deposit");
  });

  describe("a signed widget config (x-widget-config)", () => {
    // Signed as a partner's server would, from the documented recipe (tests/support/widget-config.ts).
    const widgetKey = widgetConfigKey(APP_SECRET);
    const sign = (config: WidgetConfig) => signConfig(config, widgetKey);
    const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;

    it("is the only source of externalId and customerId, and they reach the swap", async () => {
      const header = {
        "x-widget-config": sign({ exp: inTenMinutes(), externalId: "shop-order-42", customerId: "cust-7" }),
      };
      const q = await quote(app.origin, btcToUsdtTron(), { headers: header });
      expect(q.externalId).toBe("shop-order-42");
      const res = await createSwap(app.origin, swapBody(q.id), crypto.randomUUID(), { headers: header });
      expect(res.status, res.raw).toBe(200);
      expect(swapCreatedSchema.parse(res.json).swap).toMatchObject({
        externalId: "shop-order-42",
        customerId: "cust-7",
      });
    });

    it("refuses an unsigned, tampered, re-signed or expired config with 400 validation_error and asks nothing upstream", async () => {
      const genuine = sign({ exp: inTenMinutes(), customerId: "cust-7" });
      const [, signature] = genuine.split(".");
      const forgedPayload = Buffer.from(JSON.stringify({ exp: inTenMinutes(), customerId: "cust-attacker" })).toString(
        "base64url",
      );
      const otherKey = widgetConfigKey("another-secret-0123456789-abcdefghijklmnop");
      const configs = [
        "not-a-config",
        forgedPayload,
        `${forgedPayload}.${signature}`,
        signConfig({ exp: inTenMinutes(), customerId: "cust-attacker" }, otherKey),
        sign({ exp: Math.floor(Date.now() / 1000) - 1, customerId: "cust-7" }),
      ];
      const quotes = upstream.count("POST", "/v1/quote");
      for (const config of configs) {
        expectError(
          await postJson(app.origin, "/api/v1/quote", btcToUsdtTron(), { headers: { "x-widget-config": config } }),
          400,
          "validation_error",
        );
      }
      expect(upstream.count("POST", "/v1/quote")).toBe(quotes);
    });

    it("holds a quote made under a locked destination to that destination, even when the swap call leaves the config out", async () => {
      const header = {
        "x-widget-config": sign({ exp: inTenMinutes(), customerId: "cust-9", destination: { address: TRON_ADDRESS } }),
      };
      const q = await quote(app.origin, btcToUsdtTron(), { headers: header });
      const swaps = await upstream.swapTotal();
      expectError(
        await createSwap(app.origin, swapBody(q.id, TRON_ADDRESS_2), crypto.randomUUID(), { headers: header }),
        400,
        "validation_error",
      );
      expectError(await createSwap(app.origin, swapBody(q.id, TRON_ADDRESS_2)), 400, "validation_error");
      expect(await upstream.swapTotal()).toBe(swaps);
      // Nor by another config the partner signed (anyone's own, say) that locks another address.
      const other = { "x-widget-config": sign({ exp: inTenMinutes(), destination: { address: TRON_ADDRESS_2 } }) };
      expectError(
        await createSwap(app.origin, swapBody(q.id, TRON_ADDRESS_2), crypto.randomUUID(), { headers: other }),
        400,
        "validation_error",
      );
      const unlocked = { "x-widget-config": sign({ exp: inTenMinutes() }) };
      expectError(
        await createSwap(app.origin, swapBody(q.id, TRON_ADDRESS_2), crypto.randomUUID(), { headers: unlocked }),
        400,
        "validation_error",
      );
      expect(await upstream.swapTotal()).toBe(swaps);
      const res = await createSwap(app.origin, swapBody(q.id, TRON_ADDRESS), crypto.randomUUID(), { headers: header });
      expect(res.status, res.raw).toBe(200);
      expect(swapCreatedSchema.parse(res.json).swap.payout.address).toBe(TRON_ADDRESS);
    });

    it("refuses the swap of a quote whose config has expired since, with or without the config header", async () => {
      const expiring = {
        "x-widget-config": sign({ exp: Math.floor(Date.now() / 1000) + 2, externalId: "shop-order-77" }),
      };
      const q = await quote(app.origin, btcToUsdtTron(), { headers: expiring });
      await new Promise((r) => setTimeout(r, 3_000));
      const swaps = await upstream.swapTotal();
      const refused = await createSwap(app.origin, swapBody(q.id), crypto.randomUUID());
      expectError(refused, 400, "validation_error");
      expect(refused.json).toMatchObject({ error: { details: { fields: { "x-widget-config": "expired" } } } });
      expectError(
        await createSwap(app.origin, swapBody(q.id), crypto.randomUUID(), { headers: expiring }),
        400,
        "validation_error",
      );
      expect(await upstream.swapTotal()).toBe(swaps);
    });
  });

  it("answers a swap on an expired quote with 400 quote_expired", async () => {
    const q = await quote(app.origin);
    upstream.sandbox.clock.advance(181_000);
    expectError(await createSwap(app.origin, swapBody(q.id)), 400, "quote_expired");
  });

  it("answers 503 service_unavailable, with no hint about the key, when the upstream rejects the key", async () => {
    upstream.use({ SANDBOX_API_KEY: "lsk_test_some_other_key", SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });
    const answers = [
      await postJson(app.origin, "/api/v1/quote", btcToUsdtTron()),
      await postJson(app.origin, "/api/v1/address", { network: "bitcoin", token: "BTC", address: BTC_ADDRESS }),
      await createSwap(app.origin, swapBody(`pq_${"1".repeat(24)}`)),
    ];
    for (const res of answers) {
      expectError(res, 503, "service_unavailable");
      expect(res.raw).not.toContain(key);
      expect(res.raw).not.toMatch(/invalid_api_key|inactive_partner|api[ _-]?key|x-api-key/i);
    }
    expect(app.logs()).toMatch(/REJECTED OUR API KEY/);
  });
});

describe("in upstream mode with an inactive partner key", () => {
  let upstream: Upstream;
  let app: RunningApp;

  beforeAll(async () => {
    upstream = await startUpstream();
    app = await startApp({
      PARTNER_API_BASE_URL: upstream.baseUrl,
      PARTNER_API_KEY: "lsk_test_inactive",
      APP_SECRET,
      ...NO_LIMITS,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  it("answers every upstream call with 503 service_unavailable and is not ready", async () => {
    const answers = [
      await call(app.origin, "/api/v1/assets"),
      await postJson(app.origin, "/api/v1/quote", btcToUsdtTron()),
      await createSwap(app.origin, swapBody(`pq_${"1".repeat(24)}`)),
    ];
    for (const res of answers) {
      expectError(res, 503, "service_unavailable");
      expect(res.raw).not.toMatch(/lsk_test_inactive|inactive_partner|api[ _-]?key/i);
    }
    expect(upstream.seen.length).toBeGreaterThan(0);
    const ready = await call(app.origin, "/api/ready");
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ status: "unavailable", upstream: "unavailable" });
    expect(ready.raw).not.toMatch(/inactive_partner|api[ _-]?key/i);
    // The public probe says only "unavailable"; the partner's log says why.
    expect(app.logs()).toMatch(/readiness: UPSTREAM REJECTED OUR API KEY \(inactive_partner\)/);
    expect((await call(app.origin, "/api/health")).status).toBe(200);
  });
});
