// The sandbox where it strayed from the spec and its public facts, one block per fix: driven in
// process on a manual clock, as tests/unit/machine.test.ts drives it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createManualClock, createScaledClock, type SandboxClock } from "@/lib/sandbox/clock";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { swapListSchema, swapSchema, type Swap, type SwapList } from "@/lib/schema/partner";
import { repoRoot } from "../support/servers";

const KEY = "lsk_test_sandbox";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const T0 = Date.parse("2026-11-01T12:00:00.000Z");
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Answer = { status: number; headers: Headers; body: Record<string, unknown> & { error?: Record<string, unknown> } };

function harness(env: Record<string, string> = {}, deps: { clock?: SandboxClock; random?: () => number } = {}) {
  const clock = deps.clock ?? createManualClock(T0);
  const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000", ...env }), {
    ...deps,
    clock,
  });

  async function request(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await sandbox.handle(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: { "x-api-key": KEY, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer["body"] };
  }

  const quoteBody = (amount = "0.01") => ({
    from: { network: "bitcoin", token: "BTC", amount },
    to: { network: "tron", token: "USDT" },
  });

  async function newSwap(amount = "0.01"): Promise<Swap> {
    const quote = await request("POST", "/v1/quote", quoteBody(amount));
    const swap = await request("POST", "/v1/swap", { quoteId: quote.body.id, destination: { address: TRON_ADDRESS } });
    expect(swap.status).toBe(200);
    return swapSchema.parse(swap.body);
  }

  const read = async (id: string) => swapSchema.parse((await request("GET", `/v1/swap/${id}`)).body);
  const list = async (query = "") => swapListSchema.parse((await request("GET", `/v1/swap${query}`)).body) as SwapList;
  const seed = async (body: Record<string, unknown>) =>
    (await request("POST", "/sandbox/seed", body)).body as { ids: string[] };

  return { clock, request, quoteBody, newSwap, read, list, seed };
}

// ---- 1. seeded swaps waiting for a deposit expire at their deadline -----------------------------

