// The Partner Swap API client (lib/partner/client.ts) against the sandbox served over real HTTP:
// every operation's success shape, every error code of the spec, the retry rules, and the sandbox's
// deposit, seed and list-sync behaviour (spec/partner-swap-api-v1.md, spec/PUBLIC-FACTS.md,
// DESIGN.md "The sandbox's own interface").
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createPartnerClient, type PartnerClientOptions, type Transport } from "@/lib/partner/client";
import { PartnerError, isPartnerError } from "@/lib/partner/errors";
import { createManualClock } from "@/lib/sandbox/clock";
import {
  decimalStringSchema,
  errorCodeStatus,
  errorCodes,
  quoteIdPattern,
  swapIdPattern,
  swapListSchema,
  swapSchema,
  type CreateQuoteRequest,
  type CreateSwapRequest,
  type ErrorCode,
  type Swap,
  type SwapListItem,
} from "@/lib/schema/partner";
import { startSandbox, type RunningSandbox } from "@/tests/support/servers";
import type { SandboxClock } from "@/lib/sandbox/clock";

const KEY = "lsk_test_sandbox";
const BTC_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_ADDRESS_2 = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
const COSMOS_ADDRESS = "cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta";
const XRP_ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
const GENERATED_REQUEST_ID = /^req_[0-9a-f]{24,32}$/;
const T0 = Date.parse("2026-11-01T12:00:00.000Z"); // createManualClock's start, on a minute boundary

const fetchTransport: Transport = (url, init) => fetch(url, init);

// ---- helpers ---------------------------------------------------------------------------------

const opened: RunningSandbox[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

/** A fresh sandbox over HTTP; closed after the file. Generous rate limit unless the test sets one. */
async function sandbox(env: Record<string, string> = {}, clock?: SandboxClock): Promise<RunningSandbox> {
  const running = await startSandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000", ...env }, clock);
  opened.push(running);
  return running;
}

function clientFor(sb: { baseUrl: string }, overrides: Partial<PartnerClientOptions> = {}) {
  return createPartnerClient({
    baseUrl: sb.baseUrl,
    apiKey: KEY,
    transport: fetchTransport,
    timeoutMs: 5_000,
    sleep: async () => {},
    ...overrides,
  });
}

/** A transport that records every attempt and passes it on. */
function recording(inner: Transport = fetchTransport) {
  const calls: Array<{ url: string; init: RequestInit; headers: Headers }> = [];
  const transport: Transport = (url, init) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return inner(url, init);
  };
  return { transport, calls };
}

/** A transport that adds `x-sandbox-fault: <fault>` to the first attempt only. */
function faultOnFirstAttempt(fault: string) {
  let attempts = 0;
  return recording((url, init) => {
    const headers = new Headers(init.headers);
    if (attempts++ === 0) headers.set("x-sandbox-fault", fault);
    return fetch(url, { ...init, headers });
  });
}

/** The PartnerError a call rejects with; fails the test when it succeeds or throws anything else. */
async function rejection(promise: Promise<unknown>): Promise<PartnerError> {
  const outcome = await promise.then(
    () => new Error("expected the call to fail, but it succeeded"),
    (error: unknown) => error,
  );
  if (isPartnerError(outcome)) return outcome;
  throw outcome instanceof Error ? outcome : new Error(`expected a PartnerError, got ${String(outcome)}`);
}

/** A spec error as the client reports it: the code, its HTTP status, a message and a request id. */
const codesSeen = new Set<string>();
function expectSpecError(error: PartnerError, code: ErrorCode, requestId: string | RegExp = GENERATED_REQUEST_ID) {
  expect(error.code).toBe(code);
  codesSeen.add(error.code);
  expect(error.status).toBe(errorCodeStatus[code]);
  expect(error.message).toMatch(/\S/);
  if (typeof requestId === "string") expect(error.requestId).toBe(requestId);
  else expect(error.requestId).toMatch(requestId);
}

const btcToUsdt = (amount = "0.01", extra: Partial<CreateQuoteRequest> = {}): CreateQuoteRequest => ({
  from: { network: "bitcoin", token: "BTC", amount },
  to: { network: "tron", token: "USDT" },
  ...extra,
});

type Client = ReturnType<typeof clientFor>;

async function newSwap(
  client: Client,
  quote: CreateQuoteRequest = btcToUsdt(),
  destination: CreateSwapRequest["destination"] = { address: TRON_ADDRESS },
) {
  const q = await client.createQuote(quote);
  return client.createSwap({ quoteId: q.id, destination });
}

