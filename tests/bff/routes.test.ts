// Every browser-facing route of the BFF over real HTTP against the production build: what it answers
// when all is well, and each error the browser can see (DESIGN "The BFF's browser-facing API").
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { connect } from "node:net";
import { startApp, type RunningApp } from "../support/servers";
import { addressAnswerSchema, quoteAnswerSchema, swapCreatedSchema } from "@/lib/schema/bff";
import { assetListSchema, swapIdPattern, swapSchema, type Swap } from "@/lib/schema/partner";
import type { WidgetConfig } from "@/lib/schema/widget";
import { signConfig, widgetConfigKey } from "../support/widget-config";
import { call, expectError, postJson } from "./requests";
import {
  BTC_ADDRESS,
  TRON_ADDRESS,
  TRON_ADDRESS_2,
  XRP_ADDRESS,
  btcToUsdtTron,
  createSwap,
  newSwap,
  quote,
  swapBody,
} from "./checkout";
import { startUpstream, type Upstream } from "./upstream";
import { APP_SECRET, NO_LIMITS } from "./fixtures";
import { sleep } from "@/lib/timing";

const quoteKeys = [
  "estimatedTimeSeconds",
  "expiresAt",
  "externalId",
  "from",
  "id",
  "maxAmountIn",
  "minAmountIn",
  "orderToken",
  "rate",
  "to",
];

