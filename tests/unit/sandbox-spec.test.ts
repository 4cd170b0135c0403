// The sandbox where it strayed from the spec and its public facts, one block per fix: driven in
// process on a manual clock, as tests/unit/machine.test.ts drives it.
import { describe, expect, it } from "vitest";
import { createManualClock, type SandboxClock } from "@/lib/sandbox/clock";
import { createSandbox } from "@/lib/sandbox/handler";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { swapListSchema, swapSchema, type Swap, type SwapList } from "@/lib/schema/partner";

const KEY = "lsk_test_sandbox";
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const T0 = Date.parse("2026-11-01T12:00:00.000Z");
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Answer = { status: number; headers: Headers; body: Record<string, unknown> & { error?: Record<string, unknown> } };

function harness(env: Record<string, string> = {}, deps: { clock?: SandboxClock; random?: () => number } = {}) {
  const clock = deps.clock ?? createManualClock(T0);
  const sandbox = createSandbox(sandboxEnvSchema.parse({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000", ...env }), { ...deps, clock });

  async function request(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await sandbox.handle(
      new Request(`http://sandbox.test${path}`, {
        method,
        headers: { "x-api-key": KEY, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer["body"] };
  }

  const quoteBody = (amount = "0.01") => ({ from: { network: "bitcoin", token: "BTC", amount }, to: { network: "tron", token: "USDT" } });

  async function newSwap(amount = "0.01"): Promise<Swap> {
    const quote = await request("POST", "/v1/quote", quoteBody(amount));
    const swap = await request("POST", "/v1/swap", { quoteId: quote.body.id, destination: { address: TRON_ADDRESS } });
    expect(swap.status).toBe(200);
    return swapSchema.parse(swap.body);
  }

  const read = async (id: string) => swapSchema.parse((await request("GET", `/v1/swap/${id}`)).body);
  const list = async (query = "") => swapListSchema.parse((await request("GET", `/v1/swap${query}`)).body) as SwapList;
  const seed = async (body: Record<string, unknown>) => (await request("POST", "/sandbox/seed", body)).body as { ids: string[] };

  return { clock, request, quoteBody, newSwap, read, list, seed };
}

// ---- 1. seeded swaps waiting for a deposit expire at their deadline -----------------------------

describe("a seeded swap waiting for its deposit", () => {
  it("is expired, dated at its deadline, when the deadline passed before the seed: on the live read and in the list's filter", async () => {
    const h = harness();
    const { ids } = await h.seed({ count: 3, statuses: ["waiting_deposit"], createdFrom: iso(T0 - 30 * DAY_MS), createdTo: iso(T0 - 20 * DAY_MS) });
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
    const { ids } = await h.seed({ count: 2, statuses: ["processing", "completed"], createdFrom: iso(T0 - 30 * DAY_MS), createdTo: iso(T0 - 20 * DAY_MS) });
    expect((await Promise.all(ids.map(h.read))).map((s) => s.status)).toEqual(["processing", "completed"]);
  });
});
