// The sandbox where a black-box check found it less faithful to the spec, its public facts or plain
// HTTP than it could be, one block per finding: driven in process on a manual clock, as
// tests/unit/sandbox-spec.test.ts drives it, but with the raw request under the test's control.
import { describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/sandbox/clock";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { errorCodes } from "@/lib/schema/partner";

const KEY = "lsk_test_sandbox";
const T0 = Date.parse("2026-11-01T12:00:00.000Z");

type Answer = { status: number; headers: Headers; body: Record<string, unknown> & { error?: Record<string, unknown> } };
type Init = { method?: "GET" | "POST"; body?: string; headers?: Record<string, string> };

function harness() {
  const clock = createManualClock(T0);
  const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000" }), { clock });

  /** One request as given: the body as is, and a JSON content-type only when the test does not say another. */
  async function send(path: string, { method = "GET", body, headers = {} }: Init = {}): Promise<Answer> {
    const res = await sandbox.handle(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: {
          "x-api-key": KEY,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body,
      }),
    );
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer["body"] };
  }

  return { clock, send };
}

const quoteBody = JSON.stringify({
  from: { network: "bitcoin", token: "BTC", amount: "0.01" },
  to: { network: "tron", token: "USDT" },
});

// ---- 1. a body past the limit is 413 -----------------------------------------------------------

