// Invariant 1: the partner key never leaves the server. The build was made with
// PARTNER_API_KEY=$LEAK_CANARY_KEY (scripts/test.sh), and the app runs with that key against a
// standalone upstream: no answer of any route, success or failure, no file the build ships, no
// span it exports and no line it logs may contain it.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, it, expect, beforeAll } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../support/otlp";
import { repoRoot, startApp } from "../support/servers";
import { call, postJson, type HttpResult } from "./requests";
import { BTC_ADDRESS, btcToUsdtTron, createSwap, quote, swapBody } from "./checkout";
import { startUpstream } from "./upstream";
import { NO_LIMITS, upstreamApp, upstreamModeEnv } from "./fixtures";

const canary = process.env.LEAK_CANARY_KEY ?? "";
const DASHBOARD_PASSWORD = "key-leak dashboard password";

/** The canary as it could appear: plain, base64, base64url, hex, percent-encoded. */
function forms(key: string): string[] {
  const bytes = Buffer.from(key);
  return [
    key,
    bytes.toString("base64").replace(/=+$/, ""),
    bytes.toString("base64url"),
    bytes.toString("hex"),
    encodeURIComponent(key),
  ];
}

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

describe("the partner key never leaves the server", () => {
  const answers: Array<{ what: string; res: HttpResult }> = [];
  const record = async (what: string, pending: Promise<HttpResult>) => {
    const res = await pending;
    answers.push({ what, res });
    return res;
  };

  beforeAll(() => {
    if (!canary) {
      throw new Error(
        "LEAK_CANARY_KEY is not set. Run the BFF tests through `npm test` (scripts/test.sh), which builds with PARTNER_API_KEY=$LEAK_CANARY_KEY, " +
          "or export LEAK_CANARY_KEY=<the key the build was made with> before `npx vitest run --project bff`.",
      );
    }
  });
  // Every span of the run goes to a collector of ours (as JSON), and every log line is read too.
  let collector: OtlpReceiver;
  const appEnv: Record<string, string> = {
    PARTNER_DASHBOARD_PASSWORD: DASHBOARD_PASSWORD,
    ...NO_LIMITS,
    LOG_LEVEL: "debug",
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_BSP_SCHEDULE_DELAY: "200",
  };
  beforeAll(async () => {
    collector = await startOtlpReceiver();
    // Before the app below starts: upstreamApp reads its env when it starts the app.
    appEnv.OTEL_EXPORTER_OTLP_ENDPOINT = collector.endpoint;
  });
  afterAll(async () => {
    await collector?.close();
  });
  // The upstream answers to the canary, and the app calls it with the canary as its key.
  const running = upstreamApp(appEnv, { SANDBOX_API_KEY: canary, SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });

  it("is in no response header or body of any route, in success or failure", async () => {
    const o = running.app.origin;
    // Upstream answers that carry the key in a header must not pass it on either.
    running.upstream.intercept = async (req, next) => {
      const res = await next(req);
      const headers = new Headers(res.headers);
      headers.set("x-echo-api-key", req.headers.get("x-api-key") ?? "");
      return new Response(res.body, { status: res.status, headers });
    };

    // Successes.
    await record("health", call(o, "/api/health"));
    await record("ready", call(o, "/api/ready"));
    await record("assets", call(o, "/api/v1/assets"));
    await record("assets filtered", call(o, "/api/v1/assets?network=tron&symbol=USDT"));
    await record("address", postJson(o, "/api/v1/address", { network: "bitcoin", token: "BTC", address: BTC_ADDRESS }));
    await record(
      "address invalid",
      postJson(o, "/api/v1/address", { network: "bitcoin", token: "BTC", address: "bc1qnope" }),
    );
    const q = await quote(o);
    const again = await quote(o, { ...btcToUsdtTron("0.02"), orderToken: q.orderToken });
    const key = crypto.randomUUID();
    const created = await record("swap", createSwap(o, swapBody(again.id), key));
    expect(created.status, created.raw).toBe(200);
    const { swap, accessToken } = created.json as { swap: { id: string }; accessToken: string };
    await record("swap replay", createSwap(o, swapBody(again.id), key));
    await record("swap read", call(o, `/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": accessToken } }));

    // Errors of our own and passed-through upstream errors.
    await record("quote below min", postJson(o, "/api/v1/quote", btcToUsdtTron("0.00001")));
    await record(
      "unsupported pair",
      postJson(o, "/api/v1/quote", {
        from: { network: "dogecoin", token: "DOGE", amount: "100" },
        to: { network: "ton", token: "TON" },
      }),
    );
    await record(
      "unsupported asset",
      postJson(o, "/api/v1/quote", {
        from: { network: "bitcoin", token: "NOPE", amount: "1" },
        to: { network: "ton", token: "TON" },
      }),
    );
    await record(
      "unsupported memo",
      postJson(o, "/api/v1/address", { network: "bitcoin", token: "BTC", address: BTC_ADDRESS, memo: "1" }),
    );
    await record("idempotency mismatch", createSwap(o, swapBody(again.id, "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"), key));
    await record("quote already used", createSwap(o, swapBody(again.id, "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r")));
    await record("quote not found", createSwap(o, swapBody(`pq_${"0".repeat(24)}`)));
    await record("invalid destination", createSwap(o, swapBody(q.id, BTC_ADDRESS)));
    await record("no idempotency key", postJson(o, "/api/v1/swap", swapBody(q.id)));
    await record("wrong token", call(o, `/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": "nope" } }));
    await record("bad id", call(o, "/api/v1/swap/..%2F..%2Fasset"));
    await record("bad query", call(o, "/api/v1/assets?x=1"));
    await record("malformed json", postJson(o, "/api/v1/quote", "{nope"));
    await record(
      "not json",
      call(o, "/api/v1/quote", {
        method: "POST",
        body: "a=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    await record("too large", postJson(o, "/api/v1/quote", JSON.stringify({ pad: "x".repeat(20_000) })));
    await record(
      "cross-site",
      postJson(o, "/api/v1/quote", btcToUsdtTron(), { headers: { origin: "https://evil.example" } }),
    );
    await record("unknown route", call(o, "/api/v1/keys"));
    await record("wrong method", call(o, "/api/v1/quote", { method: "DELETE" }));
    await record("options", call(o, "/api/v1/quote", { method: "OPTIONS" }));
    await record("head", call(o, "/api/v1/assets", { method: "HEAD" }));
    await record(
      "sandbox deposit",
      postJson(o, `/api/sandbox/swaps/${swap.id}/deposit`, {}, { headers: { "x-swap-token": accessToken } }),
    );
    await record("sandbox seed", postJson(o, "/api/sandbox/seed", { count: 1 }));

    // Upstream faults, forced once per call.
    for (const fault of ["internal_error", "provider_unavailable", "rate_limited", "malformed"]) {
      running.upstream.intercept = async (req, next) => {
        const headers = new Headers(req.headers);
        headers.set("x-sandbox-fault", fault);
        const res = await next(new Request(req, { headers }));
        const out = new Headers(res.headers);
        out.set("x-echo-api-key", req.headers.get("x-api-key") ?? "");
        return new Response(res.body, { status: res.status, headers: out });
      };
      await record(`quote, upstream ${fault}`, postJson(o, "/api/v1/quote", btcToUsdtTron()));
      await record(`swap, upstream ${fault}`, createSwap(o, swapBody(q.id)));
      await record(
        `swap read, upstream ${fault}`,
        call(o, `/api/v1/swap/${swap.id}`, { headers: { "x-swap-token": accessToken } }),
      );
      await record(
        `address, upstream ${fault}`,
        postJson(o, "/api/v1/address", {
          network: "tron",
          token: "USDT",
          address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        }),
      );
    }
    // The upstream rejects the key.
    running.upstream.intercept = async () =>
      Response.json(
        { error: { code: "invalid_api_key", message: "API key is invalid.", details: {} }, requestId: "up_1" },
        { status: 401 },
      );
    await record("quote, key rejected", postJson(o, "/api/v1/quote", btcToUsdtTron()));
    await record("swap, key rejected", createSwap(o, swapBody(q.id)));
    running.upstream.intercept = null;

    // The operator dashboard's API, signed in and not.
    await record("dashboard without session", call(o, "/api/partner/swaps"));
    await record("dashboard wrong password", postJson(o, "/api/partner/session", { password: "nope" }));
    const login = await record(
      "dashboard login",
      postJson(o, "/api/partner/session", { password: DASHBOARD_PASSWORD }),
    );
    expect(login.status, login.raw).toBeLessThan(300);
    const cookie = (login.header("set-cookie") ?? "").split(";")[0] ?? "";
    for (const path of [
      "/api/partner/swaps",
      "/api/partner/swaps?status=waiting_deposit&limit=5",
      "/api/partner/swaps.csv",
      `/api/partner/swaps/${swap.id}`,
    ]) {
      const res = await record(`dashboard ${path}`, call(o, path, { headers: { cookie } }));
      expect(res.status, `${path}: ${res.raw.slice(0, 300)}`).toBe(200);
    }

    // Pages the build has, with sample values for dynamic segments.
    const manifest = JSON.parse(readFileSync(join(repoRoot, ".next/app-path-routes-manifest.json"), "utf8")) as Record<
      string,
      string
    >;
    const pages = Object.values(manifest)
      .filter((p) => !p.startsWith("/api/") && !p.startsWith("/_"))
      .map((p) => p.replace(/\[\[?\.\.\.[^\]]+\]\]?/g, "a/b").replace(/\[[^\]]+\]/g, swap.id));
    expect(pages).toContain("/");
    for (const page of [...pages, "/does-not-exist", `/swap/${swap.id}`, "/widget", "/partner"]) {
      await record(`page ${page}`, call(o, page));
      await record(`page ${page} signed in`, call(o, page, { headers: { cookie } }));
    }

    // The key was really in play: every upstream request carried it.
    expect(running.upstream.seen.length).toBeGreaterThan(10);
    expect(running.upstream.seen.every((s) => s.apiKey === canary)).toBe(true);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((a) => a.res.status >= 400).length).toBeGreaterThan(20);

    const leaks = answers
      .filter(({ res }) => forms(canary).some((f) => res.raw.includes(f)))
      .map(({ what, res }) => `${what}: ${res.raw.slice(0, 300)}`);
    expect(leaks).toEqual([]);
  });

  it("is not passed on when an upstream error message or field quotes it", async () => {
    const echo = (status: number, code: string) =>
      Response.json(
        {
          error: {
            code,
            message: `Request with key ${canary} refused`,
            details: { fields: { "x-api-key": `${canary} is not valid here` }, apiKey: canary },
          },
        },
        { status, headers: { "x-api-key": canary } },
      );
    const cases: Array<[string, number, string]> = [
      ["validation_error", 400, "/api/v1/quote"],
      ["unsupported_asset", 400, "/api/v1/quote"],
      ["quote_not_found", 404, "/api/v1/swap"],
      ["provider_unavailable", 503, "/api/v1/quote"],
    ];
    const seen: string[] = [];
    try {
      for (const [code, status, path] of cases) {
        running.upstream.intercept = async () => echo(status, code);
        const res =
          path === "/api/v1/swap"
            ? await createSwap(running.app.origin, swapBody(`pq_${"2".repeat(24)}`))
            : await postJson(running.app.origin, path, btcToUsdtTron());
        expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
        if (forms(canary).some((f) => res.raw.includes(f))) seen.push(`${code}: ${res.raw}`);
      }
    } finally {
      running.upstream.intercept = null;
    }
    expect(seen).toEqual([]);
  });

  it("is in no span exported and no log line of that run, and every line is JSON", async () => {
    await expect
      .poll(() => collector.spans.filter((s) => s.kind === 2).length, { timeout: 15_000 })
      .toBeGreaterThan(50);
    // The last batch out too: spans end after their answers.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const exported = collector.requests.map((r) => r.body.toString("utf8")).join("\n");
    expect(collector.requests.every((r) => r.contentType.includes("json"))).toBe(true);
    expect(forms(canary).filter((f) => exported.includes(f))).toEqual([]);
    const logs = running.app.logs();
    expect(forms(canary).filter((f) => logs.includes(f))).toEqual([]);
    const notJson = logs
      .split("\n")
      .filter(Boolean)
      .filter((line) => {
        try {
          JSON.parse(line);
          return false;
        } catch {
          return true;
        }
      });
    expect(notJson).toEqual([]);
    // The run had something to say: the refusals of the key above were logged.
    expect(logs).toMatch(/REJECTED OUR API KEY/);
  });

  it("is in no log line, the ledger's included, when an upstream refusal quotes it", async () => {
    // An upstream that refuses the key on the swap list by quoting it back: the ledger's first
    // backfill, a second after start, meets that refusal and says so in the log.
    const upstream = await startUpstream({ SANDBOX_API_KEY: canary, SANDBOX_RATE_LIMIT_PER_MINUTE: "1000000" });
    upstream.intercept = async (req, next) =>
      req.method === "GET" && new URL(req.url).pathname === "/v1/swap"
        ? Response.json(
            { error: { code: "invalid_api_key", message: `Invalid API key ${canary}`, details: {} } },
            { status: 401 },
          )
        : next(req);
    const app = await startApp(upstreamModeEnv(upstream));
    try {
      await expect.poll(() => app.logs(), { timeout: 20_000 }).toMatch(/\[ledger\] backfill stopped/);
      expect(forms(canary).filter((f) => app.logs().includes(f))).toEqual([]);
      for (const line of app.logs().split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      await app.stop();
      await upstream.close();
    }
  });

  it("is in no file under .next/static nor in any prerendered page under .next/server", () => {
    expect(
      existsSync(join(repoRoot, ".next/BUILD_ID")),
      "run `next build` first (with PARTNER_API_KEY=$LEAK_CANARY_KEY)",
    ).toBe(true);
    const staticFiles = filesUnder(join(repoRoot, ".next/static"), () => true);
    const prerendered = filesUnder(join(repoRoot, ".next/server"), (p) => /\.(html|rsc|body|meta)$/.test(p));
    expect(staticFiles.length).toBeGreaterThan(0);
    expect(prerendered.length).toBeGreaterThan(0);
    const needles = forms(canary);
    const hits = [...staticFiles, ...prerendered].filter((file) => {
      const text = readFileSync(file).toString("latin1");
      return needles.some((n) => text.includes(n));
    });
    expect(hits).toEqual([]);
  });
});
