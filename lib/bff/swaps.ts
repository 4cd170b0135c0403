// Swap creation, one click one swap, and swap reads that open only with the swap's access token.
import "server-only";
import { createHash } from "node:crypto";
import type { SwapBody, SwapCreated } from "@/lib/schema/bff";
import type { WidgetConfig } from "@/lib/schema/widget";
import type { Swap } from "@/lib/schema/partner";
import { PartnerError, isPartnerError } from "@/lib/partner/errors";
import { ApiError, errorResponse, retryAfterHeader } from "./errors";
import { partner, store } from "./partner";
import { ledgerSwapCreated } from "@/lib/ledger";
import { writeSnapshot } from "./status";
import { swapAccessToken } from "./tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
const PENDING_TTL_MS = 2 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 12_000;

type Outcome = { status: number; body: unknown; headers?: Record<string, string> };
type IdempotencyRecord = { hash: string; state: "pending" } | ({ hash: string; state: "done" } & Outcome);

const idempotencyKey = (key: string) => `idem:swap:${key}`;
const quoteSwapKey = (quoteId: string) => `quote-swap:${quoteId}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fingerprint(body: SwapBody, attribution: string | null): string {
  const canonical = JSON.stringify([
    body.quoteId,
    body.destination.address,
    body.destination.memo ?? null,
    body.refundAddress ?? null,
    body.notificationEmail ?? null,
    attribution,
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

const quoteLockKey = (quoteId: string) => `quote-lock:${quoteId}`;

/** Remembers that a quote was made under a signed config that fixed the destination. */
export async function lockQuoteDestination(quoteId: string, destination: { address: string; memo?: string }) {
  await store().set(quoteLockKey(quoteId), JSON.stringify(destination), DAY_MS);
}

/**
 * A destination the partner locked in a signed widget config cannot be swapped for another: not
 * by this request's config, and not by dropping the config header for a quote made under one.
 */
export async function assertLockedDestination(body: SwapBody, widget: WidgetConfig | null) {
  const remembered = await store().get(quoteLockKey(body.quoteId));
  const locked = widget?.destination ?? (remembered ? (JSON.parse(remembered) as { address: string; memo?: string }) : undefined);
  if (!locked) return;
  if (body.destination.address !== locked.address || (body.destination.memo ?? undefined) !== locked.memo) {
    throw new ApiError("validation_error", "The destination of this checkout is fixed by the site you came from.", {
      fields: { destination: "locked" },
    });
  }
}

async function readRecord(key: string): Promise<IdempotencyRecord | null> {
  const raw = await store().get(idempotencyKey(key));
  return raw ? (JSON.parse(raw) as IdempotencyRecord) : null;
}

/**
 * Creates the swap for this Idempotency-Key exactly once. The same key and body replay the first
 * answer; the same key with another body is refused; a repeat while the first runs waits for it.
 * `onFirstAttempt` runs only for the request that really calls upstream (limits count it alone).
 */
export async function createSwapOnce(
  key: string,
  body: SwapBody,
  ctx: { requestId: string; attribution: string | null; onFirstAttempt?: () => Promise<void> },
): Promise<Outcome> {
  const hash = fingerprint(body, ctx.attribution);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const record = await readRecord(key);
    if (record && record.hash !== hash) throw new ApiError("idempotency_mismatch");
    if (record?.state === "done") {
      // A replayed error speaks of this request: its requestId is this request's.
      const body = record.status >= 400 && record.body && typeof record.body === "object" ? { ...record.body, requestId: ctx.requestId } : record.body;
      const headers = Object.fromEntries(Object.entries(record.headers ?? {}).filter(([name]) => name !== "x-request-id"));
      return { status: record.status, body, headers: { ...headers, "idempotent-replayed": "true" } };
    }
    if (!record) {
      if (await store().setIfAbsent(idempotencyKey(key), JSON.stringify({ hash, state: "pending" } satisfies IdempotencyRecord), PENDING_TTL_MS)) break;
      continue;
    }
    if (Date.now() > deadline) throw new ApiError("request_in_progress", undefined, {}, retryAfterHeader(2));
    await sleep(100);
  }

  let outcome: Outcome;
  try {
    await ctx.onFirstAttempt?.();
    const swap = await createSwapUpstream(body, ctx.requestId);
    outcome = { status: 200, body: { swap, accessToken: swapAccessToken(swap.id) } satisfies SwapCreated };
  } catch (error) {
    const response = errorResponse(error, ctx.requestId);
    // A definite answer about this request is kept and replayed; a transient failure frees the
    // key so a retry can try again (the upstream is retry-safe per quoteId, so no second swap).
    if (response.status >= 500 || response.status === 429) {
      await store().delete(idempotencyKey(key));
      throw error;
    }
    outcome = { status: response.status, body: await response.json(), headers: Object.fromEntries(response.headers) };
  }
  await store().set(idempotencyKey(key), JSON.stringify({ hash, state: "done", ...outcome } satisfies IdempotencyRecord), DAY_MS);
  return outcome;
}

async function createSwapUpstream(body: SwapBody, requestId: string): Promise<Swap> {
  try {
    const swap = await partner().createSwap(
      {
        quoteId: body.quoteId,
        destination: { address: body.destination.address, memo: body.destination.memo ?? null },
        ...(body.refundAddress ? { refundAddress: body.refundAddress } : {}),
        ...(body.notificationEmail ? { notificationEmail: body.notificationEmail } : {}),
      },
      { requestId },
    );
    await store().set(quoteSwapKey(body.quoteId), swap.id, DAY_MS);
    await writeSnapshot({ swap, asOf: Date.now(), source: "create" });
    await ledgerSwapCreated(swap);
    return swap;
  } catch (error) {
    if (isPartnerError(error) && error.code === "quote_already_used") {
      const existing = await findSwapOfQuote(body.quoteId, requestId);
      if (existing) return existing;
    }
    throw error;
  }
}

/** The swap this deployment already made from a quote: remembered, else found in the newest page. */
async function findSwapOfQuote(quoteId: string, requestId: string): Promise<Swap | null> {
  const known = await store().get(quoteSwapKey(quoteId));
  if (known) return partner().getSwap(known, { requestId, priority: "create" });
  const page = await partner().listSwaps({ limit: "100" }, { requestId, priority: "create" });
  const found = page.swaps.find((s) => s.quote.id === quoteId);
  if (!found) return null;
  await store().set(quoteSwapKey(quoteId), found.id, DAY_MS);
  const { commission: _commission, ...swap } = found;
  return swap;
}

/** After something changed a swap (the sandbox's deposit), its new state is the freshest we know. */
export function rememberSwap(swap: Swap) {
  return writeSnapshot({ swap, asOf: Date.now(), source: "live" });
}
