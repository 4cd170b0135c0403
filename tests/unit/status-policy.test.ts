// What a status read costs upstream (lib/bff/status/ through its exports), what /api/ready costs,
// and swap creation while the shared store is away: on a manual clock, counting every request that
// reaches the embedded sandbox.
import { afterEach, describe, expect, it } from "vitest";
import { readiness } from "@/lib/bff/boot/readiness";
import { readSwap } from "@/lib/bff/status/read";
import { writeSnapshot } from "@/lib/bff/status/snapshots";
import { createSwapOnce } from "@/lib/bff/swaps";
import { swapAccessToken } from "@/lib/bff/tokens";
import { createQuote } from "@/lib/bff/quotes";
import { simulateDeposit } from "@/lib/bff/sandbox-controls";
import { createMemoryStore } from "@/lib/store/memory";
import { createResilientStore } from "@/lib/store/resilient";
import { swapCreatedSchema } from "@/lib/schema/bff";
import { terminalStatuses } from "@/lib/schema/partner";
import { newSwap, TRON } from "./new-swap";
import { setUpBff, tearDownBff, type Harness, unreachableStore } from "./bff-harness";

const swapReads = (bff: Harness, id: string) => bff.count("GET", `/v1/swap/${id}`);

afterEach(tearDownBff);

// The first test also loads the BFF and opens the in-process ledger (a quote feeds the funnel):
// 5 s on a quiet machine here, 30 s in a busy CI run.
describe("swap status reads", { timeout: 60_000 }, () => {
  it("shares one upstream call among concurrent reads of one swap", async () => {
    const bff = setUpBff();
    const swap = await newSwap();
    // Old enough that a read goes live (a waiting swap's snapshot after 45 s).
    bff.advance(50_000);
    const token = swapAccessToken(swap.id);
    const reads = await Promise.all(Array.from({ length: 8 }, (_, i) => readSwap(swap.id, token, `req-read-${i}`)));
    expect(swapReads(bff, swap.id)).toBe(1);
    expect(new Set(reads.map((r) => r.asOf))).toEqual(new Set([Date.now()]));
    expect(reads.every((r) => r.source === "live")).toBe(true);
  });

  it("opens a swap only to its own token: a missing, wrong or other swap's token reads as swap_not_found, and costs nothing", async () => {
    const bff = setUpBff();
    const [swap, other] = [await newSwap(), await newSwap()];
    bff.advance(60_000);
    for (const token of [null, "", "not-the-token", `${swapAccessToken(swap.id)}x`, swapAccessToken(other.id)]) {
      await expect(readSwap(swap.id, token, "req-gate"), String(token)).rejects.toMatchObject({
        code: "swap_not_found",
        status: 404,
      });
    }
    expect(swapReads(bff, swap.id)).toBe(0);
    expect((await readSwap(swap.id, swapAccessToken(swap.id), "req-gate-ok")).swap.id).toBe(swap.id);
  });

  it("serves a snapshot younger than the shortest live-read gap (10 s) without any upstream call", async () => {
    const bff = setUpBff();
    const swap = await newSwap();
    bff.advance(9_000);
    await readSwap(swap.id, swapAccessToken(swap.id), "req-fresh");
    expect(swapReads(bff, swap.id)).toBe(0);
  });

  it.each(terminalStatuses)(
    "never spends a call on a %s swap, for as long as its snapshot is kept (6 h)",
    async (status) => {
      const bff = setUpBff();
      const swap = await newSwap();
      await writeSnapshot({ swap: { ...swap, status }, asOf: Date.now(), source: "live" });
      const token = swapAccessToken(swap.id);
      // 1 min, then 1 h, then 4 h later: 5 h 1 min in all, inside the snapshot's six hours.
      for (const later of [60_000, 60 * 60_000, 4 * 60 * 60_000]) {
        bff.advance(later);
        const read = await readSwap(swap.id, token, "req-terminal");
        expect(read.swap.status).toBe(status);
      }
      expect(swapReads(bff, swap.id)).toBe(0);
    },
  );

  it("spends a call on the same swap while it is not terminal (the control for the test above)", async () => {
    const bff = setUpBff();
    const swap = await newSwap();
    bff.advance(60 * 60_000);
    await readSwap(swap.id, swapAccessToken(swap.id), "req-open");
    expect(swapReads(bff, swap.id)).toBe(1);
  });
});

