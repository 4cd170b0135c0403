// Shared pieces of the partner client's contract tests: sandboxes over real HTTP, a client on them, recorded
// transports, the spec-error check and raw requests (spec/partner-swap-api-v1.md, DESIGN.md "The sandbox's own
// interface").
import { afterAll, expect } from "vitest";
import { createPartnerClient, type PartnerClientOptions, type Transport } from "@/lib/partner/client";
import { PartnerError, isPartnerError } from "@/lib/partner/errors";
import { errorCodeStatus, type CreateQuoteRequest, type CreateSwapRequest, type ErrorCode } from "@/lib/schema/partner";
import { startSandbox, type RunningSandbox } from "@/tests/support/servers";
import type { SandboxClock } from "@/lib/sandbox/clock";

export const KEY = "lsk_test_sandbox";
export const BTC_ADDRESS = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
export const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const XRP_ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
export const GENERATED_REQUEST_ID = /^req_[0-9a-f]{24,32}$/;
export const T0 = Date.parse("2026-11-01T12:00:00.000Z"); // createManualClock's start, on a minute boundary

export const fetchTransport: Transport = (url, init) => fetch(url, init);

/**
 * For one test file: a function that starts a fresh sandbox over HTTP, all of them closed after the file.
 * Generous rate limit unless the test sets one.
 */
export function sandboxesForFile() {
  const opened: RunningSandbox[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
  });
  return async function sandbox(env: Record<string, string> = {}, clock?: SandboxClock): Promise<RunningSandbox> {
    const running = await startSandbox({ SANDBOX_RATE_LIMIT_PER_MINUTE: "100000", ...env }, clock);
    opened.push(running);
    return running;
  };
}

export function clientFor(sb: { baseUrl: string }, overrides: Partial<PartnerClientOptions> = {}) {
  return createPartnerClient({
    baseUrl: sb.baseUrl,
    apiKey: KEY,
    transport: fetchTransport,
    timeoutMs: 5_000,
    sleep: async () => {},
    ...overrides,
  });
}

/** A transport that records every attempt and passes it on. */
export function recording(inner: Transport = fetchTransport) {
  const calls: Array<{ url: string; init: RequestInit; headers: Headers }> = [];
  const transport: Transport = (url, init) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return inner(url, init);
  };
  return { transport, calls };
}

/** The PartnerError a call rejects with; fails the test when it succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<PartnerError> {
  const outcome = await promise.then(
    () => new Error("expected the call to fail, but it succeeded"),
    (error: unknown) => error,
  );
  if (isPartnerError(outcome)) return outcome;
  throw outcome instanceof Error ? outcome : new Error(`expected a PartnerError, got ${String(outcome)}`);
}

/** The spec error codes `expectSpecError` has seen in this test file. */
export const codesSeen = new Set<string>();

/** A spec error as the client reports it: the code, its HTTP status, a message and a request id. */
export function expectSpecError(
  error: PartnerError,
  code: ErrorCode,
  requestId: string | RegExp = GENERATED_REQUEST_ID,
) {
  expect(error.code).toBe(code);
  codesSeen.add(error.code);
  expect(error.status).toBe(errorCodeStatus[code]);
  expect(error.message).toMatch(/\S/);
  if (typeof requestId === "string") expect(error.requestId).toBe(requestId);
  else expect(error.requestId).toMatch(requestId);
}

export const btcToUsdt = (amount = "0.01", extra: Partial<CreateQuoteRequest> = {}): CreateQuoteRequest => ({
  from: { network: "bitcoin", token: "BTC", amount },
  to: { network: "tron", token: "USDT" },
  ...extra,
});

export type Client = ReturnType<typeof clientFor>;

export async function newSwap(
  client: Client,
  quote: CreateQuoteRequest = btcToUsdt(),
  destination: CreateSwapRequest["destination"] = { address: TRON_ADDRESS },
) {
  const q = await client.createQuote(quote);
  return client.createSwap({ quoteId: q.id, destination });
}

/** A request straight to the sandbox (`/v1/...` or `/sandbox/...`), with the key, and its parsed body. */
export async function raw(
  sb: RunningSandbox,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(`${sb.origin}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-api-key": KEY,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    res,
    body: (text === "" ? undefined : JSON.parse(text)) as Record<string, unknown> & { error?: Record<string, unknown> },
  };
}
