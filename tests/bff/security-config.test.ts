// Safety review, sections 5 and 6 and smaller findings: config checked at start, HTTPS-only cookies, DNS rebinding.
import { createServer as createHttpServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, logMessages, startApp } from "../support/servers";
import { call, expectError, postJson, pool } from "./requests";
import { btcToUsdtTron, postQuote } from "./checkout";
import { NO_CLIENT_LIMITS } from "./fixtures";
import { PASSWORD, SHORT_PASSWORD, onSandboxApp, onUpstreamApp } from "./security-apps";

const onSandbox = onSandboxApp();
const onUpstream = onUpstreamApp();

describe("5 and 6. configuration is checked at start, and there is no silent sandbox", () => {
  onSandbox.use();
  onUpstream.use();
  const startFails = async (env: Record<string, string>, launcher: "npm-start" | "next-start" = "npm-start") => {
    const error = await startApp(env, launcher).then(
      async (app) => {
        await app.stop();
        return null;
      },
      // The server's lines are JSON: what they say is their msg.
      (e: unknown) => logMessages(String(e)),
    );
    expect(error, "the server started").not.toBeNull();
    return error!;
  };
  /** Starts that must fail, two at a time (each is mostly one core's work); their outputs in order. */
  const allFail = (starts: ReadonlyArray<[env: Record<string, string>, launcher?: "npm-start" | "next-start"]>) =>
    pool(starts, 2, ([env, launcher]) => startFails(env, launcher));

  it("refuses to start a production server with neither PARTNER_API_BASE_URL nor SANDBOX=1, naming both", async () => {
    const outputs = await allFail([
      [{ SANDBOX: "" }, "npm-start"],
      [{ SANDBOX: "" }, "next-start"],
    ]);
    for (const output of outputs) expect(output).toMatch(/\[config\] PARTNER_API_BASE_URL: .*SANDBOX=1/);
  });

  it("refuses to start with a PUBLIC_ORIGINS entry that is not an origin, naming it", async () => {
    expect(await startFails({ PUBLIC_ORIGINS: "swap.shop.example" })).toMatch(
      /\[config\] PUBLIC_ORIGINS: "swap.shop.example" is not an origin/,
    );
  });

  it("stops on a bad value with one line naming the variable, for npm start and next start alike", async () => {
    const [npmStart, nextStart, share, key, ...ports] = await allFail([
      [{ CLIENT_READS_PER_MINUTE: "100000000" }, "npm-start"],
      [{ CLIENT_READS_PER_MINUTE: "100000000" }, "next-start"],
      [{ CLIENT_BUDGET_SHARE: "2" }],
      [{ PARTNER_API_BASE_URL: "http://127.0.0.1:9/v1" }],
      [{ PORT: "notaport" }],
      [{ PORT: "70000" }],
    ]);
    for (const output of [npmStart!, nextStart!]) {
      const lines = output.split("\n").filter((l) => l.startsWith("[config]"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[config\] CLIENT_READS_PER_MINUTE: /);
      expect(output).not.toMatch(/\n\s+at /);
    }
    expect(share).toMatch(/\[config\] CLIENT_BUDGET_SHARE: /);
    for (const output of ports) {
      expect(output).toMatch(/\[config\] PORT: /);
      expect(output).not.toMatch(/\n\s+at /);
    }
    expect(key).toMatch(/\[config\] PARTNER_API_KEY: .*\n?.*/);
  });

  it("refuses a live key over plain http to anything but loopback, naming the variable and not the key", async () => {
    const key = "lsk_live_do_not_print_0123456789";
    const output = await startFails({
      SANDBOX: "",
      PARTNER_API_BASE_URL: "http://partner.example/v1",
      PARTNER_API_KEY: key,
      APP_SECRET: "x".repeat(40),
    });
    expect(output).toMatch(/\[config\] PARTNER_API_BASE_URL: must be https:\/\/ with a live key/);
    expect(output).not.toContain(key);
    // A test key over http (the sandbox, a staging upstream) starts as before: the file's app in
    // upstream mode is one, started with SANDBOX unset.
    expect(onUpstream.app.logs()).toMatch(/ready on http/);
    expect((await call(onUpstream.app.origin, "/api/health")).status).toBe(200);
  });

  it("listens only where HOST says, and refuses a HOST that is not an address", async () => {
    const reach = (host: string, port: number) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, host, () => (socket.destroy(), resolve(true)));
        socket.on("error", () => resolve(false));
      });
    const app = await startApp({ HOST: "127.0.0.1" });
    try {
      const port = Number(new URL(app.origin).port);
      expect(await reach("127.0.0.1", port)).toBe(true);
      expect(await reach("::1", port)).toBe(false);
      expect(app.logs()).toContain(`ready on http://127.0.0.1:${port}`);
    } finally {
      await app.stop();
    }
    // Without HOST: every interface (the file's app on the sandbox is started so).
    expect(await reach("::1", Number(new URL(onSandbox.app.origin).port))).toBe(true);
    expect(await startFails({ HOST: "swap.example.com" })).toMatch(/\[config\] HOST: must be an IP address/);
  });

  it("stops, with one line and no stack trace, when its port is taken", async () => {
    // Something else on the port, answering (so the wait for the app's health check sees it fail).
    const occupant = createHttpServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => occupant.listen(0, resolve));
    try {
      const port = String((occupant.address() as AddressInfo).port);
      const output = await startFails({ PORT: port });
      expect(output).toMatch(new RegExp(`\\[start\\] cannot listen on port ${port}: EADDRINUSE`));
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      occupant.close();
    }
  });

  it("shows the sandbox banner when it does run on the sandbox, and warns of a short dashboard password without printing it", async () => {
    const app = onSandbox.app;
    expect(app.logs()).toMatch(/embedded SANDBOX/);
    expect(app.logs()).toMatch(/\[config\] PARTNER_DASHBOARD_PASSWORD is shorter than 12 characters/);
    expect(app.logs()).not.toContain(SHORT_PASSWORD);
    const page = await call(app.origin, "/");
    expect(page.text).toMatch(/[Ss]andbox/);
  });
});