describe("a deposit, step by step on the manual clock", () => {
  it.each(["completed", "refunded", "failed"] as const)(
    "reads deposit_detected, then processing, then %s, each as the sandbox moves on",
    async (outcome) => {
      const bff = setUpBff({ SANDBOX_STEP_SECONDS: "10" });
      const swap = await newSwap();
      const token = swapAccessToken(swap.id);
      expect((await simulateDeposit(swap.id, token, { outcome }, "req-deposit")).status).toBe("deposit_detected");
      const seen: string[] = [(await readSwap(swap.id, token, "req-0")).swap.status];
      for (let step = 1; step <= 3; step++) {
        // One sandbox step, and past the BFF's freshness for a swap a person is waiting on.
        bff.advance(10_000);
        seen.push((await readSwap(swap.id, token, `req-${step}`)).swap.status);
      }
      expect(seen).toEqual(["deposit_detected", "processing", outcome, outcome]);
    },
  );
});

describe("/api/ready", () => {
  it("asks the upstream once per 30 s, however often it is probed", async () => {
    const bff = setUpBff();
    const probes = () => bff.count("GET", "/v1/asset");
    expect((await readiness("req-ready-1")).status).toBe("ready");
    expect(probes()).toBe(1);
    for (let i = 0; i < 29; i++) {
      bff.advance(1_000);
      await readiness(`req-ready-again-${i}`);
    }
    expect(probes()).toBe(1);
    bff.advance(1_001);
    await readiness("req-ready-2");
    expect(probes()).toBe(2);
  });
});

describe("swap creation while Redis is away", () => {
  it("creates the swap (no swap lost), replays it for the same key, and reports the store as unavailable", async () => {
    const bff = setUpBff({}, createResilientStore(unreachableStore(), createMemoryStore()));
    const quote = await createQuote(
      { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
      { requestId: "req-q", clientId: "unit" },
    );
    const key = crypto.randomUUID();
    const body = { quoteId: quote.id, destination: { address: TRON } };
    const first = await createSwapOnce(key, body, { requestId: "req-s1", attribution: null });
    expect(first.status).toBe(200);
    const again = await createSwapOnce(key, body, { requestId: "req-s2", attribution: null });
    expect(again.headers?.["idempotent-replayed"]).toBe("true");
    expect(swapCreatedSchema.parse(again.body).swap.id).toBe(swapCreatedSchema.parse(first.body).swap.id);
    expect(bff.count("POST", "/v1/swap")).toBe(1);
    const ready = await readiness("req-ready-degraded");
    expect(ready).toMatchObject({ status: "unavailable", store: "unavailable (serving from local memory)" });
  });
});

describe("someone else's quote, tried again and again", () => {
  it("charges the checks a reused quote causes to the client reusing it: past its share of the key they stop, and each try is refused", async () => {
    const bff = setUpBff({ PARTNER_RATE_LIMIT_PER_MINUTE: "40", CLIENT_BUDGET_SHARE: "0.25" });
    const owned = await newSwap();
    const quoteId = owned.quote.id!;
    const codes: string[] = [];
    for (let i = 0; i < 14; i++) {
      try {
        const outcome = await createSwapOnce(
          crypto.randomUUID(),
          { quoteId, destination: { address: "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r" } },
          { requestId: `req-take-${i}`, attribution: null, clientId: "taker" },
        );
        codes.push(String(outcome.status));
      } catch (error) {
        codes.push(error instanceof Error ? `${error.name}:${(error as { code?: string }).code}` : "error");
      }
    }
    // Every try is refused: the swap goes only to the request that made it.
    expect(codes.every((code) => code === "409" || code.endsWith(":rate_limited"))).toBe(true);
    // What the tries cost beyond the creations themselves: at most a quarter of the key's 40.
    const followUps = bff.count("GET", `/v1/swap/${owned.id}`) + bff.count("POST", "/v1/address");
    expect(followUps).toBeGreaterThan(0);
    expect(followUps).toBeLessThanOrEqual(10);
  });
});
