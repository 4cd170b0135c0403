// Safety review, sections 2, 3 and 7, as attacks on the build: the key's budget, forged addresses, sessions that end.
import { describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/servers";
import { call, expectError, postJson, type HttpResult } from "./requests";
import { TRON_ADDRESS, btcToUsdtTron, checkTronAddress, createSwap, postQuote, quote, swapBody } from "./checkout";
import { APP_SECRET, upstreamApp, upstreamModeEnv } from "./fixtures";
import { PASSWORD, onRedisInstances } from "./security-apps";

function expectRateLimited(res: HttpResult) {
  expectError(res, 429, "rate_limited");
  expect(Number(res.header("retry-after")), res.raw).toBeGreaterThanOrEqual(1);
}

/** Distinct valid-looking Tron addresses are not needed: an invalid one costs an upstream check all the same. */
const probeAddress = (i: number) => `T${String(i).padStart(33, "x")}`;

const onRedis = onRedisInstances();

describe("2. one client cannot spend the key's budget", () => {
  const budget = 40;
  const running = upstreamApp(
    {
      PARTNER_RATE_LIMIT_PER_MINUTE: String(budget),
      CLIENT_QUOTES_PER_MINUTE: "1000",
      CLIENT_READS_PER_MINUTE: "100000",
    },
    { SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" },
  );

  it("lets a flood of address checks and quotes from one address cause at most CLIENT_BUDGET_SHARE of the key's calls, and everyone else still gets quotes", async () => {
    const flood = { localAddress: "127.0.0.5" };
    // What the flood can make the key pay for (the ledger's own reads of the list are not the flood's).
    const spentOnFlood = () =>
      running.upstream.count("POST", "/v1/address") + running.upstream.count("POST", "/v1/quote");
    const before = spentOnFlood();
    const results = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => checkTronAddress(running.app.origin, probeAddress(i), flood)),
      ...Array.from({ length: 40 }, () => postQuote(running.app.origin, btcToUsdtTron(), flood)),
    ]);
    const spent = spentOnFlood() - before;
    expect(spent).toBeLessThanOrEqual(Math.floor(budget * 0.25));
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(240 - Math.floor(budget * 0.25));
    for (const r of results) if (r.status === 429) expectRateLimited(r);

    for (const localAddress of ["127.0.0.6", "127.0.0.7", "127.0.0.8"]) {
      const res = await postQuote(running.app.origin, btcToUsdtTron(), { localAddress });
      expect(res.status, res.raw).toBe(200);
    }
  });

  it("counts one client's swap creations with its quotes: quotes and swaps together stay within its share", async () => {
    const client = { localAddress: "127.0.0.30" };
    const share = Math.floor(budget * 0.25);
    const spent = () => running.upstream.count("POST", "/v1/quote") + running.upstream.count("POST", "/v1/swap");
    const before = spent();
    const quotes: string[] = [];
    for (let i = 0; i < 6; i++) quotes.push((await quote(running.app.origin, btcToUsdtTron(), client)).id);
    const created = [];
    for (const id of quotes)
      created.push(await createSwap(running.app.origin, swapBody(id), crypto.randomUUID(), client));
    expect(created.filter((r) => r.status === 200).length).toBe(share - 6);
    for (const r of created.filter((r) => r.status !== 200)) {
      expectRateLimited(r);
      expect(r.json).toMatchObject({ error: { details: { budget: "client" } } });
    }
    expect(spent() - before).toBeLessThanOrEqual(share);
    // Someone else still buys.
    const other = { localAddress: "127.0.0.31" };
    const theirs = await quote(running.app.origin, btcToUsdtTron(), other);
    expect((await createSwap(running.app.origin, swapBody(theirs.id), crypto.randomUUID(), other)).status).toBe(200);
  });

  it("answers a repeated address check from the shared cache, without an upstream call", async () => {
    const client = { localAddress: "127.0.0.9" };
    const first = await checkTronAddress(running.app.origin, TRON_ADDRESS, client);
    expect(first.status, first.raw).toBe(200);
    const calls = running.upstream.count("POST", "/v1/address");
    for (let i = 0; i < 5; i++) {
      const again = await checkTronAddress(running.app.origin, TRON_ADDRESS, { localAddress: `127.0.0.${10 + i}` });
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
    }
    expect(running.upstream.count("POST", "/v1/address")).toBe(calls);
  });

  it("counts address checks with the client's quotes", async () => {
    const limited = await startApp({ ...upstreamModeEnv(running.upstream), CLIENT_QUOTES_PER_MINUTE: "3" });
    try {
      const client = { localAddress: "127.0.0.20" };
      for (let i = 0; i < 3; i++)
        expect((await checkTronAddress(limited.origin, probeAddress(1000 + i), client)).status).toBe(200);
      expectRateLimited(await postQuote(limited.origin, btcToUsdtTron(), client));
    } finally {
      await limited.stop();
    }
  });
});