async function raw(
  sb: RunningSandbox,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(`${sb.origin}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-api-key": KEY,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    res,
    body: (text === "" ? undefined : JSON.parse(text)) as Record<string, unknown> & { error?: Record<string, unknown> },
  };
}

const deposit = (sb: RunningSandbox, id: string, body: Record<string, unknown> = {}) =>
  raw(sb, `/sandbox/swaps/${id}/deposit`, { method: "POST", body });

// ---- operations: success shapes ---------------------------------------------------------------

describe("operations against the sandbox over HTTP", () => {
  let sb: RunningSandbox;
  let client: Client;
  beforeAll(async () => {
    sb = await sandbox();
    client = clientFor(sb);
  });

  it("lists every asset with the spec's fields, native coins without a contract address", async () => {
    const list = await client.listAssets();
    expect(Number.isNaN(Date.parse(list.generatedAt))).toBe(false);
    expect(list.assets.length).toBeGreaterThan(20);
    const keys = list.assets.map((a) => `${a.symbol}.${a.network}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(list.assets.every((a) => a.network === a.network.toLowerCase())).toBe(true);
    expect(list.assets.find((a) => a.symbol === "BTC")).toEqual({
      symbol: "BTC",
      name: "Bitcoin",
      network: "bitcoin",
      decimals: 8,
      contractAddress: null,
      logoUrl: "/token/btc.svg",
      canSend: true,
      canReceive: true,
      requiresMemo: false,
      supportsMemo: false,
    });
    expect(list.assets.find((a) => a.symbol === "XRP")).toMatchObject({
      network: "xrpl",
      requiresMemo: true,
      supportsMemo: true,
    });
  });

  it("sends a base URL's credentials (https://user:pass@host/v1) as HTTP Basic auth, on a URL without them", async () => {
    const { transport, calls } = recording();
    const withCredentials = sb.baseUrl.replace("://", "://bf%40user:S3cret%3APW@");
    const list = await clientFor({ baseUrl: withCredentials }, { transport }).listAssets();
    expect(list.assets.length).toBeGreaterThan(20);
    expect(calls[0]!.url).toBe(`${sb.baseUrl.replace(/\/+$/, "")}/asset`);
    expect(calls[0]!.headers.get("authorization")).toBe(`Basic ${Buffer.from("bf@user:S3cret:PW").toString("base64")}`);
    // Without credentials, no Authorization header at all.
    const plain = recording();
    await clientFor(sb, { transport: plain.transport }).listAssets();
    expect(plain.calls[0]!.headers.get("authorization")).toBeNull();
  });

  it("filters assets by network", async () => {
    const list = await client.listAssets({ network: "tron" });
    expect(list.assets.map((a) => a.symbol).sort()).toEqual(["TRX", "USDT"]);
    expect(list.assets.every((a) => a.network === "tron")).toBe(true);
  });

  it("filters assets by symbol across networks", async () => {
    const list = await client.listAssets({ symbol: "USDT" });
    expect(list.assets.every((a) => a.symbol === "USDT")).toBe(true);
    expect(list.assets.map((a) => a.network)).toEqual(
      expect.arrayContaining(["ethereum", "tron", "bsc", "polygon", "ton"]),
    );
  });

  it("filters assets by network and symbol together", async () => {
    const list = await client.listAssets({ network: "tron", symbol: "USDT" });
    expect(list.assets).toHaveLength(1);
    expect(list.assets[0]).toMatchObject({
      symbol: "USDT",
      network: "tron",
      decimals: 6,
      contractAddress: TRON_ADDRESS,
    });
  });

  it("answers an empty asset list for a network it does not serve", async () => {
    expect((await client.listAssets({ network: "fantom" })).assets).toEqual([]);
  });

  it("validates a good address and returns it normalized, with the asset's memo rules", async () => {
    expect(
      await client.validateAddress({ network: "bitcoin", token: "BTC", address: BTC_ADDRESS.toUpperCase() }),
    ).toEqual({
      valid: true,
      normalizedAddress: BTC_ADDRESS,
      requiresMemo: false,
      supportsMemo: false,
      message: null,
    });
  });

  it("answers valid: false with a message for an address whose checksum is wrong", async () => {
    const result = await client.validateAddress({
      network: "bitcoin",
      token: "BTC",
      address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
    });
    expect(result).toMatchObject({ valid: false, normalizedAddress: null, requiresMemo: false, supportsMemo: false });
    expect(result.message).toMatch(/checksum/);
  });

  it("reports that XRP needs a memo while validating its address", async () => {
    const result = await client.validateAddress({ network: "xrpl", token: "XRP", address: XRP_ADDRESS, memo: "12345" });
    expect(result).toEqual({
      valid: true,
      normalizedAddress: XRP_ADDRESS,
      requiresMemo: true,
      supportsMemo: true,
      message: null,
    });
  });

  it("creates a 3-minute exact-input quote with bounds, rate and estimate", async () => {
    // On a manual clock: exactly three minutes, with no wall-clock margin to hide a wrong lifetime.
    const clock = createManualClock();
    const quote = await clientFor(await sandbox({}, clock)).createQuote(btcToUsdt("0.01"));
    expect(quote.id).toMatch(quoteIdPattern);
    expect(Date.parse(quote.expiresAt) - clock.now()).toBe(180_000);
    expect(quote.from).toEqual({ decimals: 8, network: "bitcoin", token: "BTC", amount: "0.01" });
    expect(quote.to).toMatchObject({ decimals: 6, network: "tron", token: "USDT" });
    // frozen prices: 97250 USD per BTC, 1 USD per USDT, 0.4 % spread
    expect(quote.rate).toBe("96861");
    expect(quote.to.estimatedAmount).toBe("968.61");
    expect(quote).toMatchObject({ minAmountIn: "0.0003", maxAmountIn: "0.5", estimatedTimeSeconds: 2_100 });
    for (const amount of [quote.rate, quote.to.estimatedAmount, quote.minAmountIn, quote.maxAmountIn])
      expect(decimalStringSchema.safeParse(amount).success).toBe(true);
  });

  it("creates a swap from a quote with deposit instructions, payout, quote link and the order references", async () => {
    const quote = await client.createQuote(btcToUsdt("0.01", { externalId: "order-42", customerId: "cust-7" }));
    const swap = await client.createSwap({
      quoteId: quote.id,
      destination: { address: TRON_ADDRESS },
      notificationEmail: "user@example.com",
    });
    expect(swap.id).toMatch(swapIdPattern);
    expect(swap).toMatchObject({
      status: "waiting_deposit",
      errorMessage: null,
      externalId: "order-42",
      customerId: "cust-7",
      from: { decimals: 8, network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { decimals: 6, network: "tron", token: "USDT", estimatedAmount: "968.61" },
      deposit: { memo: null, amount: "0.01", network: "bitcoin", token: "BTC" },
      payout: { address: TRON_ADDRESS, memo: null, network: "tron", token: "USDT", estimatedAmount: "968.61" },
      quote: { id: quote.id, rate: quote.rate, estimatedTimeSeconds: quote.estimatedTimeSeconds },
    });
    expect(swap.updatedAt).toBe(swap.createdAt);
    expect(Date.parse(swap.deposit.deadline) - Date.parse(swap.createdAt)).toBe(4 * 3_600_000);
    // the deposit address is a real address of the sending network
    expect(
      (await client.validateAddress({ network: "bitcoin", token: "BTC", address: swap.deposit.address })).valid,
    ).toBe(true);
  });

  it("reads a swap back by id exactly as it was created", async () => {
    const swap = await newSwap(client);
    expect(await client.getSwap(swap.id)).toEqual(swap);
  });

  it("carries a quote-time memo to the payout, and lets a swap-time memo win over it", async () => {
    const toAtom = btcToUsdt("0.01", { to: { network: "cosmos", token: "ATOM", memo: "from-quote" } });
    const fromQuote = await newSwap(client, toAtom, { address: COSMOS_ADDRESS });
    expect(fromQuote.payout).toMatchObject({
      address: COSMOS_ADDRESS,
      memo: "from-quote",
      network: "cosmos",
      token: "ATOM",
    });
    const fromSwap = await newSwap(client, toAtom, { address: COSMOS_ADDRESS, memo: "from-swap" });
    expect(fromSwap.payout.memo).toBe("from-swap");
  });

  it("gives a memo-network deposit a deposit memo", async () => {
    const swap = await newSwap(client, {
      from: { network: "xrpl", token: "XRP", amount: "100" },
      to: { network: "tron", token: "USDT" },
    });
    expect(swap.deposit).toMatchObject({ network: "xrpl", token: "XRP", amount: "100" });
    expect(swap.deposit.memo).toMatch(/^\d{9}$/);
  });

  it("answers the same swap when POST /swap is repeated with the same body (retry-safe per quoteId)", async () => {
    const quote = await client.createQuote(btcToUsdt());
    const body: CreateSwapRequest = { quoteId: quote.id, destination: { address: TRON_ADDRESS } };
    const first = await client.createSwap(body);
    const second = await client.createSwap(body);
    expect(second.id).toBe(first.id);
    const listed = (await client.listSwaps({ limit: "100" })).swaps.filter((s) => s.quote.id === quote.id);
    expect(listed.map((s) => s.id)).toEqual([first.id]);
  });
});

