// The browser's only door to the BFF (/api/v1 and the dashboard's /api/partner), for every browser
// feature: checkout, swap page, widget, dashboard. Answers are checked against the shared schemas;
// errors become one BffError carrying the stable code the UI translates.
import { bffErrorAnswer, swapAnswer, type AnswerCheck } from "@/lib/schema/answers";
import type { SwapAnswer } from "@/lib/schema/bff";
import { EARLY_READ_GLOBAL, type EarlyRead } from "@/lib/swap/early-read";

export class BffError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
    readonly retryAfterSeconds: number | null = null,
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = "BffError";
  }
}

type Options = {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees a successful answer's headers (the dashboard reads x-ledger-as-of). */
  onHeaders?: (headers: Headers) => void;
};

/** The check for an answer without a body (204 No Content, as a DELETE answers). */
export const noContent: AnswerCheck<null> = {
  safeParse: (value) => (value === undefined ? { success: true, data: null } : { success: false }),
};

export async function bff<T>(path: string, schema: AnswerCheck<T>, options: Options = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new BffError("network_error", "Could not reach the server.", 0);
  }
  return readAnswer(response, schema, options);
}

/** A BFF answer checked against `schema`, or the BffError it carries. */
async function readAnswer<T>(response: Response, schema: AnswerCheck<T>, options: Options): Promise<T> {
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = bffErrorAnswer.safeParse(json);
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new BffError(
      parsed.success ? parsed.data.error.code : "internal_error",
      parsed.success ? parsed.data.error.message : `HTTP ${response.status}`,
      response.status,
      parsed.success ? parsed.data.error.details : {},
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      parsed.success ? parsed.data.requestId : response.headers.get("x-request-id"),
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new BffError("upstream_error", "The server answered something unexpected.", response.status);
  options.onHeaders?.(response.headers);
  return parsed.data;
}

export type SwapSnapshot = {
  swap: SwapAnswer;
  /** When the status was read upstream, on the server's clock (ms since the epoch). */
  checkedAt: number;
  /** The server's clock ahead of this browser's (ms): server times are compared with `useServerNow(clockOffset)`. */
  clockOffset: number;
};

/** One swap's status through its access token, with the time of the upstream read behind it. */
export async function fetchSwap([path, token]: [string, string]): Promise<SwapSnapshot> {
  return (await takeEarlyRead(path, token)) ?? swapSnapshot(path, { headers: { "x-swap-token": token } });
}

/**
 * The swap page's first read, started by its inline script (lib/swap/early-read.ts), taken once and
 * only for the same path and token. Null when there is none, or when it never reached the server: the
 * caller then asks itself at once rather than wait for SWR's retry.
 */
async function takeEarlyRead(path: string, token: string): Promise<SwapSnapshot | null> {
  if (typeof window === "undefined") return null;
  const slot = window as unknown as Record<string, EarlyRead | undefined>;
  const early = slot[EARLY_READ_GLOBAL];
  if (!early || early.path !== path || early.token !== token) return null;
  slot[EARLY_READ_GLOBAL] = undefined;
  const arrived = await early.answer.catch(() => null);
  return arrived && snapshotOf(arrived.response, arrived.receivedAt);
}

/**
 * A call that answers with a swap (its status read, or the sandbox's deposit), with the answer's
 * times: `checkedAt` is the upstream read's (x-status-as-of), else the answer's own (Date), both on
 * the server's clock; with neither the offset is 0, so the time of arrival serves.
 */
export async function swapSnapshot(path: string, options: Omit<Options, "onHeaders"> = {}): Promise<SwapSnapshot> {
  let headers = new Headers();
  const swap = await bff(path, swapAnswer, { ...options, onHeaders: (h) => (headers = h) });
  return snapshotWith(swap, headers, Date.now());
}

/** A swap answer that has already arrived (the early read), as `swapSnapshot` reads one. */
async function snapshotOf(response: Response, receivedAt: number): Promise<SwapSnapshot> {
  let headers = new Headers();
  const swap = await readAnswer(response, swapAnswer, { onHeaders: (h) => (headers = h) });
  return snapshotWith(swap, headers, receivedAt);
}

function snapshotWith(swap: SwapAnswer, headers: Headers, receivedAt: number): SwapSnapshot {
  const asOf = headers.get("x-status-as-of");
  const date = headers.get("date");
  const serverTimes = [asOf, date].map((header) => (header ? Date.parse(header) : NaN));
  return {
    swap,
    checkedAt: serverTimes.find(Number.isFinite) ?? receivedAt,
    clockOffset: serverClockOffset(date, receivedAt),
  };
}

/** Whether asking again can help: the network, a busy or failing server, not an answer about the request. */
export const isTransient = (error: BffError) =>
  error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * How far the server's clock is ahead of this browser's (ms, negative when behind), from an
 * answer's Date header (whole seconds, so the server's instant is taken as the middle of that
 * second). Within 2 s that is rounding and latency, not a wrong clock: 0. Deadlines the server
 * sets (a quote's expiry) are compared with `useServerNow(offset)`, so a browser whose clock is
 * wrong neither shows 13 minutes left nor calls every new quote expired.
 */
export function serverClockOffset(dateHeader: string | null, receivedAt: number): number {
  const serverSecond = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(serverSecond)) return 0;
  const offset = serverSecond + 500 - receivedAt;
  return Math.abs(offset) <= 2_000 ? 0 : offset;
}
