// The browser's swap creation (lib/client/create-swap.ts) against a stubbed BFF answer: a created
// swap that pays out anywhere but where the user said is refused before any deposit instructions.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSwap } from "@/lib/client/create-swap";
import { inProcessSandbox, SANDBOX_TRON_ADDRESS as TRON } from "../support/in-process-sandbox";
import type { SwapBody } from "@/lib/schema/bff";

/** A real swap from the sandbox, paying out to `address`. */
const sandboxSwap = (address = TRON) => inProcessSandbox().newSwap(address);

function answerWith(swap: unknown) {
  vi.stubGlobal("fetch", async () => Response.json({ swap, accessToken: "tok_abcdefghijklmnopqrstuvwx" }));
}

const body = (quoteId: string): SwapBody => ({
  quoteId,
  destination: { address: TRON, memo: null },
  refundAddress: null,
  notificationEmail: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createSwap", () => {
  it("returns a swap that pays out to the address entered", async () => {
    answerWith(await sandboxSwap());
    const created = await createSwap(body(`pq_${"1".repeat(24)}`));
    expect(created.swap.payout.address).toBe(TRON);
  });

  it("refuses a swap that pays out to another address as quote_already_used", async () => {
    const swap = await sandboxSwap();
    answerWith({ ...swap, payout: { ...swap.payout, address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf" } });
    await expect(createSwap(body(`pq_${"2".repeat(24)}`))).rejects.toMatchObject({
      code: "quote_already_used",
      status: 409,
    });
  });

  it("accepts the address as the address check normalised it", async () => {
    answerWith(await sandboxSwap());
    const typed: SwapBody = {
      ...body(`pq_${"3".repeat(24)}`),
      destination: { address: TRON.toLowerCase(), memo: null },
    };
    await expect(createSwap(typed)).rejects.toMatchObject({ code: "quote_already_used" });
    await expect(createSwap(typed, { normalizedAddress: TRON })).resolves.toMatchObject({
      swap: { payout: { address: TRON } },
    });
  });
});