// ---- the swap list ----------------------------------------------------------------------------

describe("listing swaps", () => {
  let sb: RunningSandbox;
  let client: Client;
  const created: Swap[] = [];
  beforeAll(async () => {
    const clock = createManualClock();
    sb = await sandbox({}, clock);
    client = clientFor(sb);
    for (let i = 0; i < 3; i++) {
      created.push(await newSwap(client));
      clock.advance(60_000);
    }
  });

  it("lists newest first with the filters' total, the default limit 50 and offset 0", async () => {
    const list = await client.listSwaps();
    expect(list).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(list.swaps.map((s) => s.id)).toEqual(created.map((s) => s.id).reverse());
    expect(list.swaps.map((s) => s.createdAt)).toEqual(
      [T0 + 120_000, T0 + 60_000, T0].map((t) => new Date(t).toISOString()),
    );
  });

  it("lists each swap with the full Swap fields plus a commission whose rewards are null before completion", async () => {
    const [item] = (await client.listSwaps({ limit: "1", offset: "2" })).swaps;
    const { commission, ...swap } = item!;
    expect(swap).toEqual(created[0]);
    expect(commission).toEqual({ bps: 50, rewardAmountUsdc: null, rewardStatus: null });
  });

  it("pages with limit and offset while total stays the count of all matches", async () => {
    const page = await client.listSwaps({ limit: "1", offset: "1" });
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.swaps.map((s) => s.id)).toEqual([created[1]!.id]);
    const past = await client.listSwaps({ offset: "5" });
    expect(past).toMatchObject({ swaps: [], total: 3, offset: 5 });
  });

  it("accepts the bounds of limit, 1 and 100", async () => {
    expect((await client.listSwaps({ limit: "1" })).swaps).toHaveLength(1);
    expect(await client.listSwaps({ limit: "100" })).toMatchObject({ limit: 100, total: 3 });
  });

  it("filters on createdFrom and createdTo, both inclusive", async () => {
    const middle = new Date(T0 + 60_000).toISOString();
    const since = await client.listSwaps({ createdFrom: middle });
    expect(since.total).toBe(2);
    expect(since.swaps.map((s) => s.id)).toEqual([created[2]!.id, created[1]!.id]);
    expect((await client.listSwaps({ createdTo: middle })).swaps.map((s) => s.id)).toEqual([
      created[1]!.id,
      created[0]!.id,
    ]);
    expect((await client.listSwaps({ createdFrom: middle, createdTo: middle })).swaps.map((s) => s.id)).toEqual([
      created[1]!.id,
    ]);
    expect(
      (await client.listSwaps({ createdFrom: "2026-11-01T13:00:00+01:00", createdTo: "2026-11-01T12:00:00Z" })).total,
    ).toBe(1);
  });

  it("filters on a comma-separated status list", async () => {
    expect((await client.listSwaps({ status: "waiting_deposit" })).total).toBe(3);
    expect((await client.listSwaps({ status: "completed,expired" })).total).toBe(0);
    expect((await client.listSwaps({ status: "expired,waiting_deposit" })).total).toBe(3);
  });

  it.each([
    ["limit 0", { limit: "0" }],
    ["limit 101", { limit: "101" }],
    ["a limit that is no number", { limit: "ten" }],
    ["a negative offset", { offset: "-1" }],
    ["an unknown status", { status: "done" }],
    ["a status list with an empty item", { status: "completed," }],
    ["a createdFrom that is not a date-time", { createdFrom: "yesterday" }],
  ])("answers 400 validation_error to %s", async (_name, query) => {
    expectSpecError(
      await rejection(client.listSwaps(query, { requestId: "list-bad-query" })),
      "validation_error",
      "list-bad-query",
    );
  });
});

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