describe("the session cookie is Secure, and HSTS is sent, only over HTTPS as a trusted proxy saw it", () => {
  onSandbox.use();
  it("trusts X-Forwarded-Proto only from a trusted proxy", async () => {
    // Reached directly: the file's app on the sandbox (no TRUST_PROXY_HOPS).
    const direct = onSandbox.app;
    const proxied = await startApp({ PARTNER_DASHBOARD_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: "1" });
    try {
      const forged = await postJson(
        direct.origin,
        "/api/partner/session",
        { password: SHORT_PASSWORD },
        { headers: { "x-forwarded-proto": "https" } },
      );
      expect(forged.status).toBe(200);
      expect(forged.header("set-cookie")).not.toMatch(/Secure/);
      expect(forged.header("strict-transport-security")).toBeUndefined();

      const https = await postJson(
        proxied.origin,
        "/api/partner/session",
        { password: PASSWORD },
        { headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.50" } },
      );
      expect(https.status).toBe(200);
      expect(https.header("set-cookie")).toMatch(/; Secure/);
      expect(https.header("strict-transport-security")).toMatch(/max-age=\d+/);
      const page = await call(proxied.origin, "/", {
        headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.50" },
      });
      expect(page.header("strict-transport-security")).toMatch(/max-age=\d+/);

      const plain = await postJson(
        proxied.origin,
        "/api/partner/session",
        { password: PASSWORD },
        { headers: { "x-forwarded-proto": "http", "x-forwarded-for": "203.0.113.51" } },
      );
      expect(plain.header("set-cookie")).not.toMatch(/Secure/);
    } finally {
      await proxied.stop();
    }
  });
});

describe("smaller findings", () => {
  onSandbox.use();
  onUpstream.use();
  const running = onUpstream;

  it("writes no key into its logs, even when the upstream's own message carries it", async () => {
    const key = running.upstream.sandbox.options.apiKey;
    running.upstream.intercept = async () =>
      Response.json(
        {
          error: {
            code: "provider_unavailable",
            message: `backend refused ${key} and lsk_live_abcdef123456`,
            details: {},
          },
        },
        { status: 503 },
      );
    try {
      const res = await postQuote(running.app.origin);
      expect(res.status).toBe(503);
      expect(res.text).not.toContain(key);
    } finally {
      running.upstream.intercept = null;
    }
    expect(running.app.logs()).toMatch(/upstream unavailable/);
    expect(running.app.logs()).not.toContain(key);
    expect(running.app.logs()).not.toContain("lsk_live_abcdef123456");
  });

  it("bounds the embedded sandbox's seed control per call", async () => {
    expectError(await postJson(onSandbox.app.origin, "/api/sandbox/seed", { count: 20_001 }), 400, "validation_error");
  });
});

describe("a name rebound to this server (DNS rebinding) gets no browser request through, once PUBLIC_ORIGINS says where the app lives", () => {
  onSandbox.use();
  onUpstream.use();
  it("an app on a real key started without PUBLIC_ORIGINS says so at start, and one on the sandbox does not", async () => {
    expect(onUpstream.app.logs()).toMatch(/\[config\] PUBLIC_ORIGINS is not set: .* DNS-rebound/);
    expect(onSandbox.app.logs()).toMatch(/embedded SANDBOX/);
    expect(onSandbox.app.logs()).not.toMatch(/PUBLIC_ORIGINS/);
  });

  it("without PUBLIC_ORIGINS, a page whose own name resolves here passes the Host check; with it, the same request is refused and the real origin works", async () => {
    const rebound = (port: number) => ({
      host: `rebound.example:${port}`,
      origin: `http://rebound.example:${port}`,
      "sec-fetch-site": "same-origin",
    });
    // The attack's shape: the browser sends the attacker's name in both Host and Origin.
    const plain = onSandbox.app;
    expect(
      (await postQuote(plain.origin, btcToUsdtTron(), { headers: rebound(Number(new URL(plain.origin).port)) })).status,
    ).toBe(200);

    const port = await freePort();
    const pinned = await startApp({
      ...NO_CLIENT_LIMITS,
      PORT: String(port),
      PUBLIC_ORIGINS: `http://127.0.0.1:${port}, https://swap.shop.example`,
    });
    try {
      expectError(await postQuote(pinned.origin, btcToUsdtTron(), { headers: rebound(port) }), 403, "forbidden_origin");
      expectError(await call(pinned.origin, "/api/v1/assets", { headers: rebound(port) }), 403, "forbidden_origin");
      const real = await postQuote(pinned.origin, btcToUsdtTron(), {
        headers: { origin: pinned.origin, "sec-fetch-site": "same-origin" },
      });
      expect(real.status, real.raw).toBe(200);
      // Servers and curl send no Origin, and still pass.
      expect((await postQuote(pinned.origin)).status).toBe(200);
    } finally {
      await pinned.stop();
    }
  });
});
