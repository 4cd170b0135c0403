// The checkout's steps over HTTP as the browser takes them: payout addresses, a quote, a swap with its Idempotency-Key.
import { expect } from "vitest";
import { quoteAnswerSchema, swapCreatedSchema, type QuoteAnswer, type SwapCreated } from "@/lib/schema/bff";
import { postJson, type CallOptions } from "./requests";

export const TRON_ADDRESS = "TENmqTAY51Y4SEmUwZsYhPSeb4uUhrAtXD";
export const TRON_ADDRESS_2 = "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r";
export const BTC_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
export const XRP_ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

export const btcToUsdtTron = (amount = "0.01") => ({
  from: { network: "bitcoin", token: "BTC", amount },
  to: { network: "tron", token: "USDT" },
});

/** POST /api/v1/quote, answered as it comes (`quote` when it must succeed). */
export const postQuote = (
  origin: string,
  body: unknown = btcToUsdtTron(),
  options: Omit<CallOptions, "body" | "method"> = {},
) => postJson(origin, "/api/v1/quote", body, options);

/** POST /api/v1/address for a USDT address on Tron, answered as it comes. */
export const checkTronAddress = (
  origin: string,
  address = TRON_ADDRESS,
  options: Omit<CallOptions, "body" | "method"> = {},
) => postJson(origin, "/api/v1/address", { network: "tron", token: "USDT", address }, options);

export async function quote(
  origin: string,
  body: object = btcToUsdtTron(),
  options: Omit<CallOptions, "body" | "method"> = {},
): Promise<QuoteAnswer> {
  const res = await postQuote(origin, body, options);
  expect(res.status, res.raw).toBe(200);
  return quoteAnswerSchema.parse(res.json);
}

export const swapBody = (quoteId: string, address = TRON_ADDRESS, extra: object = {}) => ({
  quoteId,
  destination: { address },
  ...extra,
});

export function createSwap(
  origin: string,
  body: object,
  key: string = crypto.randomUUID(),
  options: Omit<CallOptions, "body" | "method"> = {},
) {
  return postJson(origin, "/api/v1/swap", body, {
    ...options,
    headers: { "idempotency-key": key, ...options.headers },
  });
}

export async function newSwap(origin: string): Promise<SwapCreated> {
  const q = await quote(origin);
  const res = await createSwap(origin, swapBody(q.id));
  expect(res.status, res.raw).toBe(200);
  return swapCreatedSchema.parse(res.json);
}