// ---- retries, timeouts and malformed answers ---------------------------------------------------

describe("the client's retry rules and fault handling", () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await sandbox({ SANDBOX_SLOW_MS: "2000" });
  });

  it("retries a GET after a 500 internal_error and succeeds on the next attempt", async () => {
    const { transport, calls } = faultOnFirstAttempt("internal_error");
    const list = await clientFor(sb, { transport, maxRetries: 2 }).listAssets({ network: "tron" });
    expect(list.assets.length).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it("retries POST /swap, which is retry-safe, after 503 provider_unavailable, and makes one swap", async () => {
    const c = clientFor(sb);
    const quote = await c.createQuote(btcToUsdt());
    const { transport, calls } = faultOnFirstAttempt("provider_unavailable");
    const swap = await clientFor(sb, { transport, maxRetries: 2 }).createSwap({
      quoteId: quote.id,
      destination: { address: TRON_ADDRESS },
    });
    expect(calls).toHaveLength(2);
    expect(swap.quote.id).toBe(quote.id);
    const made = (await c.listSwaps({ limit: "100" })).swaps.filter((s) => s.quote.id === quote.id);
    expect(made.map((s) => s.id)).toEqual([swap.id]);
  });

  it("does not retry POST /quote, which is not retry-safe", async () => {
    const { transport, calls } = faultOnFirstAttempt("internal_error");
    const error = await rejection(clientFor(sb, { transport, maxRetries: 2 }).createQuote(btcToUsdt()));
    expectSpecError(error, "internal_error");
    expect(calls).toHaveLength(1);
  });

  it("does not retry an answer about the request itself (400, 404, 409)", async () => {
    const { transport, calls } = recording();
    const c = clientFor(sb, { transport, maxRetries: 2 });
    await rejection(c.getSwap("ZZZZZZZZZZZZ"));
    await rejection(c.listSwaps({ limit: "0" }));
    await rejection(c.createSwap({ quoteId: `pq_${"b".repeat(24)}`, destination: { address: TRON_ADDRESS } }));
    expect(calls).toHaveLength(3);
  });

  it("serves a forced x-sandbox-fault once: the first attempt gets the 500, the retry with the same request id succeeds", async () => {
    const answers: Array<{ requestId: string | null; fault: string | null; status: number }> = [];
    const transport: Transport = async (url, init) => {
      const headers = new Headers(init.headers);
      const res = await fetchTransport(url, init);
      answers.push({
        requestId: headers.get("x-request-id"),
        fault: headers.get("x-sandbox-fault"),
        status: res.status,
      });
      return res;
    };
    const list = await clientFor(sb, { transport, maxRetries: 2 }).listAssets(
      {},
      { requestId: "fault-once", headers: { "x-sandbox-fault": "internal_error" } },
    );
    expect(list.assets.length).toBeGreaterThan(0);
    expect(answers).toEqual([
      { requestId: "fault-once", fault: "internal_error", status: 500 },
      { requestId: "fault-once", fault: "internal_error", status: 200 },
    ]);
  });

  it("waits out a short Retry-After (at least its seconds) and then retries", async () => {
    const sleeps: number[] = [];
    const limited: Array<number | null> = [];
    const { transport, calls } = faultOnFirstAttempt("rate_limited");
    const c = clientFor(sb, {
      transport,
      maxRetries: 2,
      maxRetryWaitMs: 3_000,
      sleep: async (ms) => void sleeps.push(ms),
      onRateLimited: (s) => limited.push(s),
    });
    await c.listAssets({ network: "tron" });
    expect(calls).toHaveLength(2);
    expect(limited).toEqual([1]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1_000);
  });

  it("does not wait out a Retry-After longer than maxRetryWaitMs: the 429 goes to the caller at once", async () => {
    const sleeps: number[] = [];
    const { transport, calls } = faultOnFirstAttempt("rate_limited");
    const c = clientFor(sb, {
      transport,
      maxRetries: 2,
      maxRetryWaitMs: 500,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const error = await rejection(c.listAssets());
    expectSpecError(error, "rate_limited");
    expect(error.retryAfterSeconds).toBe(1);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("does not wait out a real rate limit's Retry-After of up to a minute", async () => {
    const limitedSb = await sandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "1" });
    const sleeps: number[] = [];
    const { transport, calls } = recording();
    const c = clientFor(limitedSb, { transport, maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) });
    await c.listAssets({ network: "tron" });
    const error = await rejection(c.listAssets({ network: "tron" }));
    expect(error.code).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBeGreaterThan(3);
    expect(calls).toHaveLength(2);
    // The client waits only through its injected sleep: none asked for means none waited.
    expect(sleeps).toEqual([]);
  });

  it("turns an unparseable 200 body (x-sandbox-fault: malformed) into upstream_malformed", async () => {
    const error = await rejection(
      clientFor(sb, { maxRetries: 0 }).listSwaps(
        {},
        { requestId: "bad-body", headers: { "x-sandbox-fault": "malformed" } },
      ),
    );
    expect(error.code).toBe("upstream_malformed");
    expect(error.status).toBe(200);
    expect(error.requestId).toBe("bad-body");
  });

  it("gives up on a slow answer (x-sandbox-fault: slow) at timeoutMs with upstream_timeout", async () => {
    // No stopwatch: the slow answer does come (after 15 s), so a client with no timeout would
    // succeed, and one that ignored timeoutMs (300 ms here) would give up at this file's 5 s
    // default and say so in its message.
    const error = await rejection(
      clientFor(sb, { maxRetries: 0, timeoutMs: 300 }).listAssets({}, { headers: { "x-sandbox-fault": "slow" } }),
    );
    expect(error.code).toBe("upstream_timeout");
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/300 ms/);
  });

  it("does not try a safe call again after it timed out: an upstream that hangs once hangs again, and a person waits for each try", async () => {
    const { transport, calls } = recording((url, init) =>
      fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), "x-sandbox-fault": "slow" } }),
    );
    const error = await rejection(
      clientFor(sb, { transport, maxRetries: 2, timeoutMs: 300, sleep: async () => {} }).getSwap("ABCDEFGHIJKL"),
    );
    expect(error.code).toBe("upstream_timeout");
    expect(calls).toHaveLength(1);
  });

  it("makes exactly 1 + maxRetries attempts of a safe call when the transport always fails, with capped exponential backoff", async () => {
    const sleeps: number[] = [];
    const operations: string[] = [];
    const { transport, calls } = recording(async () => {
      throw new TypeError("fetch failed");
    });
    const c = clientFor(sb, {
      transport,
      maxRetries: 3,
      backoffBaseMs: 100,
      backoffCapMs: 250,
      random: () => 1,
      sleep: async (ms) => void sleeps.push(ms),
      beforeAttempt: async (op) => void operations.push(op),
    });
    const error = await rejection(c.getSwap("ABCDEFGHIJKL"));
    expect(error.code).toBe("upstream_unreachable");
    expect(error.status).toBe(0);
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 250]);
    expect(operations).toEqual(["getSwap", "getSwap", "getSwap", "getSwap"]);
  });

  it.each([
    [0, "listSwaps", 1],
    [2, "listSwaps", 3],
    [2, "createSwap", 3],
    [2, "createQuote", 1],
  ] as const)(
    "with maxRetries %i, %s against a dead transport makes %i attempt(s)",
    async (maxRetries, operation, attempts) => {
      const { transport, calls } = recording(async () => {
        throw new TypeError("fetch failed");
      });
      const c = clientFor(sb, { transport, maxRetries });
      const call =
        operation === "listSwaps"
          ? c.listSwaps()
          : operation === "createSwap"
            ? c.createSwap({ quoteId: `pq_${"c".repeat(24)}`, destination: { address: TRON_ADDRESS } })
            : c.createQuote(btcToUsdt());
      expect((await rejection(call)).code).toBe("upstream_unreachable");
      expect(calls).toHaveLength(attempts);
    },
  );

  it("refuses to follow a redirect: a 302 is upstream_malformed and its target is never asked", async () => {
    let targetHits = 0;
    const target: Server = createServer((_req, res) => {
      targetHits++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ generatedAt: new Date().toISOString(), assets: [] }));
    });
    const origin = (server: Server) => {
      const address = server.address();
      return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    };
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    const redirecting: Server = createServer((req, res) => {
      res.writeHead(302, { location: `${origin(target)}${req.url ?? "/"}`, "x-request-id": "redirected" });
      res.end();
    });
    await new Promise<void>((r) => redirecting.listen(0, "127.0.0.1", r));
    try {
      const error = await rejection(
        clientFor({ baseUrl: `${origin(redirecting)}/v1` }, { maxRetries: 0 }).listAssets(),
      );
      expect(error.code).toBe("upstream_malformed");
      expect(error.status).toBe(302);
      expect(targetHits).toBe(0);
    } finally {
      await Promise.all([target, redirecting].map((s) => new Promise<void>((r) => s.close(() => r()))));
    }
  });

  it("sends x-api-key, accept and the given x-request-id on every attempt, and a JSON body with content-type on POSTs only", async () => {
    const { transport, calls } = faultOnFirstAttempt("internal_error");
    const c = clientFor(sb, { transport, maxRetries: 1 });
    await c.listAssets({ network: "tron", symbol: undefined }, { requestId: "trace-get" });
    expect(calls).toHaveLength(2);
    for (const { url, init, headers } of calls) {
      expect(url).toBe(`${sb.baseUrl}/asset?network=tron`);
      expect(init.method).toBe("GET");
      expect(init.redirect).toBe("manual");
      expect(init.body).toBeUndefined();
      expect(headers.get("x-api-key")).toBe(KEY);
      expect(headers.get("x-request-id")).toBe("trace-get");
      expect(headers.get("accept")).toBe("application/json");
      expect(headers.has("content-type")).toBe(false);
    }
    const post = recording();
    const body = btcToUsdt("0.02", { externalId: "order-1" });
    await clientFor(sb, { transport: post.transport }).createQuote(body, { requestId: "trace-post" });
    expect(post.calls).toHaveLength(1);
    const [sent] = post.calls;
    expect(sent!.init.method).toBe("POST");
    expect(sent!.headers.get("content-type")).toBe("application/json");
    expect(sent!.headers.get("x-api-key")).toBe(KEY);
    expect(sent!.headers.get("x-request-id")).toBe("trace-post");
    expect(JSON.parse(String(sent!.init.body))).toEqual(body);
  });
});

