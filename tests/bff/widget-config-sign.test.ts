// Signing a widget config on the embed page (POST /api/partner/widget-config) over real HTTP against
// the production build: only an operator with a session, only from this site, only a config the
// widget would accept, and signed with the `widget-config` key, never APP_SECRET itself. And the
// partner's brand variables: a bad one stops the start with one line naming it; good ones are shown.
import { createHmac, hkdfSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { call, expectError, postJson } from "./requests";
import { APP_SECRET, NO_CLIENT_LIMITS } from "./fixtures";
import { verifyWidgetConfig } from "@/lib/widget/config-codec";

const PASSWORD = "correct horse battery staple";
const PATH = "/api/partner/widget-config";
const widgetKey = Buffer.from(hkdfSync("sha256", APP_SECRET, "swap-checkout", "widget-config", 32));
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

let app: RunningApp;
let cookie: string;

beforeAll(async () => {
  app = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, APP_SECRET, ...NO_CLIENT_LIMITS });
  const login = await postJson(app.origin, "/api/partner/session", { password: PASSWORD });
  expect(login.status, login.raw).toBe(200);
  cookie = login.header("set-cookie")!.split(";")[0]!;
}, 180_000);
afterAll(() => app?.stop());

describe("POST /api/partner/widget-config", () => {
  it("signs for an operator with a session, with the widget-config key the widget verifies with", async () => {
    const body = { exp: inSeconds(3600), externalId: "order-42", customerId: "u_7", to: "USDT.tron" };
    const res = await postJson(app.origin, PATH, body, { headers: { cookie } });
    expect(res.status, res.raw).toBe(200);
    const { config, exp } = res.json as { config: string; exp: number };
    expect(exp).toBe(body.exp);
    expect(verifyWidgetConfig(config, widgetKey)).toEqual({ ok: true, config: body });
    // Not signed with APP_SECRET itself: that key must never sign anything a browser sees.
    const [payload, signature] = config.split(".");
    expect(signature).not.toBe(createHmac("sha256", APP_SECRET).update(payload!).digest("base64url"));
    expect(verifyWidgetConfig(config, Buffer.from(APP_SECRET)).ok).toBe(false);
    // And the widget takes it.
    const page = await call(app.origin, `/widget?config=${encodeURIComponent(config)}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("config-refused");
  });

  it("is 401 in the error shape without a session, with a forged one, and after logout", async () => {
    const body = { exp: inSeconds(3600) };
    expectError(await postJson(app.origin, PATH, body), 401, "unauthorized");
    expectError(
      await postJson(app.origin, PATH, body, { headers: { cookie: `swap_dashboard=${"A".repeat(43)}` } }),
      401,
      "unauthorized",
    );
    const other = await postJson(
      app.origin,
      "/api/partner/session",
      { password: PASSWORD },
      { localAddress: "127.0.0.2" },
    );
    const otherCookie = other.header("set-cookie")!.split(";")[0]!;
    await call(app.origin, "/api/partner/session", { method: "DELETE", headers: { cookie: otherCookie } });
    expectError(await postJson(app.origin, PATH, body, { headers: { cookie: otherCookie } }), 401, "unauthorized");
  });

  it("is 401 before it reads the body: a stranger learns nothing from validation", async () => {
    expectError(await postJson(app.origin, PATH, "{not json"), 401, "unauthorized");
    expectError(await postJson(app.origin, PATH, { exp: "soon", admin: true }), 401, "unauthorized");
  });

  it("is 403 from another site, even with the operator's cookie (a cross-site form cannot make the operator sign)", async () => {
    const body = {
      exp: inSeconds(3600),
      externalId: "attacker-order",
      destination: { address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" },
      to: "USDT.tron",
    };
    expectError(
      await postJson(app.origin, PATH, body, { headers: { cookie, origin: "https://evil.example" } }),
      403,
      "forbidden_origin",
    );
    expectError(
      await postJson(app.origin, PATH, body, { headers: { cookie, "sec-fetch-site": "cross-site" } }),
      403,
      "forbidden_origin",
    );
  });

  it("is 400 for a config the widget would refuse: expired, over a year, unknown fields, a locked address without a network", async () => {
    const bad = [
      { exp: inSeconds(-10) },
      { exp: inSeconds(400 * 86_400) },
      { exp: inSeconds(3600), admin: true },
      { exp: inSeconds(3600), destination: { address: "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD" }, to: "USDT" },
      { exp: inSeconds(3600), externalId: "x".repeat(129) },
      {},
    ];
    for (const body of bad) {
      const error = expectError(
        await postJson(app.origin, PATH, body, { headers: { cookie } }),
        400,
        "validation_error",
      );
      expect(Object.keys(error.error.details.fields as object).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expectError(await postJson(app.origin, PATH, "{not json", { headers: { cookie } }), 400, "validation_error");
    expectError(
      await call(app.origin, PATH, {
        method: "POST",
        body: "exp=1",
        headers: { cookie, "content-type": "text/plain" },
      }),
      415,
      "unsupported_media_type",
    );
  });

  it("serves POST only", async () => {
    expectError(await call(app.origin, PATH, { headers: { cookie } }), 405, "method_not_allowed");
  });
});

describe("the embed page", () => {
  it("offers signing to an operator with a session, a sign-in link to anyone else", async () => {
    // The page's messages travel in its payload either way: what differs is the rendered section.
    const section = (html: string) => /data-testid="sign-config"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const signedIn = section((await call(app.origin, "/widget/embed", { headers: { cookie } })).text);
    expect(signedIn).toContain("<form");
    expect(signedIn).toContain("Order reference (externalId)");
    const stranger = section((await call(app.origin, "/widget/embed")).text);
    expect(stranger).toContain("Sign in to the dashboard");
    expect(stranger).not.toContain("<form");
  });
});

describe("without the dashboard", () => {
  it("is 404, and the embed page offers no signing", async () => {
    const off = await startApp({ APP_SECRET, ...NO_CLIENT_LIMITS });
    try {
      expectError(await postJson(off.origin, PATH, { exp: inSeconds(3600) }), 404, "not_found");
      expect((await call(off.origin, "/widget/embed")).text).not.toContain('data-testid="sign-config"');
    } finally {
      await off.stop();
    }
  }, 180_000);
});

describe("the partner's brand at start", () => {
  it("stops on a bad BRAND_* value with one line naming it", async () => {
    for (const env of [{ BRAND_ACCENT: "#ffff00" }, { BRAND_LOGO_URL: "http://cdn.example/logo.png" }] as Record<
      string,
      string
    >[]) {
      const error = await startApp(env).then(
        async (started) => {
          await started.stop();
          return null;
        },
        (e: unknown) => String(e),
      );
      expect(error, "the server started").not.toBeNull();
      // Log lines are JSON (pino): the message is their msg.
      const message = (line: string) => {
        try {
          return (JSON.parse(line) as { msg?: string }).msg ?? line;
        } catch {
          return line;
        }
      };
      const lines = error!
        .split("\n")
        .map(message)
        .filter((l) => l.startsWith("[config]"));
      expect(lines.filter((l) => /^\[config\] (BRAND|TERMS|PRIVACY)/.test(l))).toHaveLength(1);
      expect(lines.find((l) => l.includes(Object.keys(env)[0]!))).toBeDefined();
    }
  }, 120_000);

  it("shows the name and logo, links terms and privacy, and lets the logo's origin (only) through the CSP", async () => {
    const branded = await startApp({
      BRAND_NAME: "Acme Pay",
      BRAND_LOGO_URL: "https://cdn.acme.example/logo.svg",
      BRAND_ACCENT: "0a66c2",
      TERMS_URL: "https://acme.example/terms",
      PRIVACY_URL: "https://acme.example/privacy",
    });
    try {
      const page = await call(branded.origin, "/");
      expect(page.text).toContain("Acme Pay");
      expect(page.text).toContain('src="https://cdn.acme.example/logo.svg"');
      expect(page.text).toContain('href="https://acme.example/terms"');
      expect(page.text).toContain('href="https://acme.example/privacy"');
      expect(page.text).toContain("--accent:#0a66c2");
      expect(page.header("content-security-policy")).toMatch(
        /img-src 'self' data: blob: https:\/\/cdn\.acme\.example;/,
      );
    } finally {
      await branded.stop();
    }
  }, 180_000);
});
