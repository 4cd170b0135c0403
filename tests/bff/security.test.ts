// The safety review's findings, each tried as the attack against the production build, next to the
// legitimate use that must keep working. A finding that comes back turns this file red.
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import { readFileSync } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { swapCreatedSchema } from "@/lib/schema/bff";
import { freePort, logMessages, startApp, type RunningApp } from "../support/servers";
import { call, expectError, postJson, pool, type HttpResult } from "./requests";
import {
  TRON_ADDRESS,
  TRON_ADDRESS_2,
  XRP_ADDRESS,
  btcToUsdtTron,
  checkTronAddress,
  createSwap,
  postQuote,
  quote,
  swapBody,
} from "./checkout";
import {
  APP_SECRET,
  NO_CLIENT_LIMITS,
  instancesOnRedisFixture,
  sandboxAppFixture,
  sharedFixture,
  upstreamApp,
  upstreamAppFixture,
  upstreamModeEnv,
} from "./fixtures";

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

function expectRateLimited(res: HttpResult) {
  expectError(res, 429, "rate_limited");
  expect(Number(res.header("retry-after")), res.raw).toBeGreaterThanOrEqual(1);
}

/** Distinct valid-looking Tron addresses are not needed: an invalid one costs an upstream check all the same. */
const probeAddress = (i: number) => `T${String(i).padStart(33, "x")}`;

const PASSWORD = "operator-password-123";
/** Short enough to be warned of at start (section 6). */
const SHORT_PASSWORD = "hunter2";

// Apps that several sections use as they are, each started once for the file (by the first section
// that runs with it: see sharedFixture): a start costs seconds of CPU, the better part of this
// file's time. What a section needs of its own it starts itself. No section depends on what
// another did to them: their per-client limits are out of the way (NO_CLIENT_LIMITS), but for the
// Redis instances' reads, which section 3 counts from an address of its own.
/** The app on its embedded sandbox. */
const onSandbox = sharedFixture(sandboxAppFixture({ ...NO_CLIENT_LIMITS, PARTNER_DASHBOARD_PASSWORD: SHORT_PASSWORD }));
/** The app in upstream mode on a test key over plain http, SANDBOX unset. */
const onUpstream = sharedFixture(upstreamAppFixture({ ...NO_CLIENT_LIMITS, SANDBOX: "" }));
/** Three instances of one deployment on one Redis, the third's operator password since changed. */
const onRedis = sharedFixture(
  instancesOnRedisFixture(
    { CLIENT_READS_PER_MINUTE: "6", PARTNER_DASHBOARD_PASSWORD: PASSWORD },
    { CLIENT_READS_PER_MINUTE: "6", PARTNER_DASHBOARD_PASSWORD: PASSWORD },
    { PARTNER_DASHBOARD_PASSWORD: "a-new-password-456" },
  ),
);