describe("a seeded swap waiting for its deposit", () => {
  it("is expired, dated at its deadline, when the deadline passed before the seed: on the live read and in the list's filter", async () => {
    const h = harness();
    const { ids } = await h.seed({
      count: 3,
      statuses: ["waiting_deposit"],
      createdFrom: iso(T0 - 30 * DAY_MS),
      createdTo: iso(T0 - 20 * DAY_MS),
    });
    for (const id of ids) {
      const swap = await h.read(id);
      expect(swap).toMatchObject({ status: "expired", errorMessage: null });
      expect(swap.updatedAt).toBe(swap.deposit.deadline);
    }
    expect((await h.list("?status=expired")).swaps.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect((await h.list("?status=waiting_deposit")).total).toBe(0);
  });

  it("expires when its deadline passes later on the sandbox clock, live at once and in the list after the sync", async () => {
    const h = harness();
    const [id] = (await h.seed({ count: 1, statuses: ["waiting_deposit"] })).ids;
    const seeded = await h.read(id!);
    expect(seeded).toMatchObject({ status: "waiting_deposit", updatedAt: iso(T0) });
    expect((await h.list("?status=waiting_deposit")).total).toBe(1);
    h.clock.advance(4 * 3_600_000);
    expect(await h.read(id!)).toMatchObject({ status: "expired", updatedAt: seeded.deposit.deadline });
    expect((await h.list("?status=expired")).swaps.map((s) => s.id)).toEqual([id]);
  });

  it("takes a deposit before its deadline, like a swap made through the API", async () => {
    const h = harness();
    const [id] = (await h.seed({ count: 1, statuses: ["waiting_deposit"] })).ids;
    const deposited = await h.request("POST", `/sandbox/swaps/${id}/deposit`, {});
    expect(deposited.status).toBe(200);
    expect(deposited.body.status).toBe("deposit_detected");
  });

  it("keeps every other seeded status fixed", async () => {
    const h = harness();
    const { ids } = await h.seed({
      count: 2,
      statuses: ["processing", "completed"],
      createdFrom: iso(T0 - 30 * DAY_MS),
      createdTo: iso(T0 - 20 * DAY_MS),
    });
    expect((await Promise.all(ids.map(h.read))).map((s) => s.status)).toEqual(["processing", "completed"]);
  });
});

// ---- 2. the commission and the payout follow the amount received -------------------------------

describe("a swap paid with another amount than quoted", () => {
  /** A 0.01 BTC → USDT swap paid with `amount`, walked to completed, read live and from the synced list. */
  async function paidWith(amount: string | undefined) {
    const h = harness();
    const swap = await h.newSwap("0.01");
    const deposited = await h.request(
      "POST",
      `/sandbox/swaps/${swap.id}/deposit`,
      amount === undefined ? {} : { amount },
    );
    h.clock.advance(60_000);
    const live = await h.read(swap.id);
    const listed = (await h.list()).swaps[0]!;
    return { swap, deposited: swapSchema.parse(deposited.body), live, listed };
  }

  it("accrues 50 bps of the amount received: half the reward for half the deposit, double for double", async () => {
    // 0.01 BTC at 97250 USD is 972.50 USDC of volume; 50 bps of it is 4.8625.
    expect((await paidWith(undefined)).listed.commission).toEqual({
      bps: 50,
      rewardAmountUsdc: "4.8625",
      rewardStatus: "available",
    });
    expect((await paidWith("0.005")).listed).toMatchObject({
      status: "completed",
      commission: { rewardAmountUsdc: "2.43125" },
    });
    expect((await paidWith("0.02")).listed).toMatchObject({
      status: "completed",
      commission: { rewardAmountUsdc: "9.725" },
    });
  });

  it("estimates the payout from the amount received as soon as the deposit is seen, and keeps the quote's estimate in to", async () => {
    const under = await paidWith("0.005");
    expect(under.swap.payout.estimatedAmount).toBe("968.61");
    // 96861 USDT per BTC (97250 less the 0.4 % spread) times 0.005
    expect(under.deposited.payout.estimatedAmount).toBe("484.305");
    expect(under.live.payout.estimatedAmount).toBe("484.305");
    expect(under.listed.payout.estimatedAmount).toBe("484.305");
    expect(under.live.to.estimatedAmount).toBe("968.61");
    expect(under.live.deposit.amount).toBe("0.01");
    const over = await paidWith("0.02");
    expect(over.live).toMatchObject({ to: { estimatedAmount: "968.61" }, payout: { estimatedAmount: "1937.22" } });
  });

  it("floors the payout to the asset's decimals and the reward to USDC's 6, in exact decimals", async () => {
    const odd = await paidWith("0.00333333");
    // 96861 × 0.00333333 = 322.86967713; 0.00333333 × 97250 × 0.005 = 1.6208316...
    expect(odd.live.payout.estimatedAmount).toBe("322.869677");
    expect(odd.listed.commission.rewardAmountUsdc).toBe("1.620831");
  });
});

// ---- 3. provider_unavailable is a fault of quote and swap creation only ------------------------

describe("the provider_unavailable fault", () => {
  const FAULT = { "x-sandbox-fault": "provider_unavailable" };

  it("answers reads normally under x-sandbox-fault: provider_unavailable, and refuses quote and swap creation with 503", async () => {
    const h = harness();
    const swap = await h.newSwap();
    for (const path of ["/v1/asset", `/v1/swap/${swap.id}`, "/v1/swap"])
      expect((await h.request("GET", path, undefined, FAULT)).status, path).toBe(200);
    const address = await h.request(
      "POST",
      "/v1/address",
      { network: "tron", token: "USDT", address: TRON_ADDRESS },
      FAULT,
    );
    expect(address.status).toBe(200);
    const quote = await h.request("POST", "/v1/quote", h.quoteBody(), FAULT);
    expect(quote).toMatchObject({ status: 503, body: { error: { code: "provider_unavailable" } } });
    const fresh = await h.request("POST", "/v1/quote", h.quoteBody());
    const created = await h.request(
      "POST",
      "/v1/swap",
      { quoteId: fresh.body.id, destination: { address: TRON_ADDRESS } },
      FAULT,
    );
    expect(created).toMatchObject({ status: 503, body: { error: { code: "provider_unavailable" } } });
  });

  it("applies SANDBOX_FAULTS unavailable_rate to quote and swap creation only", async () => {
    const healthy = harness();
    const swap = await healthy.newSwap();
    const quoteId = (await healthy.request("POST", "/v1/quote", healthy.quoteBody())).body.id;
    const h = harness({ SANDBOX_FAULTS: "unavailable_rate=1" }, { random: () => 0.5 });
    for (const path of ["/v1/asset", `/v1/swap/${swap.id}`, "/v1/swap"])
      expect((await h.request("GET", path)).status, path).not.toBe(503);
    expect((await h.request("POST", "/v1/quote", h.quoteBody())).status).toBe(503);
    expect((await h.request("POST", "/v1/swap", { quoteId, destination: { address: TRON_ADDRESS } })).status).toBe(503);
  });
});

// ---- 4. unknown query parameters are the query's ------------------------------------------------

describe("an unknown query parameter", () => {
  it.each(["/v1/asset?foo=bar", "/v1/swap?foo=1", "/v1/swap/ABCDEFGHIJKL?foo=1"])(
    "is refused at %s, named as the query's",
    async (path) => {
      const h = harness();
      const res = await h.request("GET", path);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: "validation_error",
        message: "query: unknown field(s): foo",
        details: { fields: { query: "unknown field(s): foo" } },
      });
    },
  );

  it("does not stop a read of a swap without one", async () => {
    const h = harness();
    const swap = await h.newSwap();
    expect((await h.request("GET", `/v1/swap/${swap.id}`)).status).toBe(200);
  });
});

// ---- 5. the rate limit's window is a sandbox minute ---------------------------------------------

describe("the rate limit under SANDBOX_TIME_SCALE", () => {
  it("counts a sandbox minute, so at 60 the window is one real second, and Retry-After is in real seconds", async () => {
    let real = T0;
    const h = harness(
      { SANDBOX_RATE_LIMIT_PER_MINUTE: "2", SANDBOX_TIME_SCALE: "60" },
      { clock: createScaledClock(60, () => real) },
    );
    expect((await h.request("GET", "/v1/asset")).status).toBe(200);
    expect((await h.request("GET", "/v1/asset")).status).toBe(200);
    const limited = await h.request("GET", "/v1/asset");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    real += 1_000;
    expect((await h.request("GET", "/v1/asset")).status).toBe(200);
  });

  it("is said in the SANDBOX_TIME_SCALE row of docs/configuration.md", () => {
    const page = readFileSync(join(repoRoot, "docs/configuration.md"), "utf8");
    const row = page.split("\n").find((line) => line.startsWith("| `SANDBOX_TIME_SCALE`"));
    expect(row).toMatch(/rate.limit/i);
  });
});