// ---- tolerance of the response parser ---------------------------------------------------------

describe("the client's reading of responses", () => {
  let swap: Swap;
  beforeAll(async () => {
    const sb = await sandbox();
    swap = await newSwap(clientFor(sb));
  });

  const answering =
    (body: string, status = 200, headers: Record<string, string> = {}): Transport =>
    async () =>
      new Response(body, {
        status,
        headers: { "content-type": "application/json", "x-request-id": "req_crafted", ...headers },
      });
  const crafted = (transport: Transport) =>
    clientFor({ baseUrl: "http://upstream.invalid/v1" }, { transport, maxRetries: 0 });

  it("ignores unknown fields in a response, at the top and nested", async () => {
    const body = {
      ...swap,
      riskScore: 3,
      deposit: { ...swap.deposit, txHash: null },
      quote: { ...swap.quote, provider: "x" },
    };
    const read = await crafted(answering(JSON.stringify(body))).getSwap(swap.id);
    expect(read).toEqual(swap);
    expect(read).not.toHaveProperty("riskScore");
  });

  it.each(["status", "deposit", "updatedAt"] as const)(
    "calls a Swap without its required %s upstream_malformed, naming it",
    async (field) => {
      const { [field]: _dropped, ...rest } = swap;
      const error = await rejection(crafted(answering(JSON.stringify(rest))).getSwap(swap.id));
      expect(error.code).toBe("upstream_malformed");
      expect(error.requestId).toBe("req_crafted");
      expect(JSON.stringify(error.details)).toContain(field);
    },
  );

  it("calls a Swap with a status outside the spec's list upstream_malformed", async () => {
    const error = await rejection(crafted(answering(JSON.stringify({ ...swap, status: "on_hold" }))).getSwap(swap.id));
    expect(error.code).toBe("upstream_malformed");
  });

  it("accepts null where the public OpenAPI allows it (quote rate and bounds, asset contract and logo)", async () => {
    const quote = {
      id: `pq_${"d".repeat(24)}`,
      expiresAt: "2026-11-01T12:03:00.000Z",
      from: { decimals: 8, network: "bitcoin", token: "BTC", amount: "0.01" },
      to: { decimals: 6, network: "tron", token: "USDT", estimatedAmount: "968.61" },
      rate: null,
      minAmountIn: null,
      maxAmountIn: null,
      estimatedTimeSeconds: 0,
    };
    expect(await crafted(answering(JSON.stringify(quote))).createQuote(btcToUsdt())).toEqual(quote);
    const asset = {
      symbol: "X",
      name: "X",
      network: "x",
      decimals: 0,
      contractAddress: null,
      logoUrl: null,
      canSend: true,
      canReceive: false,
      requiresMemo: false,
      supportsMemo: false,
    };
    expect(
      (await crafted(answering(JSON.stringify({ generatedAt: "now", assets: [asset] }))).listAssets()).assets,
    ).toEqual([asset]);
  });

  it("judges an error without a usable body by its HTTP status", async () => {
    expect((await rejection(crafted(answering("<html>Bad gateway</html>", 502)).listAssets())).code).toBe(
      "internal_error",
    );
    expect((await rejection(crafted(answering("", 503)).listAssets())).code).toBe("provider_unavailable");
    const limited = await rejection(crafted(answering("", 429, { "retry-after": "7" })).listAssets());
    expect(limited).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 7 });
    expect(
      (
        await rejection(
          crafted(answering(JSON.stringify({ error: { code: "teapot", message: "no" } }), 418)).listAssets(),
        )
      ).code,
    ).toBe("upstream_malformed");
  });
});