describe("3. forged addresses buy no fresh limits", () => {
  it("under plain `next start` (no front, TRUST_PROXY_HOPS=0), forged client headers share one identity for reads and logins, with a warning at start", async () => {
    const app = await startApp(
      { CLIENT_READS_PER_MINUTE: "20", PARTNER_DASHBOARD_PASSWORD: "operator-password-123" },
      "next-start",
    );
    try {
      expect(app.logs()).toMatch(/all requests share one client identity/);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const forged = `203.0.113.${i + 1}`;
        const res = await call(app.origin, "/api/v1/assets", {
          headers: {
            "x-swap-client-ip": forged,
            "x-forwarded-for": forged,
            "x-swap-front-proof": "guess".repeat(10),
            "x-real-ip": forged,
          },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
      expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);

      const logins: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await postJson(
          app.origin,
          "/api/partner/session",
          { password: "wrong" },
          { headers: { "x-forwarded-for": `198.51.100.${i}`, "x-swap-client-ip": `198.51.100.${i}` } },
        );
        logins.push(res.status);
      }
      expect(logins.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(logins.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await app.stop();
    }
  });

  it("under `npm start`, a client's own x-swap-client-ip and proof header are replaced", async () => {
    const app = await startApp({ CLIENT_READS_PER_MINUTE: "5" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await call(app.origin, "/api/v1/assets", {
          localAddress: "127.0.0.30",
          headers: {
            "x-swap-client-ip": `203.0.113.${i}`,
            "x-swap-front-proof": "x".repeat(43),
            "x-forwarded-for": `203.0.113.${i}`,
          },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
      expect(app.logs()).not.toMatch(/share one client identity/);
    } finally {
      await app.stop();
    }
  });

  it("behind a trusted proxy, counts one IPv6 /64 as one client", async () => {
    const app = await startApp({ TRUST_PROXY_HOPS: "1", CLIENT_READS_PER_MINUTE: "4" });
    try {
      const read = (xff: string) => call(app.origin, "/api/v1/assets", { headers: { "x-forwarded-for": xff } });
      for (const address of [
        "2001:db8:5:6::1",
        "2001:db8:5:6::2",
        "2001:db8:5:6:ffff:ffff:ffff:ffff",
        "2001:0db8:0005:0006::abcd",
      ]) {
        expect((await read(address)).status).toBe(200);
      }
      expectRateLimited(await read("2001:db8:5:6:1234::9"));
      expect((await read("2001:db8:5:7::1")).status).toBe(200);
      // IPv4 and its IPv4-mapped IPv6 form are one client too.
      for (let i = 0; i < 4; i++) expect((await read(i % 2 ? "192.0.2.44" : "::ffff:192.0.2.44")).status).toBe(200);
      expectRateLimited(await read("192.0.2.44"));
    } finally {
      await app.stop();
    }
  });

  describe("with REDIS_URL, two instances", () => {
    onRedis.use();
    it("share each per-client limit, so a second instance allows nothing extra", async () => {
      const [a, b] = onRedis.apps as [RunningApp, RunningApp];
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push(
          (await call(i % 2 ? a.origin : b.origin, "/api/v1/assets", { localAddress: "127.0.0.40" })).status,
        );
      expect(statuses.filter((s) => s === 200)).toHaveLength(6);
      expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    });
  });
});

describe("7. dashboard sessions end when they should", () => {
  // Two instances of one deployment, and a third whose operator password has since changed.
  onRedis.use();
  const running = onRedis;
  const instances = () => running.apps as [a: RunningApp, b: RunningApp, changed: RunningApp];

  async function login(origin: string): Promise<string> {
    const res = await postJson(origin, "/api/partner/session", { password: PASSWORD });
    expect(res.status, res.raw).toBe(200);
    return /swap_dashboard=([^;]+)/.exec(res.header("set-cookie") ?? "")![1]!;
  }
  // The dashboard page itself: shown with a session, a redirect to the login page without one. (With
  // REDIS_URL and no DATABASE_URL the ledger is off, so its API would answer 503 either way.)
  const dashboard = (origin: string, cookie: string) =>
    call(origin, "/partner", { headers: { cookie: `swap_dashboard=${cookie}` } });
  // The page that asks to try again, when the sessions' store does not answer (also a 200).
  const unavailable = 'data-testid="session-unavailable"';
  const expectSignedIn = async (origin: string, cookie: string) => {
    const res = await dashboard(origin, cookie);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(unavailable);
  };
  const expectSignedOut = async (origin: string, cookie: string) => {
    const res = await dashboard(origin, cookie);
    expect(res.status).toBe(307);
    // The cookie is there but holds no session: the login page is told it ended.
    expect(res.header("location")).toMatch(/\/partner\/login\?ended=1$/);
  };

  it("ends a session at logout, also for a copy of the cookie and on another instance", async () => {
    const [a, b] = instances();
    const cookie = await login(a.origin);
    await expectSignedIn(a.origin, cookie);
    await expectSignedIn(b.origin, cookie);
    const out = await call(a.origin, "/api/partner/session", {
      method: "DELETE",
      headers: { cookie: `swap_dashboard=${cookie}` },
    });
    expect(out.status).toBe(204);
    await expectSignedOut(a.origin, cookie);
    await expectSignedOut(b.origin, cookie);
  });

  it("ends sessions opened with a password that has since changed", async () => {
    const [a, , changed] = instances();
    const cookie = await login(a.origin);
    await expectSignedOut(changed.origin, cookie);
    await expectSignedIn(a.origin, cookie);
  });

  it("refuses a made-up session value", async () => {
    const [a] = instances();
    await expectSignedOut(a.origin, "A".repeat(43));
    await expectSignedOut(a.origin, `${Math.floor(Date.now() / 1000) + 3600}.${"A".repeat(43)}`);
  });

  it("never takes a valid session for none on an instance whose Redis does not answer: 503, or a page to try again, and the real answer once Redis does", async () => {
    const [a] = instances();
    const cookie = await login(a.origin);
    const headers = { cookie: `swap_dashboard=${cookie}` };
    let fresh: RunningApp | undefined;
    let paused = false;
    const resume = () => {
      if (paused) running.redis.resume();
      paused = false;
    };
    try {
      // Redis hangs, and a new instance starts: it has never reached Redis (its first connection
      // waits, as on a machine too busy to answer in time).
      running.redis.pause();
      paused = true;
      fresh = await startApp({ REDIS_URL: running.redis.url, APP_SECRET, PARTNER_DASHBOARD_PASSWORD: PASSWORD });
      const [page, api, logout] = await Promise.all([
        dashboard(fresh.origin, cookie),
        call(fresh.origin, "/api/partner/summary", { headers }),
        call(fresh.origin, "/api/partner/session", { method: "DELETE", headers }),
      ]);
      // Not the login page: the session may well be valid.
      expect(page.status, page.raw.slice(0, 300)).toBe(200);
      expect(page.text).toContain(unavailable);
      expectError(api, 503, "service_unavailable");
      expect(Number(api.header("retry-after"))).toBeGreaterThanOrEqual(1);
      // A logout it could not record says so, instead of 204 for a session that lives on in Redis.
      expectError(logout, 503, "service_unavailable");

      // Redis answers again while a request waits for it: the dashboard, not the login page.
      const waiting = dashboard(fresh.origin, cookie);
      await new Promise((resolve) => setTimeout(resolve, 300));
      resume();
      const later = await waiting;
      expect(later.status, later.raw.slice(0, 300)).toBe(200);
      expect(later.text).not.toContain(unavailable);

      // The refused logout ended nothing; one that goes through ends the session everywhere.
      await expectSignedIn(a.origin, cookie);
      const out = await call(fresh.origin, "/api/partner/session", { method: "DELETE", headers });
      expect(out.status, out.raw).toBe(204);
      await expectSignedOut(a.origin, cookie);
    } finally {
      resume();
      await fresh?.stop();
    }
  });
});
