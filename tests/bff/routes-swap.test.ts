// POST /api/v1/swap, GET /api/v1/swap/{id} and the embedded sandbox's deposit and seed controls.
import { describe, it, expect, beforeAll } from "vitest";
import { swapCreatedSchema } from "@/lib/schema/bff";
import { swapIdPattern, swapSchema, type Swap } from "@/lib/schema/partner";
import { sleep } from "@/lib/timing";
import { call, expectError, postJson } from "./requests";
import { BTC_ADDRESS, TRON_ADDRESS, XRP_ADDRESS, createSwap, newSwap, quote, swapBody } from "./checkout";
import { NO_LIMITS, sandboxApp } from "./fixtures";

describe("in sandbox mode", () => {
  let origin: string;
  sandboxApp({ SANDBOX_STEP_SECONDS: "1", ...NO_LIMITS }, (app) => (origin = app.origin));

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
});