// ---- the deposit control and the list's sync ---------------------------------------------------

describe("the sandbox's deposit control and the swap list", () => {
  it("walks a deposited swap through deposit_detected → processing → completed; the list follows each live read and then carries the commission", async () => {
    const clock = createManualClock();
    const sb = await sandbox({}, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    const listed = async (): Promise<SwapListItem> => (await c.listSwaps()).swaps.find((s) => s.id === swap.id)!;

    expect(await listed()).toMatchObject({
      status: "waiting_deposit",
      commission: { bps: 50, rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(1_000); // past the sync on the minute the swap was made in
    const deposited = await deposit(sb, swap.id);
    expect(deposited.res.status).toBe(200);
    expect(swapSchema.parse(deposited.body).status).toBe("deposit_detected");
    // The deposit arrived on chain, which is no read of the swap: the list still shows the stored state.
    expect(await listed()).toMatchObject({ status: "waiting_deposit" });
    expect((await c.getSwap(swap.id)).status).toBe("deposit_detected");
    expect(await listed()).toMatchObject({
      status: "deposit_detected",
      commission: { rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(5_000);
    expect((await c.getSwap(swap.id)).status).toBe("processing");
    expect(await listed()).toMatchObject({
      status: "processing",
      commission: { rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(5_000);
    // no live read yet and no sync since: the list still shows the stored state
    expect((await listed()).status).toBe("processing");
    expect((await c.listSwaps({ status: "completed" })).total).toBe(0);

    const live = await c.getSwap(swap.id);
    expect(live.status).toBe("completed");
    expect(live.updatedAt).toBe(new Date(T0 + 11_000).toISOString());
    const item = await listed();
    expect(item.status).toBe("completed");
    // 50 bps of 0.01 BTC at 97250 USD
    expect(item.commission).toEqual({ bps: 50, rewardAmountUsdc: "4.8625", rewardStatus: "available" });
    expect(decimalStringSchema.safeParse(item.commission.rewardAmountUsdc).success).toBe(true);
    expect((await c.listSwaps({ status: "completed" })).swaps.map((s) => s.id)).toEqual([swap.id]);
  });

  it("lets a status change reach the list on the next sync (60 s) without a live read", async () => {
    const clock = createManualClock();
    const sb = await sandbox({}, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    clock.advance(1_000); // past the sync on the minute the swap was made in
    expect((await deposit(sb, swap.id)).res.status).toBe(200);

    clock.advance(30_000); // live it is completed by now; the list has not synced since the deposit
    const stale = (await c.listSwaps()).swaps[0]!;
    expect(stale).toMatchObject({
      id: swap.id,
      status: "waiting_deposit",
      commission: { rewardAmountUsdc: null, rewardStatus: null },
    });

    clock.advance(30_000); // the minute turns: the list syncs
    const synced = (await c.listSwaps()).swaps[0]!;
    expect(synced).toMatchObject({
      id: swap.id,
      status: "completed",
      commission: { bps: 50, rewardAmountUsdc: "4.8625", rewardStatus: "available" },
    });
  });

  it("follows SANDBOX_SYNC_SECONDS for the list's staleness", async () => {
    const clock = createManualClock();
    const sb = await sandbox({ SANDBOX_SYNC_SECONDS: "20" }, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    await deposit(sb, swap.id);
    clock.advance(15_000);
    expect((await c.listSwaps()).swaps[0]!.status).toBe("deposit_detected");
    clock.advance(5_000);
    expect((await c.listSwaps()).swaps[0]!.status).toBe("completed");
  });

  it("never accrues a reward for a refunded swap", async () => {
    const clock = createManualClock();
    const sb = await sandbox({}, clock);
    const c = clientFor(sb);
    const swap = await newSwap(c);
    await deposit(sb, swap.id, { outcome: "refunded" });
    clock.advance(60_000);
    expect((await c.getSwap(swap.id)).status).toBe("refunded");
    expect((await c.listSwaps()).swaps[0]).toMatchObject({
      status: "refunded",
      commission: { bps: 50, rewardAmountUsdc: null, rewardStatus: null },
    });
  });

  it("guards the deposit control with the same x-api-key, and answers 404 for an unknown swap", async () => {
    const sb = await sandbox();
    const swap = await newSwap(clientFor(sb));
    const wrongKey = await raw(sb, `/sandbox/swaps/${swap.id}/deposit`, {
      method: "POST",
      body: {},
      headers: { "x-api-key": "lsk_test_wrong" },
    });
    expect(wrongKey.res.status).toBe(401);
    expect(wrongKey.body.error).toMatchObject({ code: "invalid_api_key" });
    const unknown = await deposit(sb, "ZZZZZZZZZZZZ");
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "swap_not_found" });
    expect((await clientFor(sb).getSwap(swap.id)).status).toBe("waiting_deposit");
  });
});

// ---- the seed control and paging ---------------------------------------------------------------

describe("the sandbox's seed control and paging through the list", () => {
  let sb: RunningSandbox;
  let client: Client;
  let all: SwapListItem[];
  let ids: string[];
  beforeAll(async () => {
    sb = await sandbox();
    client = clientFor(sb);
    await newSwap(client);
    const seeded = await raw(sb, "/sandbox/seed", { method: "POST", body: { count: 150 } });
    expect(seeded.res.status).toBe(200);
    ids = seeded.body.ids as string[];
    expect(seeded.body.created).toBe(150);
    all = [];
    for (let offset = 0; ; offset += 40) {
      const page = swapListSchema.parse(await client.listSwaps({ limit: "40", offset: String(offset) }));
      expect(page).toMatchObject({ total: 151, limit: 40, offset });
      all.push(...page.swaps);
      if (page.swaps.length < 40) break;
    }
  });

  it("answers the seeded swaps' ids, each a valid swap id that reads back", async () => {
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    expect(ids.every((id) => swapIdPattern.test(id))).toBe(true);
    expect((await client.getSwap(ids[0]!)).id).toBe(ids[0]);
  });

  it("pages through 151 swaps without overlap or gaps, newest first", () => {
    expect(all).toHaveLength(151);
    expect(new Set(all.map((s) => s.id)).size).toBe(151);
    expect(ids.every((id) => all.some((s) => s.id === id))).toBe(true);
    const times = all.map((s) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("returns 50 swaps by default and at most 100", async () => {
    const page = await client.listSwaps();
    expect(page).toMatchObject({ total: 151, limit: 50, offset: 0 });
    expect(page.swaps).toHaveLength(50);
    expect((await client.listSwaps({ limit: "100" })).swaps).toHaveLength(100);
    expect((await client.listSwaps({ limit: "100", offset: "100" })).swaps).toHaveLength(51);
  });

  it("filters seeded swaps by status, with total counting every match", async () => {
    const count = (statuses: string[]) => all.filter((s) => statuses.includes(s.status)).length;
    expect(count(["completed"])).toBeGreaterThan(10);
    const completed = await client.listSwaps({ status: "completed", limit: "5" });
    expect(completed.total).toBe(count(["completed"]));
    expect(completed.swaps).toHaveLength(5);
    expect(completed.swaps.every((s) => s.status === "completed")).toBe(true);
    const two = await client.listSwaps({ status: "completed,expired", limit: "100" });
    expect(two.total).toBe(count(["completed", "expired"]));
    expect(two.swaps.every((s) => s.status === "completed" || s.status === "expired")).toBe(true);
  });

  it("filters seeded swaps by a creation window", async () => {
    const createdTo = all[30]!.createdAt;
    const createdFrom = all[90]!.createdAt;
    const inside = all.filter(
      (s) => Date.parse(s.createdAt) >= Date.parse(createdFrom) && Date.parse(s.createdAt) <= Date.parse(createdTo),
    );
    const window = await client.listSwaps({ createdFrom, createdTo, limit: "100" });
    expect(window.total).toBe(inside.length);
    expect(window.swaps.map((s) => s.id)).toEqual(inside.map((s) => s.id));
  });

  it("accrues a commission on completed seeded swaps only", () => {
    for (const s of all) {
      expect(s.commission.bps).toBe(50);
      if (s.status === "completed") {
        expect(decimalStringSchema.safeParse(s.commission.rewardAmountUsdc).success).toBe(true);
        expect(["available", "claiming", "claimed"]).toContain(s.commission.rewardStatus);
      } else {
        expect(s.commission).toEqual({ bps: 50, rewardAmountUsdc: null, rewardStatus: null });
      }
    }
  });

  it("answers 400 validation_error to a seed body it cannot read", async () => {
    for (const body of [{ count: 0 }, { count: "10" }, { count: 5, statuses: ["done"] }, { count: 5, colour: "red" }]) {
      const { res, body: answer } = await raw(sb, "/sandbox/seed", { method: "POST", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(answer.error).toMatchObject({ code: "validation_error" });
    }
  });
});
