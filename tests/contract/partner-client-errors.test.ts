// The partner client's errors: every spec error code as a PartnerError, and the error body on the wire.
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { PartnerError } from "@/lib/partner/errors";
import { createManualClock } from "@/lib/sandbox/clock";
import { errorCodes, type CreateQuoteRequest } from "@/lib/schema/partner";
import type { RunningSandbox } from "@/tests/support/servers";
import {
  BTC_ADDRESS,
  GENERATED_REQUEST_ID,
  KEY,
  TRON_ADDRESS,
  XRP_ADDRESS,
  btcToUsdt,
  clientFor,
  codesSeen,
  expectSpecError,
  raw,
  recording,
  rejection,
  sandboxesForFile,
  type Client,
} from "./support/partner-client";

const sandbox = sandboxesForFile();

const TRON_ADDRESS_2 = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";

// ---- every error code -------------------------------------------------------------------------

describe("error codes, as PartnerError with the spec's status, message and request id", () => {
  let sb: RunningSandbox;
  let client: Client;
  beforeAll(async () => {
    sb = await sandbox();
    client = clientFor(sb, { maxRetries: 0 });
  });

  it("answers 400 validation_error with details.fields to a quoteId that breaks the pattern", async () => {
    const error = await rejection(
      client.createSwap(
        { quoteId: "pq_NOT-A-QUOTE", destination: { address: TRON_ADDRESS } },
        { requestId: "bad-quote-id" },
      ),
    );
    expectSpecError(error, "validation_error", "bad-quote-id");
    expect(error.details).toMatchObject({ fields: { quoteId: expect.any(String) } });
  });

  it("answers 400 validation_error to an unknown body field", async () => {
    const body = { ...btcToUsdt(), referrer: "somebody" } as CreateQuoteRequest;
    const error = await rejection(client.createQuote(body));
    expectSpecError(error, "validation_error");
    expect(error.message).toMatch(/referrer/);
  });

  it.each(["1e-2", "-0.01", ".01", "0.01 ", "ten", "0x10"])(
    "answers 400 validation_error to the amount %j",
    async (amount) => {
      expectSpecError(await rejection(client.createQuote(btcToUsdt(amount))), "validation_error");
    },
  );

  it("answers 400 validation_error to an amount with more decimals than the asset has", async () => {
    expectSpecError(await rejection(client.createQuote(btcToUsdt("0.000000001"))), "validation_error");
  });

  it.each([
    ["below", "0.0001"],
    ["above", "1"],
  ])("answers 400 validation_error with the bounds in details to an amount %s them", async (_side, amount) => {
    const error = await rejection(client.createQuote(btcToUsdt(amount)));
    expectSpecError(error, "validation_error");
    expect(error.details).toEqual({ minAmountIn: "0.0003", maxAmountIn: "0.5" });
  });

  // The public docs allow null for a quote's rate and bounds and an asset's logo; the sandbox gives
  // them for LTC and DOGE, so a client that cannot take a null fails here, not against the service.
  it("quotes from LTC with no rate and no bounds, refuses an amount outside its unpublished bounds with empty details, and makes the swap", async () => {
    const ltc = {
      from: { network: "litecoin", token: "LTC", amount: "1" },
      to: { network: "tron", token: "USDT" },
    } as const;
    const quote = await client.createQuote(ltc);
    expect(quote).toMatchObject({ rate: null, minAmountIn: null, maxAmountIn: null });
    expect(Number(quote.to.estimatedAmount)).toBeGreaterThan(0);
    expect(
      (
        await client.createQuote({
          ...ltc,
          from: { network: "tron", token: "USDT", amount: "100" },
          to: { network: "litecoin", token: "LTC" },
        })
      ).rate,
    ).toBeNull();
    const refused = await rejection(client.createQuote({ ...ltc, from: { ...ltc.from, amount: "1000" } }));
    expectSpecError(refused, "validation_error");
    expect(refused.details).toEqual({});
    const swap = await client.createSwap({ quoteId: quote.id, destination: { address: TRON_ADDRESS } });
    expect(swap.quote).toMatchObject({ id: quote.id, rate: null });
    const assets = await client.listAssets();
    expect(assets.assets.find((a) => a.symbol === "DOGE")!.logoUrl).toBeNull();
    expect(assets.assets.filter((a) => a.logoUrl === null).map((a) => a.symbol)).toEqual(["DOGE"]);
  });

  it("answers 400 validation_error at swap time to a destination address that is not valid on the network", async () => {
    const quote = await client.createQuote(btcToUsdt());
    const error = await rejection(client.createSwap({ quoteId: quote.id, destination: { address: BTC_ADDRESS } }));
    expectSpecError(error, "validation_error");
    expect(error.details).toMatchObject({ fields: { "destination.address": expect.any(String) } });
  });

  it("answers 400 validation_error at swap time when the receiving asset requires a memo and none was given", async () => {
    const quote = await client.createQuote(btcToUsdt("0.01", { to: { network: "xrpl", token: "XRP" } }));
    expectSpecError(
      await rejection(client.createSwap({ quoteId: quote.id, destination: { address: XRP_ADDRESS } })),
      "validation_error",
    );
  });

  it("answers 400 unsupported_asset to an asset it does not list, and to a receive-only asset as the input", async () => {
    expectSpecError(
      await rejection(
        client.createQuote({
          from: { network: "bitcoin", token: "BCH", amount: "1" },
          to: { network: "tron", token: "USDT" },
        }),
      ),
      "unsupported_asset",
    );
    expectSpecError(
      await rejection(
        client.createQuote({
          from: { network: "ethereum", token: "DAI", amount: "100" },
          to: { network: "tron", token: "USDT" },
        }),
      ),
      "unsupported_asset",
    );
    expectSpecError(
      await rejection(client.validateAddress({ network: "bitcoin", token: "BCH", address: BTC_ADDRESS })),
      "unsupported_asset",
    );
  });

  it("answers 400 unsupported_pair to DOGE (dogecoin) → TON (ton)", async () => {
    const error = await rejection(
      client.createQuote({
        from: { network: "dogecoin", token: "DOGE", amount: "100" },
        to: { network: "ton", token: "TON" },
      }),
    );
    expectSpecError(error, "unsupported_pair");
  });

  it("answers 400 unsupported_memo to a destination memo for tron, at quote time and in address validation", async () => {
    expectSpecError(
      await rejection(client.createQuote(btcToUsdt("0.01", { to: { network: "tron", token: "USDT", memo: "123" } }))),
      "unsupported_memo",
    );
    expectSpecError(
      await rejection(client.validateAddress({ network: "tron", token: "USDT", address: TRON_ADDRESS, memo: "123" })),
      "unsupported_memo",
    );
  });

  it("answers 400 unsupported_memo to a swap-time memo for tron", async () => {
    const quote = await client.createQuote(btcToUsdt());
    expectSpecError(
      await rejection(client.createSwap({ quoteId: quote.id, destination: { address: TRON_ADDRESS, memo: "123" } })),
      "unsupported_memo",
    );
  });

  it("answers 400 quote_expired to a swap from a quote older than its 180 s lifetime, and accepts one just younger", async () => {
    const clock = createManualClock();
    const timed = clientFor(await sandbox({}, clock), { maxRetries: 0 });
    const young = await timed.createQuote(btcToUsdt());
    const old = await timed.createQuote(btcToUsdt());
    clock.advance(179_000);
    expect((await timed.createSwap({ quoteId: young.id, destination: { address: TRON_ADDRESS } })).status).toBe(
      "waiting_deposit",
    );
    clock.advance(2_000);
    expectSpecError(
      await rejection(timed.createSwap({ quoteId: old.id, destination: { address: TRON_ADDRESS } })),
      "quote_expired",
    );
  });

  it("answers 404 quote_not_found to a well-formed quote id it never issued", async () => {
    expectSpecError(
      await rejection(client.createSwap({ quoteId: `pq_${"0".repeat(24)}`, destination: { address: TRON_ADDRESS } })),
      "quote_not_found",
    );
  });

  it("answers 409 quote_already_used when a used quote is sent with another destination", async () => {
    const quote = await client.createQuote(btcToUsdt());
    await client.createSwap({ quoteId: quote.id, destination: { address: TRON_ADDRESS } });
    expectSpecError(
      await rejection(client.createSwap({ quoteId: quote.id, destination: { address: TRON_ADDRESS_2 } })),
      "quote_already_used",
    );
  });

  it("answers 404 swap_not_found to a well-formed swap id it does not know", async () => {
    expectSpecError(
      await rejection(client.getSwap("ZZZZZZZZZZZZ", { requestId: "who-is-this" })),
      "swap_not_found",
      "who-is-this",
    );
  });

  it("answers 401 invalid_api_key to a wrong key", async () => {
    const wrongKey = clientFor(sb, { apiKey: "lsk_test_wrong", maxRetries: 0 });
    expectSpecError(await rejection(wrongKey.listAssets()), "invalid_api_key");
  });

  it("answers 403 inactive_partner to the key lsk_test_inactive", async () => {
    const inactive = clientFor(sb, { apiKey: "lsk_test_inactive", maxRetries: 0 });
    expectSpecError(await rejection(inactive.listSwaps()), "inactive_partner");
  });

  it("answers 429 rate_limited with an integer Retry-After once the key's per-minute limit is spent", async () => {
    const limited = await sandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "3" });
    const seen: Array<number | null> = [];
    const c = clientFor(limited, { maxRetries: 0, onRateLimited: (s) => seen.push(s) });
    for (let i = 0; i < 3; i++) await c.listAssets({ network: "tron" });
    const error = await rejection(c.listAssets({ network: "tron" }));
    expectSpecError(error, "rate_limited");
    expect(Number.isInteger(error.retryAfterSeconds)).toBe(true);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(seen).toEqual([error.retryAfterSeconds]);
    const wire = await raw(limited, "/v1/asset");
    expect(wire.res.status).toBe(429);
    expect(wire.res.headers.get("retry-after")).toMatch(/^\d+$/);
    // the sandbox's controls are not counted against the limit
    expect((await raw(limited, "/sandbox/seed", { method: "POST", body: { count: 1 } })).res.status).toBe(200);
  });

  it("answers 500 internal_error to x-sandbox-fault: internal_error", async () => {
    expectSpecError(
      await rejection(client.listAssets({}, { headers: { "x-sandbox-fault": "internal_error" } })),
      "internal_error",
    );
  });

  it("answers 503 provider_unavailable to x-sandbox-fault: provider_unavailable", async () => {
    expectSpecError(
      await rejection(client.createQuote(btcToUsdt(), { headers: { "x-sandbox-fault": "provider_unavailable" } })),
      "provider_unavailable",
    );
  });

  it("has produced every one of the spec's 13 error codes in the tests above", () => {
    expect(errorCodes).toHaveLength(13);
    expect([...codesSeen].sort()).toEqual([...errorCodes].sort());
  });

  it("refuses a swap id that breaks the spec's pattern before anything is sent", async () => {
    const { transport, calls } = recording();
    const c = clientFor(sb, { transport });
    for (const id of ["../asset", "abcdefghijkl", "ABC", "ABCDEFGHIJKL?x=1"]) {
      const error = await rejection((async () => c.getSwap(id))());
      expect(error.code).toBe("validation_error");
    }
    expect(calls).toHaveLength(0);
  });

  it("returns a rejected promise, rather than throwing, for a swap id that breaks the pattern", async () => {
    const c = clientFor(sb);
    let result: Promise<unknown> | undefined;
    expect(() => {
      result = c.getSwap("../asset");
    }).not.toThrow();
    await expect(result).rejects.toBeInstanceOf(PartnerError);
  });
});