describe("1. a quote id is not a credential", () => {
  onSandbox.use();
  const running = onSandbox;

  it("refuses the user's confirmation with 409 quote_already_used, and shows nothing of the swap someone else made first", async () => {
    const user = { localAddress: "127.0.0.2" };
    const attacker = { localAddress: "127.0.0.3" };
    const q = await quote(running.app.origin, btcToUsdtTron(), user);

    // The attacker saw the quote id (say, on the host page) and creates the swap first, paying out to itself.
    const stolen = await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS_2), crypto.randomUUID(), attacker);
    expect(stolen.status, stolen.raw).toBe(200);
    const attackerSwap = swapCreatedSchema.parse(stolen.json).swap;

    const res = await createSwap(running.app.origin, swapBody(q.id, TRON_ADDRESS), crypto.randomUUID(), user);
    const body = expectError(res, 409, "quote_already_used");
    expect(res.text).not.toContain(attackerSwap.id);
    expect(res.text).not.toContain(attackerSwap.deposit.address);
    expect(res.text).not.toContain(TRON_ADDRESS_2);
    expect(res.text).not.toContain("accessToken");
    expect(body.error.details).toEqual({});
  });

  it("mints no access token for someone else's swap, whatever destination, refund address or e-mail is asked for", async () => {
    const q = await quote(running.app.origin);
    const made = await createSwap(
      running.app.origin,
      swapBody(q.id, TRON_ADDRESS, { refundAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" }),
    );
    expect(made.status, made.raw).toBe(200);
    const attempts = [
      swapBody(q.id, TRON_ADDRESS_2),
      swapBody(q.id, TRON_ADDRESS), // same payout, but no refund address: not the request that made it
      swapBody(q.id, TRON_ADDRESS, { refundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }),
      swapBody(q.id, TRON_ADDRESS, {
        refundAddress: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        notificationEmail: "thief@example.com",
      }),
    ];
    for (const body of attempts) {
      const res = await createSwap(running.app.origin, body, crypto.randomUUID(), { localAddress: "127.0.0.4" });
      expectError(res, 409, "quote_already_used");
      expect(res.text).not.toContain("accessToken");
    }
  });

  it("takes a memo given with the quote as the payout memo of a swap request that names none, and gives that swap to no other memo", async () => {
    const toXrp = {
      from: { network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { network: "xrpl", token: "XRP", memo: "4242" },
    };
    const q = await quote(running.app.origin, toXrp);
    const made = await createSwap(running.app.origin, swapBody(q.id, XRP_ADDRESS));
    expect(made.status, made.raw).toBe(200); // not 409: the swap made upstream is the requester's
    const { swap } = swapCreatedSchema.parse(made.json);
    expect(swap.payout).toMatchObject({ address: XRP_ADDRESS, memo: "4242" });

    // The same request again (a lost answer) gets the same swap; another memo on that quote gets nothing.
    const again = await createSwap(running.app.origin, swapBody(q.id, XRP_ADDRESS), crypto.randomUUID());
    expect(swapCreatedSchema.parse(again.json).swap.id).toBe(swap.id);
    const other = await createSwap(
      running.app.origin,
      { quoteId: q.id, destination: { address: XRP_ADDRESS, memo: "99" } },
      crypto.randomUUID(),
      {
        localAddress: "127.0.0.5",
      },
    );
    expectError(other, 409, "quote_already_used");
    expect(other.text).not.toContain(swap.id);
  });

  it("still gives the same person their one swap when they retry with a new Idempotency-Key", async () => {
    const q = await quote(running.app.origin);
    const body = swapBody(q.id, TRON_ADDRESS, { notificationEmail: "me@example.com" });
    const first = await createSwap(running.app.origin, body);
    expect(first.status, first.raw).toBe(200);
    const again = await createSwap(running.app.origin, body, crypto.randomUUID());
    expect(again.status, again.raw).toBe(200);
    expect(swapCreatedSchema.parse(again.json).swap.id).toBe(swapCreatedSchema.parse(first.json).swap.id);
  });
});

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

/**
 * Sends up to `bytes` of body as fast as the socket takes it and resolves with the answer's status,
 * or "reset" when the server closed the connection on a body it refused to read (the 413 may be
 * lost in the reset, as with any server that stops reading).
 */
function sendLarge(origin: string, bytes: number, chunked: boolean): Promise<number | "reset"> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    };
    if (!chunked) headers["content-length"] = String(bytes);
    let settled = false;
    const settle = (outcome: number | "reset") => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      req.destroy();
    };
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: "POST", path: "/api/v1/swap", headers, agent: false },
      (res) => {
        res.resume();
        settle(res.statusCode ?? 0);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") setTimeout(() => settle("reset"), 200);
      else if (!settled) reject(error);
    });
    req.setTimeout(20_000, () => req.destroy(new Error("no answer")));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

/** Sends only the head of a request that declares `bytes` of body, and waits for the answer. */
function declareOnly(origin: string, bytes: number): Promise<number> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/api/v1/quote",
        headers: { "content-type": "application/json", "content-length": String(bytes) },
        agent: false,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    // A server that waits for the body instead of refusing it never answers.
    req.setTimeout(5_000, () => req.destroy(new Error("no answer within 5 s to a declared 8 MiB body")));
    req.flushHeaders();
  });
}

describe("4. huge bodies are refused before they are read", () => {
  onSandbox.use();
  const running = onSandbox;

  it("answers a declared 8 MiB body with 413 before a byte of it is sent", async () => {
    expect(await declareOnly(running.app.origin, 8 * 1024 * 1024)).toBe(413);
  });

  it("refuses 24 parallel 8 MiB POSTs, declared or chunked, and the server does not grow by their size", async () => {
    await call(running.app.origin, "/api/health");
    const before = rssKiB(running.app.pid);
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) => sendLarge(running.app.origin, 8 * 1024 * 1024, i % 2 === 1)),
    );
    for (const outcome of outcomes) expect([413, "reset"]).toContain(outcome);
    const grownMiB = (rssKiB(running.app.pid) - before) / 1024;
    // 24 × 8 MiB = 192 MiB if the bodies were held in full.
    // Measured here: about 2 MiB with the front; over 40 MiB when Next reads the bodies itself.
    expect(grownMiB).toBeLessThan(16);
  });

  it("answers a chunked body just over 16 KiB with 413 in the error shape", async () => {
    const res = await call(running.app.origin, "/api/v1/quote", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: JSON.stringify({ pad: "x".repeat(17 * 1024) }),
    });
    expectError(res, 413, "payload_too_large");
    // Made by the front, not Next: it still carries what every answer does.
    expect(res.header("cache-control")).toBe("no-store");
    expect(res.header("x-content-type-options")).toBe("nosniff");
    expect(res.header("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("still takes a body just under the cap", async () => {
    const res = await postQuote(running.app.origin, { ...btcToUsdtTron(), pad: "x".repeat(15 * 1024) });
    expectError(res, 400, "validation_error");
  });
});

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
