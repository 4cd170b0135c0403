// The partner client's operations against the sandbox over HTTP: assets, addresses, quotes, swaps and the swap list.
import { beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/sandbox/clock";
import {
  decimalStringSchema,
  quoteIdPattern,
  swapIdPattern,
  type CreateSwapRequest,
  type Swap,
} from "@/lib/schema/partner";
import type { RunningSandbox } from "@/tests/support/servers";
import {
  BTC_ADDRESS,
  T0,
  TRON_ADDRESS,
  XRP_ADDRESS,
  btcToUsdt,
  clientFor,
  expectSpecError,
  newSwap,
  recording,
  rejection,
  sandboxesForFile,
  type Client,
} from "./support/partner-client";

const COSMOS_ADDRESS = "cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta";

const sandbox = sandboxesForFile();

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