describe("in sandbox mode", () => {
  let app: RunningApp;
  let origin: string;

  beforeAll(async () => {
    app = await startApp({ SANDBOX_STEP_SECONDS: "1", ...NO_LIMITS });
    origin = app.origin;
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe("GET /api/v1/assets", () => {
    it("answers the spec's asset list envelope", async () => {
      const res = await call(origin, "/api/v1/assets");
      expect(res.status, res.raw).toBe(200);
      const list = assetListSchema.parse(res.json);
      expect(Object.keys(res.json as object).sort()).toEqual(["assets", "generatedAt"]);
      expect(Number.isNaN(Date.parse(list.generatedAt))).toBe(false);
      expect(list.assets.length).toBeGreaterThan(10);
      expect(list.assets).toContainEqual(
        expect.objectContaining({ symbol: "BTC", network: "bitcoin", decimals: 8, canSend: true }),
      );
      expect(list.assets).toContainEqual(
        expect.objectContaining({ symbol: "XRP", network: "xrpl", requiresMemo: true, supportsMemo: true }),
      );
    });

    it("filters by network, by symbol in any case, and by both", async () => {
      const byNetwork = assetListSchema.parse((await call(origin, "/api/v1/assets?network=tron")).json).assets;
      expect(byNetwork.map((a) => a.symbol).sort()).toEqual(["TRX", "USDT"]);
      expect(byNetwork.every((a) => a.network === "tron")).toBe(true);

      const bySymbol = assetListSchema.parse((await call(origin, "/api/v1/assets?symbol=usdt")).json).assets;
      expect(bySymbol.length).toBeGreaterThan(2);
      expect(bySymbol.every((a) => a.symbol === "USDT")).toBe(true);

      const both = assetListSchema.parse((await call(origin, "/api/v1/assets?network=tron&symbol=USDT")).json).assets;
      expect(both).toEqual([
        expect.objectContaining({
          symbol: "USDT",
          network: "tron",
          contractAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        }),
      ]);

      const none = assetListSchema.parse((await call(origin, "/api/v1/assets?network=nowhere")).json).assets;
      expect(none).toEqual([]);
    });

    it.each([
      ["an unknown parameter", "/api/v1/assets?foo=1", "foo"],
      ["a network that is not canonical", "/api/v1/assets?network=Bit%20Coin", "network"],
      ["an upper-case network", "/api/v1/assets?network=BITCOIN", "network"],
      ["a symbol longer than 32 characters", `/api/v1/assets?symbol=${"A".repeat(33)}`, "symbol"],
      ["a symbol with a slash", "/api/v1/assets?symbol=BTC%2F..%2F", "symbol"],
    ])("refuses %s with 400 validation_error, details.fields naming the parameter", async (_what, path, parameter) => {
      const body = expectError(await call(origin, path), 400, "validation_error");
      expect(Object.keys(body.error.details.fields as object)).toEqual([parameter]);
    });
  });

  describe("POST /api/v1/address", () => {
    it("accepts a valid address and normalizes it", async () => {
      const res = await postJson(origin, "/api/v1/address", {
        network: "bitcoin",
        token: "BTC",
        address: BTC_ADDRESS.toUpperCase(),
      });
      expect(res.status, res.raw).toBe(200);
      expect(addressAnswerSchema.parse(res.json)).toEqual({
        valid: true,
        normalizedAddress: BTC_ADDRESS,
        requiresMemo: false,
        supportsMemo: false,
        message: null,
      });
    });

    it("answers valid: false with a message for an address whose checksum fails", async () => {
      const res = await postJson(origin, "/api/v1/address", {
        network: "bitcoin",
        token: "BTC",
        address: BTC_ADDRESS.slice(0, -1) + "5",
      });
      expect(res.status, res.raw).toBe(200);
      const answer = addressAnswerSchema.parse(res.json);
      expect(answer).toMatchObject({ valid: false, normalizedAddress: null });
      expect(answer.message).toMatch(/checksum/);
    });

    it.each([
      ["USDT's own contract on Tron", "tron", "USDT", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", /contract/],
      [
        "USDT's contract on Ethereum, in small letters",
        "ethereum",
        "USDT",
        "0xdac17f958d2ee523a2206206994597c13d831ec7",
        /contract/,
      ],
      ["another network's token contract", "bsc", "USDT", "0xdAC17F958D2ee523a2206206994597C13D831ec7", /contract/],
      ["the EVM zero address", "ethereum", "ETH", "0x0000000000000000000000000000000000000000", /burn/],
      ["Tron's zero address", "tron", "USDT", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", /burn/],
    ])(
      "answers valid: false for %s, a well-formed address that loses what it is sent",
      async (_what, network, token, address, reason) => {
        const res = await postJson(origin, "/api/v1/address", { network, token, address });
        expect(res.status, res.raw).toBe(200);
        const answer = addressAnswerSchema.parse(res.json);
        expect(answer.valid).toBe(false);
        expect(answer.message).toMatch(reason);
        expect(answer.message).toMatch(/lost/);
      },
    );

    it("says that an XRP Ledger destination requires a memo", async () => {
      const res = await postJson(origin, "/api/v1/address", {
        network: "xrpl",
        token: "XRP",
        address: XRP_ADDRESS,
        memo: "12345",
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.json).toMatchObject({ valid: true, requiresMemo: true, supportsMemo: true });
    });

    it("refuses a memo on a network without memos with 400 unsupported_memo", async () => {
      expectError(
        await postJson(origin, "/api/v1/address", {
          network: "bitcoin",
          token: "BTC",
          address: BTC_ADDRESS,
          memo: "123",
        }),
        400,
        "unsupported_memo",
      );
    });

    it("refuses an unknown asset with 400 unsupported_asset", async () => {
      expectError(
        await postJson(origin, "/api/v1/address", { network: "bitcoin", token: "NOPE", address: BTC_ADDRESS }),
        400,
        "unsupported_asset",
      );
    });

    it("refuses a body without an address, or with unknown fields, with 400 validation_error naming the field", async () => {
      const missing = expectError(
        await postJson(origin, "/api/v1/address", { network: "bitcoin", token: "BTC" }),
        400,
        "validation_error",
      );
      expect(missing.error.details.fields).toHaveProperty("address");
      const extra = expectError(
        await postJson(origin, "/api/v1/address", {
          network: "bitcoin",
          token: "BTC",
          address: BTC_ADDRESS,
          admin: true,
        }),
        400,
        "validation_error",
      );
      expect(extra.error.details.fields).toEqual({ admin: "unknown field" });
    });
  });

  describe("POST /api/v1/quote", () => {
    it("answers the spec's Quote plus externalId and orderToken, amounts as exact strings", async () => {
      const res = await postJson(origin, "/api/v1/quote", btcToUsdtTron("0.01000000"));
      expect(res.status, res.raw).toBe(200);
      const q = quoteAnswerSchema.parse(res.json);
      expect(Object.keys(res.json as object).sort()).toEqual(quoteKeys);
      expect(q.id).toMatch(/^pq_[a-f0-9]{24}$/);
      expect(q.from).toEqual({ decimals: 8, network: "bitcoin", token: "BTC", amount: "0.01000000" });
      expect(q.to).toMatchObject({ network: "tron", token: "USDT", decimals: 6 });
      expect(q.to.estimatedAmount).toMatch(/^\d+(\.\d+)?$/);
      expect(q).toMatchObject({ minAmountIn: "0.0003", maxAmountIn: "0.5" });
      const ttl = Date.parse(q.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(150_000);
      expect(ttl).toBeLessThanOrEqual(181_000);
      expect(q.externalId).toMatch(/^ord_[a-z0-9]{20}$/);
      expect(q.orderToken.startsWith(`${q.externalId}.`)).toBe(true);
      // A generated client's null for the optional orderToken is no order yet, as leaving it out is.
      const fresh = await postJson(origin, "/api/v1/quote", { ...btcToUsdtTron(), orderToken: null });
      expect(fresh.status, fresh.raw).toBe(200);
      expect(quoteAnswerSchema.parse(fresh.json).externalId).not.toBe(q.externalId);
    });

    it("keeps one externalId across re-quotes that send the orderToken back, and it reaches the swap", async () => {
      const first = await quote(origin);
      const again = await quote(origin, { ...btcToUsdtTron("0.02"), orderToken: first.orderToken });
      expect(again.id).not.toBe(first.id);
      expect(again.externalId).toBe(first.externalId);
      expect(again.orderToken).toBe(first.orderToken);

      const other = await quote(origin);
      expect(other.externalId).not.toBe(first.externalId);

      const res = await createSwap(origin, swapBody(again.id));
      expect(res.status, res.raw).toBe(200);
      expect(swapCreatedSchema.parse(res.json).swap.externalId).toBe(first.externalId);
    });

    it("never takes an externalId from an order token it did not sign", async () => {
      const genuine = await quote(origin);
      const victim = "ord_aaaaaaaaaaaaaaaaaaaa";
      const signature = genuine.orderToken.split(".")[1];
      const forgeries = [
        `${victim}.forged`,
        `${victim}.${signature}`, // a real signature moved onto another reference
        `${genuine.orderToken}.extra`,
        `${genuine.externalId}.${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`,
        victim,
      ];
      for (const orderToken of forgeries) {
        const q = await quote(origin, { ...btcToUsdtTron(), orderToken });
        expect(q.externalId, orderToken).not.toBe(victim);
        expect(q.externalId, orderToken).not.toBe(genuine.externalId);
        expect(q.externalId).toMatch(/^ord_[a-z0-9]{20}$/);
        const swap = swapCreatedSchema.parse((await createSwap(origin, swapBody(q.id))).json).swap;
        expect(swap.externalId).toBe(q.externalId);
      }
    });

    it("does not use a raw externalId or customerId sent by the browser", async () => {
      for (const extra of [{ externalId: "ord_bbbbbbbbbbbbbbbbbbbb" }, { customerId: "cust-attacker" }]) {
        const res = await postJson(origin, "/api/v1/quote", { ...btcToUsdtTron(), ...extra });
        if (res.status === 200) {
          const q = quoteAnswerSchema.parse(res.json);
          expect(q.externalId).not.toBe("ord_bbbbbbbbbbbbbbbbbbbb");
          const swap = swapCreatedSchema.parse((await createSwap(origin, swapBody(q.id))).json).swap;
          expect(swap.customerId).toBeNull();
          expect(swap.externalId).toBe(q.externalId);
        } else {
          expectError(res, 400, "validation_error");
        }
      }
    });

    it("refuses an amount below the minimum or above the maximum with the bounds in details", async () => {
      for (const amount of ["0.0001", "0.6"]) {
        const body = expectError(
          await postJson(origin, "/api/v1/quote", btcToUsdtTron(amount)),
          400,
          "validation_error",
        );
        expect(body.error.details).toMatchObject({ minAmountIn: "0.0003", maxAmountIn: "0.5" });
        expect(body.error.message).toMatch(/0\.0003/);
      }
    });

    it.each([
      ["a number", 0.01],
      ["an exponent", "1e-2"],
      ["a negative amount", "-0.01"],
      ["a comma", "0,01"],
      ["an empty string", ""],
      ["null", null],
    ])("refuses an amount given as %s with 400 validation_error on from.amount", async (_what, amount) => {
      const body = expectError(
        await postJson(origin, "/api/v1/quote", {
          from: { network: "bitcoin", token: "BTC", amount },
          to: { network: "tron", token: "USDT" },
        }),
        400,
        "validation_error",
      );
      expect(body.error.details.fields).toHaveProperty(["from.amount"]);
    });

    it("refuses an amount with more decimals than its asset has, saying how many it may have", async () => {
      const body = expectError(
        await postJson(origin, "/api/v1/quote", {
          from: { network: "bitcoin", token: "BTC", amount: "0.012345678" },
          to: { network: "tron", token: "USDT" },
        }),
        400,
        "validation_error",
      );
      expect(body.error.details.fields).toEqual({ "from.amount": "at most 8 decimal places for BTC" });
      expect(body.error.message).toBe("The amount has more decimals than BTC has: at most 8 decimal places for BTC.");
    });

    it.each([
      [
        "a pair the service does not route",
        "unsupported_pair",
        { network: "dogecoin", token: "DOGE", amount: "100" },
        { network: "ton", token: "TON" },
      ],
      [
        "an unknown asset",
        "unsupported_asset",
        { network: "bitcoin", token: "XYZ", amount: "1" },
        { network: "tron", token: "USDT" },
      ],
      [
        "a receive-only asset as the source",
        "unsupported_asset",
        { network: "ethereum", token: "DAI", amount: "100" },
        { network: "tron", token: "USDT" },
      ],
      [
        "a destination memo on a network without memos",
        "unsupported_memo",
        { network: "bitcoin", token: "BTC", amount: "0.01" },
        { network: "tron", token: "USDT", memo: "7" },
      ],
    ])("refuses %s with 400 %s", async (_what, code, from, to) => {
      expectError(await postJson(origin, "/api/v1/quote", { from, to }), 400, code);
    });

    it("does not pass a browser's x-sandbox-fault header on to the upstream", async () => {
      for (const fault of ["internal_error", "provider_unavailable", "malformed", "rate_limited"]) {
        const res = await postJson(origin, "/api/v1/quote", btcToUsdtTron(), { headers: { "x-sandbox-fault": fault } });
        expect(res.status, res.raw).toBe(200);
      }
    });
  });

  describe("POST /api/v1/swap", () => {
    it("refuses a request without an Idempotency-Key, or with one that is not a UUID, with 400 validation_error", async () => {
      const q = await quote(origin);
      const missing = expectError(await postJson(origin, "/api/v1/swap", swapBody(q.id)), 400, "validation_error");
      expect(missing.error.details.fields).toHaveProperty(["Idempotency-Key"]);
      for (const key of ["abc", "1234", `${crypto.randomUUID()}x`, "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", " "]) {
        const res = await createSwap(origin, swapBody(q.id), key);
        expectError(res, 400, "validation_error");
      }
      // None of them created the swap: the quote is still free for a real request.
      const ok = await createSwap(origin, swapBody(q.id));
      expect(ok.status, ok.raw).toBe(200);
      expect(ok.header("idempotent-replayed")).toBeUndefined();
    });

    it("refuses a swap paying out to a token's contract or refunding to a burn address with 400 validation_error naming the field, and creates nothing", async () => {
      const q = await quote(origin);
      const toContract = expectError(
        await createSwap(origin, swapBody(q.id, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")),
        400,
        "validation_error",
      );
      expect(toContract.error.details.fields).toEqual({ "destination.address": "token_contract" });
      const burnRefund = expectError(
        await createSwap(
          origin,
          swapBody(q.id, TRON_ADDRESS, { refundAddress: "0x000000000000000000000000000000000000dEaD" }),
        ),
        400,
        "validation_error",
      );
      expect(burnRefund.error.details.fields).toEqual({ refundAddress: "burn_address" });
      // Nothing was made of the quote: it still makes its one swap for a real address.
      const ok = await createSwap(origin, swapBody(q.id));
      expect(ok.status, ok.raw).toBe(200);
    });

    it("creates the swap and answers { swap, accessToken } with the spec's Swap", async () => {
      const q = await quote(origin);
      const res = await createSwap(
        origin,
        swapBody(q.id, TRON_ADDRESS, { refundAddress: BTC_ADDRESS, notificationEmail: "buyer@example.com" }),
      );
      expect(res.status, res.raw).toBe(200);
      expect(Object.keys(res.json as object).sort()).toEqual(["accessToken", "swap"]);
      const { swap, accessToken } = swapCreatedSchema.parse(res.json);
      expect(swap.id).toMatch(swapIdPattern);
      expect(accessToken.length).toBeGreaterThanOrEqual(32);
      expect(swap).toMatchObject({
        status: "waiting_deposit",
        externalId: q.externalId,
        quote: { id: q.id },
        from: { network: "bitcoin", token: "BTC", amount: "0.01" },
        deposit: { network: "bitcoin", token: "BTC", amount: "0.01" },
        payout: { address: TRON_ADDRESS, network: "tron", token: "USDT", memo: null },
      });
      expect(res.header("cache-control")).toMatch(/no-store/);
    });

    it("answers a repeat with the same key and body with the same swap and token", async () => {
      const q = await quote(origin);
      const key = crypto.randomUUID();
      const first = await createSwap(origin, swapBody(q.id), key);
      const second = await createSwap(origin, swapBody(q.id), key);
      expect(first.status, first.raw).toBe(200);
      expect(second.status, second.raw).toBe(200);
      expect(second.json).toEqual(first.json);
    });

    it("refuses the same key with another body with 422 idempotency_mismatch", async () => {
      const q = await quote(origin);
      const key = crypto.randomUUID();
      expect((await createSwap(origin, swapBody(q.id), key)).status).toBe(200);
      expectError(
        await createSwap(origin, swapBody(q.id, TRON_ADDRESS, { notificationEmail: "x@example.com" }), key),
        422,
        "idempotency_mismatch",
      );
    });

    it("answers 404 quote_not_found for a well-formed quote id it does not know", async () => {
      expectError(await createSwap(origin, swapBody(`pq_${"0".repeat(24)}`)), 404, "quote_not_found");
    });

    it.each([
      ["a malformed quote id", { quoteId: "pq_123", destination: { address: TRON_ADDRESS } }, "quoteId"],
      ["no destination", { quoteId: `pq_${"a".repeat(24)}` }, "destination"],
      [
        "an invalid e-mail",
        { quoteId: `pq_${"a".repeat(24)}`, destination: { address: TRON_ADDRESS }, notificationEmail: "not-an-email" },
        "notificationEmail",
      ],
      [
        "an unknown field",
        { quoteId: `pq_${"a".repeat(24)}`, destination: { address: TRON_ADDRESS }, customerId: "c1" },
        "customerId",
      ],
      [
        "an unknown nested field",
        { quoteId: `pq_${"a".repeat(24)}`, destination: { address: TRON_ADDRESS, tag: "1" } },
        "destination.tag",
      ],
    ])("refuses %s with 400 validation_error", async (_what, body, field) => {
      const res = expectError(await createSwap(origin, body), 400, "validation_error");
      if (field) expect(res.error.details.fields).toHaveProperty([field]);
    });

    it("refuses a destination address that is not valid on the receiving network with 400 validation_error", async () => {
      const q = await quote(origin);
      for (const address of [BTC_ADDRESS, TRON_ADDRESS.slice(0, -1) + "u"]) {
        const body = expectError(await createSwap(origin, swapBody(q.id, address)), 400, "validation_error");
        expect(body.error.details.fields).toHaveProperty(["destination.address"]);
      }
    });

    it("requires a destination memo for XRP on the XRP Ledger and carries it to the payout", async () => {
      const q = await quote(origin, {
        from: { network: "bitcoin", token: "BTC", amount: "0.01" },
        to: { network: "xrpl", token: "XRP" },
      });
      const refused = expectError(await createSwap(origin, swapBody(q.id, XRP_ADDRESS)), 400, "validation_error");
      expect(refused.error.details.fields).toHaveProperty(["destination.memo"]);
      const res = await createSwap(origin, { quoteId: q.id, destination: { address: XRP_ADDRESS, memo: "12345" } });
      expect(res.status, res.raw).toBe(200);
      expect(swapCreatedSchema.parse(res.json).swap.payout).toMatchObject({
        address: XRP_ADDRESS,
        memo: "12345",
        network: "xrpl",
      });
    });
  });

  describe("GET /api/v1/swap/{id}", () => {
    let created: { swap: Swap; accessToken: string };
    beforeAll(async () => {
      created = await newSwap(origin);
    });

    it("answers the swap to the holder of its token, with x-status-as-of and no caching", async () => {
      const before = Date.now();
      const res = await call(origin, `/api/v1/swap/${created.swap.id}`, {
        headers: { "x-swap-token": created.accessToken },
      });
      expect(res.status, res.raw).toBe(200);
      const swap = swapSchema.parse(res.json);
      expect(swap.id).toBe(created.swap.id);
      expect(swap.deposit).toEqual(created.swap.deposit);
      const asOf = res.header("x-status-as-of")!;
      expect(asOf).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(new Date(asOf).toISOString()).toBe(asOf);
      expect(Date.parse(asOf)).toBeGreaterThanOrEqual(before - 60_000);
      expect(Date.parse(asOf)).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(res.header("cache-control")).toMatch(/no-store/);
    });

    it("names the deposit asset (contract or null for a native coin, decimals), so the page builds a wallet link from facts", async () => {
      const res = await call(origin, `/api/v1/swap/${created.swap.id}`, {
        headers: { "x-swap-token": created.accessToken },
      });
      expect((res.json as { depositAsset: unknown }).depositAsset).toEqual({ contractAddress: null, decimals: 8 });
      expect((created as { swap: { depositAsset?: unknown } }).swap.depositAsset).toEqual({
        contractAddress: null,
        decimals: 8,
      });
    });

    it("answers 404 swap_not_found alike for a wrong, missing or foreign token and for an unknown id", async () => {
      const other = await newSwap(origin);
      const attempts = [
        call(origin, `/api/v1/swap/${created.swap.id}`),
        call(origin, `/api/v1/swap/${created.swap.id}`, { headers: { "x-swap-token": "" } }),
        call(origin, `/api/v1/swap/${created.swap.id}`, { headers: { "x-swap-token": `${created.accessToken}x` } }),
        call(origin, `/api/v1/swap/${created.swap.id}`, {
          headers: { "x-swap-token": created.accessToken.toLowerCase() + "A" },
        }),
        call(origin, `/api/v1/swap/${created.swap.id}`, { headers: { "x-swap-token": other.accessToken } }),
        call(origin, `/api/v1/swap/ZZZZZZZZZZZZ`, { headers: { "x-swap-token": created.accessToken } }),
      ];
      const bodies = [];
      for (const res of await Promise.all(attempts)) {
        const body = expectError(res, 404, "swap_not_found");
        bodies.push(body.error);
      }
      // No existence oracle: an unknown id reads exactly like a wrong token.
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    });

    it.each(["abc", "abcdefghijkl", "ABCDEFGHIJK", "ABCDEFGHIJKLM", "ABCDEF-HIJKL", "%20ABCDEFGHIJK"])(
      "refuses the id %s with 400 validation_error",
      async (id) => {
        expectError(
          await call(origin, `/api/v1/swap/${id}`, { headers: { "x-swap-token": created.accessToken } }),
          400,
          "validation_error",
        );
      },
    );
  });

  describe("GET /api/health and /api/ready", () => {
    it("answers health with 200 { status: ok }", async () => {
      const res = await call(origin, "/api/health");
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: "ok" });
    });

    it("answers ready with 200 { status: ready, upstream, store }", async () => {
      const res = await call(origin, "/api/ready");
      expect(res.status, res.raw).toBe(200);
      expect(res.json).toMatchObject({ status: "ready", upstream: "ok", store: expect.stringMatching(/^ok/) });
    });
  });

  describe("the embedded sandbox's controls", () => {
    const deposit = (id: string, token: string | undefined, body: object = {}) =>
      postJson(origin, `/api/sandbox/swaps/${id}/deposit`, body, {
        headers: token === undefined ? {} : { "x-swap-token": token },
      });

    async function statusesUntil(created: { swap: Swap; accessToken: string }, terminal: string, withinMs: number) {
      const seen: string[] = [];
      const deadline = Date.now() + withinMs;
      for (;;) {
        const res = await call(origin, `/api/v1/swap/${created.swap.id}`, {
          headers: { "x-swap-token": created.accessToken },
        });
        expect(res.status, res.raw).toBe(200);
        const swap = swapSchema.parse(res.json);
        if (seen.at(-1) !== swap.status) seen.push(swap.status);
        if (swap.status === terminal) return { seen, swap };
        if (Date.now() > deadline)
          throw new Error(
            `${created.swap.id} did not reach ${terminal} within ${withinMs} ms; saw ${seen.join(" → ")}`,
          );
        await sleep(250);
      }
    }

    it("refuses a deposit without the swap's token with 404 swap_not_found", async () => {
      const created = await newSwap(origin);
      expectError(await deposit(created.swap.id, undefined), 404, "swap_not_found");
      expectError(await deposit(created.swap.id, "not-the-token"), 404, "swap_not_found");
      const other = await newSwap(origin);
      expectError(await deposit(created.swap.id, other.accessToken), 404, "swap_not_found");
      // Still untouched.
      const res = await call(origin, `/api/v1/swap/${created.swap.id}`, {
        headers: { "x-swap-token": created.accessToken },
      });
      expect(swapSchema.parse(res.json).status).toBe("waiting_deposit");
    });

    it("refuses a malformed deposit body with 400 validation_error", async () => {
      const created = await newSwap(origin);
      expectError(await deposit(created.swap.id, created.accessToken, { amount: 5 }), 400, "validation_error");
      expectError(await deposit(created.swap.id, created.accessToken, { outcome: "lost" }), 400, "validation_error");
      expectError(
        await call(origin, `/api/sandbox/swaps/abc/deposit`, {
          method: "POST",
          body: {},
          headers: { "x-swap-token": created.accessToken },
        }),
        400,
        "validation_error",
      );
    });

    // Over HTTP in real time a step can fall between two reads, so this asks only for the order;
    // every step, processing included, is required on a manual clock in tests/unit/status-policy.test.ts.
    it("drives a swap from deposit_detected to completed, and to the outcome asked for, never backwards", async () => {
      const completed = await newSwap(origin);
      const failed = await newSwap(origin);
      const first = await deposit(completed.swap.id, completed.accessToken);
      expect(first.status, first.raw).toBe(200);
      expect(swapSchema.parse(first.json).status).toBe("deposit_detected");
      expect((await deposit(failed.swap.id, failed.accessToken, { outcome: "failed" })).status).toBe(200);

      const [a, b] = await Promise.all([
        statusesUntil(completed, "completed", 20_000),
        statusesUntil(failed, "failed", 20_000),
      ]);
      const order = ["deposit_detected", "processing", "completed", "failed"];
      for (const { seen } of [a, b]) {
        expect(seen[0]).toBe("deposit_detected");
        expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort((x, y) => x - y));
      }
      expect(b.swap.errorMessage).toEqual(expect.any(String));

      // A second deposit on the same swap is refused, in the error shape.
      expectError(await deposit(completed.swap.id, completed.accessToken), 400, "validation_error");
    });

    it("seeds swaps with POST /api/sandbox/seed and refuses a malformed seed request", async () => {
      const res = await postJson(origin, "/api/sandbox/seed", { count: 3, statuses: ["completed"] });
      expect(res.status, res.raw).toBe(200);
      const seeded = res.json as { created: number; ids: string[] };
      expect(seeded.created).toBe(3);
      expect(seeded.ids).toHaveLength(3);
      for (const id of seeded.ids) expect(id).toMatch(swapIdPattern);

      expectError(await postJson(origin, "/api/sandbox/seed", { count: 0 }), 400, "validation_error");
      expectError(await postJson(origin, "/api/sandbox/seed", { count: 1, admin: true }), 400, "validation_error");
      expectError(await postJson(origin, "/api/sandbox/seed", [1, 2]), 400, "validation_error");
      // A seeded swap is not readable without a token the BFF issued.
      expectError(
        await call(origin, `/api/v1/swap/${seeded.ids[0]}`, { headers: { "x-swap-token": "x" } }),
        404,
        "swap_not_found",
      );
    });
  });

  describe("what every API route shares", () => {
    it.each([
      ["GET", "/api/nope"],
      ["GET", "/api/v2/quote"],
      ["POST", "/api/v1/swaps"],
      ["DELETE", "/api/v1/swap/ABCDEFGHIJKL/cancel"],
      ["GET", "/api/v1/assets/bitcoin/BTC"],
      ["PUT", "/api/v1/partner/whatever"],
      ["GET", "/api"],
      ["OPTIONS", "/api/nope"],
      ["PROPFIND", "/api/nope"],
    ])("answers %s %s, which does not exist, with 404 not_found", async (method, path) => {
      expectError(await call(origin, path, { method }), 404, "not_found");
    });

    const routes: Array<[string, string, string]> = [
      ["/api/v1/assets", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE,PROPFIND"],
      ["/api/v1/address", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE,PURGE"],
      ["/api/v1/quote", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE,PROPFIND"],
      ["/api/v1/swap", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE,PURGE"],
      ["/api/v1/swap/ABCDEFGHIJKL", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/health", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/ready", "GET, HEAD", "POST,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/sandbox/seed", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE"],
      ["/api/sandbox/swaps/ABCDEFGHIJKL/deposit", "POST", "GET,PUT,PATCH,DELETE,OPTIONS,TRACE"],
    ];
    it.each(routes)(
      "answers other methods on %s (allowed: %s) with 405 method_not_allowed and Allow",
      async (path, allowed, others) => {
        for (const method of others.split(",")) {
          const withBody = !["GET", "TRACE", "OPTIONS"].includes(method);
          const res = await call(origin, path, {
            method,
            headers: { "content-type": "application/json" },
            body: withBody ? "{}" : undefined,
          });
          expectError(res, 405, "method_not_allowed");
          expect(res.header("allow"), `${method} ${path}`).toBe(allowed);
        }
      },
    );

    it.each(routes)("answers GET, HEAD, POST, PUT, PATCH and DELETE on %s with an x-request-id", async (path) => {
      for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) {
        const res = await call(origin, path, { method });
        expect(res.header("x-request-id"), `${method} ${path} → ${res.status}`).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    });

    it("answers HEAD, which a GET route's Allow names, as GET does but with no body", async () => {
      for (const path of ["/api/health", "/api/v1/assets"]) {
        const [get, head] = [await call(origin, path), await call(origin, path, { method: "HEAD" })];
        expect(head.status, path).toBe(get.status);
        expect(head.status, path).toBe(200);
        expect(head.header("content-type"), path).toBe(get.header("content-type"));
        expect(head.text, path).toBe("");
      }
    });

    it("answers a method no handler knows on a page with 405, not a 500", async () => {
      for (const method of ["TRACE", "PROPFIND"]) {
        const res = await call(origin, "/", { method });
        expect(res.status, `${method} /`).toBe(405);
        expect(res.header("allow")).toBe("GET, HEAD");
      }
    });

    it("answers a page address with a broken %-escape with 400, not a 500, and a good one as ever", async () => {
      for (const path of ["/swap/%ZZ", "/widget/swap/%ZZ", "/swap/%E0%A4%A", "/%ZZ"]) {
        const res = await call(origin, path);
        expect(res.status, path).toBe(400);
        expect(res.text, path).toMatch(/^Bad Request: this address is not valid/);
        expect(res.header("x-request-id"), path).toBeDefined();
      }
      expect((await call(origin, "/swap/ABCDEFGHJKLM")).status).toBe(200);
      expectError(await call(origin, "/api/v1/swap/%ZZ"), 400, "validation_error");
    });

    it("answers headers over the parser's limit with 431 in the API's error shape on /api and a sentence on a page, not an empty body", async () => {
      const big = { cookie: `junk=${"a".repeat(20_000)}` };
      const api = await call(origin, "/api/v1/assets", { headers: big });
      expect(expectError(api, 431, "payload_too_large").error.details).toEqual({ part: "headers" });
      const page = await call(origin, "/", { headers: big });
      expect(page.status).toBe(431);
      expect(page.text).toMatch(/headers are too large.*cookies/);
      expect(page.header("x-request-id")).toBeDefined();
    });

    it("answers a request the parser cannot read with 400 and a body, not an empty answer", async () => {
      const answer = (raw: string) => rawAnswer(origin, raw);
      const api = await answer("GET /api/v1/assets HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n");
      expect(api).toMatch(/^HTTP\/1\.1 400 /);
      expect(api).toMatch(/"code":"validation_error"/);
      const page = await answer("GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n");
      expect(page).toMatch(/^HTTP\/1\.1 400 [^]*\r\n\r\nBad Request: the request could not be read/);
    });

    it("serves an absolute-form request-target as its path, never redirecting to the host it names; `*` and other non-paths get no 500", async () => {
      const answer = (line: string) =>
        rawAnswer(origin, `${line}\r\nHost: ${new URL(origin).host}\r\nConnection: close\r\n\r\n`);
      const absolute = await answer("GET http://evil.example/api/health HTTP/1.1");
      expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
      expect(absolute).not.toMatch(/\r\nlocation:/i);
      const script = await answer("GET javascript://evil.example/%0aalert(1) HTTP/1.1");
      expect(script).toMatch(/^HTTP\/1\.1 400 /);
      expect(script).not.toMatch(/\r\nlocation:/i);
      expect(await answer("GET * HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 [^]*\r\nx-request-id: /i);
      expect(await answer("OPTIONS * HTTP/1.1")).toMatch(/^HTTP\/1\.1 204 [^]*\r\nallow: GET, HEAD, POST, OPTIONS/i);
    });

    it("redirects an API path with a trailing slash to the one without, keeping the query and the x-request-id", async () => {
      const res = await call(origin, "/api/v1/assets/?network=bitcoin", {
        headers: { "x-request-id": "slash-test-0001" },
      });
      expect(res.status, res.raw).toBe(308);
      expect(res.header("location")).toBe("/api/v1/assets?network=bitcoin");
      expect(res.header("x-request-id")).toBe("slash-test-0001");
    });

    it("redirects an API path with doubled slashes to its one spelling, with the headers every answer has", async () => {
      for (const [given, location] of [
        ["/api//v1/assets?network=bitcoin", "/api/v1/assets?network=bitcoin"],
        ["/api/v1//quote", "/api/v1/quote"],
        ["/api//v1//swap///", "/api/v1/swap"],
        // Never a protocol-relative address (an open redirect): the location stays under /api.
        ["/api//evil.example/x", "/api/evil.example/x"],
      ]) {
        const res = await call(origin, given!, { headers: { "x-request-id": "slash-test-0002" } });
        expect(res.status, `${given} ${res.raw}`).toBe(308);
        expect(res.header("location")).toBe(location);
        expect(res.header("x-request-id")).toBe("slash-test-0002");
        expect(res.header("cache-control")).toBe("no-store");
        expect(res.header("x-content-type-options")).toBe("nosniff");
      }
    });

    it("answers OPTIONS on every API route with an x-request-id too", async () => {
      const missing: string[] = [];
      for (const [path] of [...routes, ["/api/nope"]]) {
        const res = await call(origin, path!, { method: "OPTIONS" });
        expect(res.status, `OPTIONS ${path}`).toBeLessThan(500);
        if (!/^[A-Za-z0-9._:-]{8,128}$/.test(res.header("x-request-id") ?? ""))
          missing.push(`OPTIONS ${path} → ${res.status}`);
      }
      expect(missing).toEqual([]);
    });

    const postRoutes = [
      "/api/v1/address",
      "/api/v1/quote",
      "/api/v1/swap",
      "/api/sandbox/seed",
      "/api/sandbox/swaps/ABCDEFGHIJKL/deposit",
    ];
    const withKey = (path: string, headers: Record<string, string> = {}) =>
      path === "/api/v1/swap" ? { "idempotency-key": crypto.randomUUID(), ...headers } : headers;

    it.each(postRoutes)("answers a body that is not JSON on %s with 415 unsupported_media_type", async (path) => {
      for (const type of [
        undefined,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonp",
        "json",
      ]) {
        const res = await call(origin, path, {
          method: "POST",
          body: "{}",
          headers: withKey(path, type ? { "content-type": type } : {}),
        });
        expectError(res, 415, "unsupported_media_type");
      }
    });

    it.each(postRoutes)(
      "answers a body over 16 KiB on %s with 413 payload_too_large, declared or streamed",
      async (path) => {
        const big = JSON.stringify({ pad: "x".repeat(17_000) });
        expectError(
          await call(origin, path, {
            method: "POST",
            body: big,
            headers: withKey(path, { "content-type": "application/json" }),
          }),
          413,
          "payload_too_large",
        );
        const chunked = await call(origin, path, {
          method: "POST",
          body: big,
          headers: withKey(path, { "content-type": "application/json", "transfer-encoding": "chunked" }),
        });
        expectError(chunked, 413, "payload_too_large");
      },
    );

    it("reads a body of exactly 16 KiB and refuses one byte more", async () => {
      const json = JSON.stringify(btcToUsdtTron());
      const exact = json + " ".repeat(16 * 1024 - Buffer.byteLength(json));
      const ok = await call(origin, "/api/v1/quote", {
        method: "POST",
        body: exact,
        headers: { "content-type": "application/json" },
      });
      expect(ok.status, ok.raw).toBe(200);
      expectError(
        await call(origin, "/api/v1/quote", {
          method: "POST",
          body: exact + " ",
          headers: { "content-type": "application/json" },
        }),
        413,
        "payload_too_large",
      );
    });

    it.each(postRoutes)(
      "answers malformed JSON, invalid UTF-8 and an empty body on %s with 400 validation_error",
      async (path) => {
        const bodies: Array<string | Buffer> = [
          "{bad",
          "",
          '{"a":',
          "[1,]",
          Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
          "\u0000",
        ];
        for (const body of bodies) {
          const res = await call(origin, path, {
            method: "POST",
            body,
            headers: withKey(path, { "content-type": "application/json; charset=utf-8" }),
          });
          expectError(res, 400, "validation_error");
        }
      },
    );

    it.each(postRoutes)("refuses a cross-site browser request to %s with 403 forbidden_origin", async (path) => {
      const crossSite: Array<Record<string, string>> = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: `${origin}.evil.example` },
        { origin: "not a url" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "cross-site", origin },
      ];
      for (const headers of crossSite) {
        const res = await call(origin, path, {
          method: "POST",
          body: "{}",
          headers: withKey(path, { "content-type": "application/json", ...headers }),
        });
        expectError(res, 403, "forbidden_origin");
      }
    });

    it.each(["/api/v1/assets", "/api/v1/swap/ABCDEFGHIJKL", "/api/v1/openapi.json"])(
      "refuses a cross-site browser read of %s with 403 forbidden_origin too (it would spend the visitor's limits and the key's budget)",
      async (path) => {
        for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<
          string,
          string
        >[]) {
          expectError(
            await call(origin, path, { headers: { "x-swap-token": "x", ...headers } }),
            403,
            "forbidden_origin",
          );
        }
        const same = await call(origin, "/api/v1/assets", { headers: { "sec-fetch-site": "same-origin" } });
        expect(same.status, same.raw).toBe(200);
      },
    );

    it("lets same-origin browser requests and requests with neither header through", async () => {
      const browserish: Array<Record<string, string>> = [
        {},
        { origin },
        { "sec-fetch-site": "same-origin", origin },
        { "sec-fetch-site": "none" },
      ];
      for (const headers of browserish) {
        const res = await postJson(origin, "/api/v1/quote", btcToUsdtTron(), { headers });
        expect(res.status, `${JSON.stringify(headers)}: ${res.raw}`).toBe(200);
      }
      const q = await quote(origin);
      const swap = await createSwap(origin, swapBody(q.id), crypto.randomUUID(), {
        headers: { origin, "sec-fetch-site": "same-origin" },
      });
      expect(swap.status, swap.raw).toBe(200);
    });

    it("echoes a sane x-request-id and replaces one that is not", async () => {
      const sane = "checkout-test-0001:a.b_c";
      expect((await call(origin, "/api/health", { headers: { "x-request-id": sane } })).header("x-request-id")).toBe(
        sane,
      );
      const error = await call(origin, "/api/nope", { headers: { "x-request-id": sane } });
      expect(expectError(error, 404, "not_found").requestId).toBe(sane);
      for (const insane of [
        "short",
        "has space in it",
        "x".repeat(129),
        "<script>alert(1)</script>",
        "abc\u00e9defgh",
      ]) {
        const res = await call(origin, "/api/health", { headers: { "x-request-id": insane } });
        const id = res.header("x-request-id");
        expect(id).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
        expect(id).not.toBe(insane);
      }
      const a = (await call(origin, "/api/health")).header("x-request-id");
      const b = (await call(origin, "/api/health")).header("x-request-id");
      expect(a).not.toBe(b);
    });
  });

  describe("security headers", () => {
    const basics = (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.header("x-content-type-options")).toBe("nosniff");
      expect(res.header("referrer-policy")).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      expect(res.header("permissions-policy")).toMatch(/camera=\(\)/);
      expect(res.header("x-powered-by")).toBeUndefined();
    };

    it("gives the checkout page a nonce CSP that forbids framing, and every script on it that nonce", async () => {
      const res = await call(origin, "/");
      expect(res.status).toBe(200);
      basics(res);
      const csp = res.header("content-security-policy") ?? "";
      const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      const again = await call(origin, "/");
      expect(/'nonce-([^']+)'/.exec(again.header("content-security-policy") ?? "")?.[1]).not.toBe(nonce);
      // A nonce only helps when the page's scripts carry it: with 'strict-dynamic', a script
      // without the nonce does not run, and the checkout never becomes interactive.
      const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      const withoutNonce = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`));
      expect(withoutNonce, `scripts without nonce="${nonce}"`).toEqual([]);
    });

    it("sends the same protections, a locked-down CSP and no caching on API answers", async () => {
      for (const path of ["/api/v1/assets", "/api/health", "/api/nope"]) {
        const res = await call(origin, path);
        basics(res);
        const csp = res.header("content-security-policy") ?? "";
        expect(csp).toMatch(/default-src 'none'/);
        expect(csp).toMatch(/frame-ancestors 'none'/);
      }
      expect((await call(origin, "/api/nope")).header("cache-control")).toMatch(/no-store/);
    });
  });
});

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

/** What the server sends back for `raw` bytes written to a socket, read until it closes. */
function rawAnswer(origin: string, raw: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(origin).port), "127.0.0.1", () => socket.end(raw));
    let got = "";
    socket.on("data", (chunk) => (got += chunk));
    socket.on("close", () => resolve(got));
    socket.on("error", reject);
  });
}
