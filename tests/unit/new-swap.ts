// A BTC → USDT (Tron) swap made through the BFF's own services, for tests on the harness of
// ./bff-harness.ts (set up before this is called).
import { expect } from "vitest";
import { createQuote } from "@/lib/bff/quotes";
import { createSwapOnce } from "@/lib/bff/swaps";
import { swapCreatedSchema } from "@/lib/schema/bff";
import type { Swap } from "@/lib/schema/partner";

export const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

export async function newSwap(): Promise<Swap> {
  const quote = await createQuote(
    { from: { network: "bitcoin", token: "BTC", amount: "0.01" }, to: { network: "tron", token: "USDT" } },
    { requestId: "req-unit-quote", clientId: "unit" },
  );
  const outcome = await createSwapOnce(
    crypto.randomUUID(),
    { quoteId: quote.id, destination: { address: TRON } },
    { requestId: "req-unit-swap", attribution: null },
  );
  expect(outcome.status).toBe(200);
  return swapCreatedSchema.parse(outcome.body).swap;
}