// ---- the error body on the wire ----------------------------------------------------------------

describe("error responses on the wire", () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await sandbox();
  });

  it.each([
    ["invalid_api_key", 401, "/v1/asset", { headers: { "x-api-key": "nope" } }],
    ["validation_error", 400, "/v1/swap?limit=0", {}],
    ["swap_not_found", 404, "/v1/swap/ZZZZZZZZZZZZ", {}],
    [
      "quote_not_found",
      404,
      "/v1/swap",
      { method: "POST", body: { quoteId: `pq_${"a".repeat(24)}`, destination: { address: TRON_ADDRESS } } },
    ],
    ["internal_error", 500, "/v1/asset", { headers: { "x-sandbox-fault": "internal_error" } }],
    [
      "provider_unavailable",
      503,
      "/v1/quote",
      { method: "POST", body: btcToUsdt(), headers: { "x-sandbox-fault": "provider_unavailable" } },
    ],
    ["rate_limited", 429, "/v1/asset", { headers: { "x-sandbox-fault": "rate_limited" } }],
  ] as const)(
    "answers %s as HTTP %i with exactly { error: { code, message, details }, requestId }",
    async (code, status, path, init) => {
      const { res, body } = await raw(sb, path, init as Parameters<typeof raw>[2]);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(Object.keys(body).sort()).toEqual(["error", "requestId"]);
      expect(Object.keys(body.error!).sort()).toEqual(["code", "details", "message"]);
      expect(body.error).toMatchObject({ code, message: expect.stringMatching(/\S/), details: expect.any(Object) });
      expect(body.requestId).toMatch(GENERATED_REQUEST_ID);
      expect(res.headers.get("x-request-id")).toBe(body.requestId);
    },
  );

  it("answers a missing x-api-key with 401 invalid_api_key", async () => {
    const res = await fetch(`${sb.baseUrl}/asset`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
  });

  it("echoes a sent x-request-id in the header and the error body", async () => {
    const { res, body } = await raw(sb, "/v1/swap/ZZZZZZZZZZZZ", { headers: { "x-request-id": "trace-1234.abc" } });
    expect(res.headers.get("x-request-id")).toBe("trace-1234.abc");
    expect(body.requestId).toBe("trace-1234.abc");
  });

  it("echoes a sent x-request-id on a success and generates one when none was sent", async () => {
    expect(
      (await raw(sb, "/v1/asset?network=tron", { headers: { "x-request-id": "ok-1" } })).res.headers.get(
        "x-request-id",
      ),
    ).toBe("ok-1");
    const first = (await raw(sb, "/v1/asset?network=tron")).res.headers.get("x-request-id");
    const second = (await raw(sb, "/v1/asset?network=tron")).res.headers.get("x-request-id");
    expect(first).toMatch(GENERATED_REQUEST_ID);
    expect(second).toMatch(GENERATED_REQUEST_ID);
    expect(second).not.toBe(first);
  });

  it("replaces an x-request-id that is not sane (too long, or with spaces) by a generated one", async () => {
    for (const sent of ["x".repeat(300), "has spaces in it"]) {
      const { res, body } = await raw(sb, "/v1/swap/ZZZZZZZZZZZZ", { headers: { "x-request-id": sent } });
      expect(res.headers.get("x-request-id")).toMatch(GENERATED_REQUEST_ID);
      expect(body.requestId).toBe(res.headers.get("x-request-id"));
    }
  });

  it("answers an id of the wrong shape in the path with 400 validation_error", async () => {
    const { res, body } = await raw(sb, "/v1/swap/abcdefghijkl");
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: "validation_error" });
  });

  it("answers a body that is not JSON with 400 validation_error", async () => {
    const res = await fetch(`${sb.baseUrl}/quote`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: "{from:",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
  });

  it("answers a malformed percent-escape in the swap id with 400 validation_error, not 500", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {}); // the sandbox logs the 500
    onTestFinished(() => quiet.mockRestore());
    const { res, body } = await raw(sb, "/v1/swap/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: "validation_error" });
  });
});