describe("a request body past the sandbox's limit", () => {
  it("is answered 413 in the API's error shape, for a body of 1 MB and for one just over 64 KiB", async () => {
    const h = harness();
    for (const size of [1024 * 1024, 64 * 1024 + 1]) {
      const res = await h.send("/v1/quote", { method: "POST", body: `{"pad":"${"x".repeat(size)}"}` });
      expect(res.status, String(size)).toBe(413);
      expect(res.body).toEqual({
        error: {
          code: "validation_error",
          message: "The request body is larger than 65536 bytes.",
          details: { maxBytes: 65536 },
        },
        requestId: res.headers.get("x-request-id"),
      });
    }
  });

  it("counts bytes, not characters: 40,000 two-byte characters are over it", async () => {
    const h = harness();
    const res = await h.send("/v1/address", { method: "POST", body: `{"address":"${"é".repeat(40_000)}"}` });
    expect(res.status).toBe(413);
  });

  it("refuses a declared content-length past the limit before reading the body", async () => {
    const h = harness();
    const res = await h.send("/v1/quote", {
      method: "POST",
      body: quoteBody,
      headers: { "content-length": String(10 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it("still reads a body at the limit", async () => {
    const h = harness();
    const res = await h.send("/v1/quote", {
      method: "POST",
      body: quoteBody.replace(/}$/, `${" ".repeat(64 * 1024 - quoteBody.length)}}`),
    });
    expect(res.status).toBe(200);
  });
});

// ---- 2. a JSON body is sent as application/json -------------------------------------------------

describe("a request body's content-type", () => {
  it.each(["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "application/jsonp", ""])(
    "refuses a JSON body sent as %j with 415 in the API's error shape",
    async (type) => {
      const h = harness();
      const res = await h.send("/v1/quote", { method: "POST", body: quoteBody, headers: { "content-type": type } });
      expect(res.status).toBe(415);
      expect(res.body.error).toMatchObject({ code: "validation_error", details: {} });
      expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
    },
  );

  it.each(["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])(
    "takes %j",
    async (type) => {
      const h = harness();
      expect(
        (await h.send("/v1/quote", { method: "POST", body: quoteBody, headers: { "content-type": type } })).status,
      ).toBe(200);
    },
  );

  it("asks no type of an empty body, which the schema then refuses as any missing body", async () => {
    const h = harness();
    const res = await h.send("/sandbox/reset", { method: "POST", body: "", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(200);
    expect((await h.send("/v1/quote", { method: "POST" })).body.error).toMatchObject({
      code: "validation_error",
      message: expect.stringMatching(/^body: /),
    });
  });
});

// ---- 3. x-request-id is echoed as the client sent it ---------------------------------------------

describe("the x-request-id echo", () => {
  const GENERATED = /^req_[0-9a-f]{24}$/;

  it.each([
    "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    "order/42+retry=1",
    "dGVzdA==",
    `{"trace":"a<b>"}`,
    "x".repeat(128),
    "trace-1234.abc",
  ])("echoes %j, any visible ASCII up to 128 characters, in the header and the error body", async (sent) => {
    const h = harness();
    const res = await h.send("/v1/swap/ZZZZZZZZZZZZ", { headers: { "x-request-id": sent } });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBe(sent);
    expect(res.body.requestId).toBe(sent);
  });

  it.each(["has spaces", "tab\there", "caf\u00e9", "x".repeat(129)])(
    "generates an id instead of echoing %j",
    async (sent) => {
      const h = harness();
      const res = await h.send("/v1/swap/ZZZZZZZZZZZZ", { headers: { "x-request-id": sent } });
      expect(res.headers.get("x-request-id")).toMatch(GENERATED);
      expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
    },
  );
});

// ---- 4. a seeded expired swap is past its deadline ---------------------------------------------

describe("a swap seeded as expired", () => {
  const HOUR_MS = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  type Seeded = { id: string; status: string; updatedAt: string; createdAt: string; deposit: { deadline: string } };

  async function seed(h: ReturnType<typeof harness>, body: Record<string, unknown>): Promise<string[]> {
    const res = await h.send("/sandbox/seed", { method: "POST", body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return res.body.ids as string[];
  }
  const read = async (h: ReturnType<typeof harness>, id: string) =>
    (await h.send(`/v1/swap/${id}`)).body as unknown as Seeded;

  /** The spec's expired: the deposit window has passed, so the deadline is behind and is when it expired. */
  function expectConsistent(swap: Seeded, now: number) {
    expect(Date.parse(swap.deposit.deadline) - Date.parse(swap.createdAt), swap.id).toBe(4 * HOUR_MS);
    if (swap.status !== "expired") return;
    expect(Date.parse(swap.deposit.deadline), swap.id).toBeLessThanOrEqual(now);
    expect(swap.updatedAt, swap.id).toBe(swap.deposit.deadline);
  }

  it("is expired only once its deadline is behind, dated at the deadline; one seeded within the window waits until then", async () => {
    const h = harness();
    const ids = await seed(h, {
      count: 3,
      statuses: ["expired"],
      createdFrom: iso(T0 - 10 * 24 * HOUR_MS),
      createdTo: iso(T0 - HOUR_MS),
    });
    const [old, older, young] = await Promise.all(ids.map((id) => read(h, id)));
    for (const swap of [old!, older!]) {
      expect(swap.status).toBe("expired");
      expectConsistent(swap, T0);
    }
    expect(young).toMatchObject({
      status: "waiting_deposit",
      createdAt: iso(T0 - HOUR_MS),
      deposit: { deadline: iso(T0 + 3 * HOUR_MS) },
    });

    h.clock.advance(3 * HOUR_MS);
    const expired = await read(h, young!.id);
    expect(expired).toMatchObject({ status: "expired", updatedAt: iso(T0 + 3 * HOUR_MS) });
    expectConsistent(expired, h.clock.now());
  });

  it("holds in the list too: of every status seeded over 30 days, no expired swap has its deadline ahead", async () => {
    const h = harness();
    await seed(h, { count: 200 });
    const listed: Seeded[] = [];
    for (let offset = 0; offset < 200; offset += 100) {
      listed.push(...((await h.send(`/v1/swap?limit=100&offset=${offset}`)).body.swaps as Seeded[]));
    }
    expect(listed).toHaveLength(200);
    expect(listed.filter((s) => s.status === "expired").length).toBeGreaterThan(10);
    for (const swap of listed) expectConsistent(swap, T0);
  });
});

// ---- 5. an unknown route: 404 with the spec's request-validation code (unchanged, pinned) ------

describe("an unknown route", () => {
  it.each([
    ["GET", "/v1/nope"],
    ["GET", "/v1/quote"],
    ["POST", "/v1/asset"],
    ["GET", "/v1/swap/ABCDEFGHIJKL/extra"],
    ["GET", "/v1/nope?limit=1&limit=2"],
  ] as const)(
    "%s %s is 404 in the API's error shape, with a code from the spec's closed list",
    async (method, path) => {
      const h = harness();
      const res = await h.send(path, { method, ...(method === "POST" ? { body: "{}" } : {}) });
      expect(res.status).toBe(404);
      expect(errorCodes).toContain(res.body.error!.code);
      expect(res.body.error).toMatchObject({ code: "validation_error", details: {} });
      expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
    },
  );
});

// ---- 6. a query parameter given twice is refused ------------------------------------------------

describe("a query parameter given twice", () => {
  it.each([
    ["/v1/swap?limit=5&limit=500", "limit"],
    ["/v1/swap?status=completed&status=failed", "status"],
    ["/v1/swap?offset=0&limit=5&offset=0", "offset"],
    ["/v1/asset?network=tron&network=bitcoin", "network"],
  ])("is refused at %s with validation_error naming %s, not read as its last value", async (path, name) => {
    const h = harness();
    const res = await h.send(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "validation_error",
      message: `${name}: given more than once`,
      details: { fields: { [name]: "given more than once" } },
    });
  });

  it("leaves a comma list, one value, as the spec's status filter", async () => {
    const h = harness();
    expect((await h.send("/v1/swap?status=completed,failed&limit=5")).status).toBe(200);
  });
});

// ---- 7. POST /address for an asset that can only be sent (unchanged, pinned) -------------------

describe("address validation for a send-only asset", () => {
  const ETH_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

  it("answers on the address's form, as the checkout's refund-address check needs; the quote is where such a payout is refused", async () => {
    const h = harness();
    const assets = (await h.send("/v1/asset?network=ethereum&symbol=WBTC")).body.assets as Array<{
      canSend: boolean;
      canReceive: boolean;
    }>;
    expect(assets).toEqual([expect.objectContaining({ canSend: true, canReceive: false })]);
    const check = (address: string) =>
      h.send("/v1/address", {
        method: "POST",
        body: JSON.stringify({ network: "ethereum", token: "WBTC", address, memo: null }),
      });
    expect((await check(ETH_ADDRESS)).body).toEqual({
      valid: true,
      normalizedAddress: ETH_ADDRESS,
      requiresMemo: false,
      supportsMemo: false,
      message: null,
    });
    expect((await check("0x1234")).body).toMatchObject({ valid: false });
    const quote = await h.send("/v1/quote", {
      method: "POST",
      body: JSON.stringify({
        from: { network: "bitcoin", token: "BTC", amount: "0.01" },
        to: { network: "ethereum", token: "WBTC" },
      }),
    });
    expect(quote).toMatchObject({ status: 400, body: { error: { code: "unsupported_asset" } } });
  });
});

// ---- a simulated deposit of no chain's size ----------------------------------------------------

describe("a simulated deposit", () => {
  async function newSwap(h: ReturnType<typeof harness>) {
    const quote = await h.send("/v1/quote", { method: "POST", body: quoteBody });
    const swap = await h.send("/v1/swap", {
      method: "POST",
      body: JSON.stringify({
        quoteId: quote.body.id,
        destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r", memo: null },
      }),
    });
    expect(swap.status).toBe(200);
    return swap.body.id as string;
  }

  it("may overpay up to 10 times the swap's amount, and is refused past that, naming the amount", async () => {
    const h = harness();
    const huge = await h.send(`/sandbox/swaps/${await newSwap(h)}/deposit`, {
      method: "POST",
      body: JSON.stringify({ amount: "99999999999999999999999999999" }),
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      error: { code: "validation_error", details: { fields: { amount: expect.stringMatching(/at most 10 times/) } } },
    });
    const over = await h.send(`/sandbox/swaps/${await newSwap(h)}/deposit`, {
      method: "POST",
      body: JSON.stringify({ amount: "0.1" }),
    });
    expect(over.status).toBe(200);
  });
});
