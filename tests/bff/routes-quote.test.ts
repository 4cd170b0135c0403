// GET /api/v1/assets, POST /api/v1/address and /api/v1/quote, /api/health and /api/ready, in sandbox mode.
import { describe, it, expect } from "vitest";
import { addressAnswerSchema, quoteAnswerSchema, swapCreatedSchema } from "@/lib/schema/bff";
import { assetListSchema } from "@/lib/schema/partner";
import { call, expectError, postJson } from "./requests";
import { BTC_ADDRESS, XRP_ADDRESS, btcToUsdtTron, createSwap, quote, swapBody } from "./checkout";
import { NO_LIMITS, sandboxApp } from "./fixtures";

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
  let origin: string;
  sandboxApp({ SANDBOX_STEP_SECONDS: "1", ...NO_LIMITS }, (app) => (origin = app.origin));

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
});
