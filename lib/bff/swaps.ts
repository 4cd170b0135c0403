// Swap creation: one click, one swap (idempotency), and a quote's swap only for the request that made it.
import "server-only";
import { sleep } from "@/lib/timing";
import { unspendablePayout } from "@/lib/swap/unspendable";
import { processSingleton } from "@/lib/process-singleton";
import { onShutdown } from "@/lib/shutdown";
import { createHash } from "node:crypto";
import type { SwapBody, SwapCreated } from "@/lib/schema/bff";
import { swapAttemptFields } from "@/lib/schema/swap-attempt";
import type { WidgetConfig } from "@/lib/schema/widget";
import type { Swap } from "@/lib/schema/partner";
import { isPartnerError } from "@/lib/partner/errors";
import { ApiError, errorResponse, retryAfterHeader } from "./http/errors";
import { partner } from "./upstream/partner";
import { store } from "./upstream/shared-store";
import { ledgerSwapCreated } from "@/lib/bff/ledger";
import { swapCreated } from "@/lib/observability/metrics";
import { cachedAddressCheck, validateAndCache } from "./address-check";
import { assetsAtHand } from "./assets";
import { noteDepositAsset, withDepositAsset } from "./deposit-asset";
import { quoteConfig, quoteMemo, quoteSwap, rememberQuoteSwap } from "./quote-memory";
import { writeSnapshot } from "./status/snapshots";
import { refusedWidgetConfig } from "./widget-config";
import { swapAccessToken } from "./tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
const PENDING_TTL_MS = 2 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 12_000;

type Outcome = { status: number; body: unknown; headers?: Record<string, string> };
type IdempotencyRecord = { hash: string; state: "pending" } | ({ hash: string; state: "done" } & Outcome);

const idempotencyKey = (key: string) => `idem:swap:${key}`;

function fingerprint(body: SwapBody, attribution: string | null): string {
  // The same text as ever: records made before a deploy still match after it.
  const canonical = JSON.stringify([...swapAttemptFields(body), attribution]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/**
 * A payout (or refund) to a token's own contract or a burn address is lost for good, yet passes
 * every address check: refused before anything is created. The asset list is the cached one; if it
 * cannot be had within a moment the burn addresses are still checked.
 */
export async function assertSpendable(body: SwapBody, requestId: string) {
  const assets = (await assetsAtHand(requestId))?.assets ?? [];
  const fields: Record<string, string> = {};
  const payout = unspendablePayout(body.destination.address, assets);
  if (payout) fields["destination.address"] = payout;
  const refund = body.refundAddress ? unspendablePayout(body.refundAddress, assets) : null;
  if (refund) fields.refundAddress = refund;
  if (Object.keys(fields).length) {
    throw new ApiError(
      "validation_error",
      "This address would lose the funds sent to it: it is a token's contract or a burn address, not a wallet.",
      {
        fields,
      },
    );
  }
}

/**
 * What the signed config of a quote fixed holds at its swap, whatever config this request sends or
 * leaves out: the destination it locked (another signed config cannot unlock or change it), and its
 * expiry. A destination this request's own config locks must be met too.
 */
export async function assertLockedDestination(body: SwapBody, widget: WidgetConfig | null) {
  const remembered = await quoteConfig(body.quoteId);
  const exp = remembered?.exp ?? null;
  if (exp !== null && exp * 1000 <= Date.now()) throw refusedWidgetConfig("expired");
  for (const locked of [remembered?.destination, widget?.destination]) {
    if (
      locked &&
      (body.destination.address !== locked.address || (body.destination.memo ?? undefined) !== locked.memo)
    ) {
      throw new ApiError("validation_error", "The destination of this checkout is fixed by the site you came from.", {
        fields: { destination: "locked" },
      });
    }
  }
}

// The keys whose first request this process is making. Stopping (a deploy) cuts such a request off
// at the drain's end; its "pending" record would then hold every retry, on any instance, to 409
// request_in_progress for up to two minutes. On shutdown they are let go: a retry elsewhere asks
// the upstream again, which gives the one swap of the quote (retry-safe per quoteId).
const heldKeys = processSingleton("idempotency-held", () => new Set<string>());
onShutdown("idempotency-held", async () => {
  await Promise.all(
    [...heldKeys].map((key) =>
      store()
        .delete(idempotencyKey(key))
        .catch(() => {}),
    ),
  );
  heldKeys.clear();
});

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
  ctx: { requestId: string; attribution: string | null; clientId?: string; onFirstAttempt?: () => Promise<void> },
): Promise<Outcome> {
  const hash = fingerprint(body, ctx.attribution);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const record = await readRecord(key);
    if (record && record.hash !== hash) throw new ApiError("idempotency_mismatch");
    if (record?.state === "done") {
      // A replayed error speaks of this request: its requestId is this request's.
      const body =
        record.status >= 400 && record.body && typeof record.body === "object"
          ? { ...record.body, requestId: ctx.requestId }
          : record.body;
      const headers = Object.fromEntries(
        Object.entries(record.headers ?? {}).filter(([name]) => name !== "x-request-id"),
      );
      return { status: record.status, body, headers: { ...headers, "idempotent-replayed": "true" } };
    }
    if (!record) {
      if (
        await store().setIfAbsent(
          idempotencyKey(key),
          JSON.stringify({ hash, state: "pending" } satisfies IdempotencyRecord),
          PENDING_TTL_MS,
        )
      ) {
        heldKeys.add(key);
        break;
      }
      continue;
    }
    if (Date.now() > deadline) throw new ApiError("request_in_progress", undefined, {}, retryAfterHeader(2));
    await sleep(100);
  }

  try {
    return await makeFirst(key, hash, body, ctx);
  } finally {
    heldKeys.delete(key);
  }
}

/** The first request for `key`: calls the upstream and keeps the answer for the key's repeats. */
async function makeFirst(
  key: string,
  hash: string,
  body: SwapBody,
  ctx: { requestId: string; clientId?: string; onFirstAttempt?: () => Promise<void> },
): Promise<Outcome> {
  let outcome: Outcome;
  try {
    await ctx.onFirstAttempt?.();
    const swap = await createSwapUpstream(body, ctx.requestId, ctx.clientId);
    // The swap is made: a failure to note its asset costs the wallet link, never the swap.
    const depositAsset = await noteDepositAsset(swap, ctx.requestId).catch(() => null);
    outcome = {
      status: 200,
      body: { swap: withDepositAsset(swap, depositAsset), accessToken: swapAccessToken(swap.id) } satisfies SwapCreated,
    };
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
  await store().set(
    idempotencyKey(key),
    JSON.stringify({ hash, state: "done", ...outcome } satisfies IdempotencyRecord),
    DAY_MS,
  );
  return outcome;
}

/**
 * Who may have the swap of a quote: the payout address and memo as the upstream stored them, and
 * the refund address and e-mail as the request that made it gave them.
 */
function ownerOf(swap: Swap, body: SwapBody): string {
  const canonical = JSON.stringify([
    swap.payout.address,
    swap.payout.memo || null,
    body.refundAddress ?? null,
    body.notificationEmail ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/**
 * Whether a request names the swap's own payout, after the upstream's normalisation of addresses.
 * Its address check is the asking client's to pay (`onBehalfOf`), and cached like any other.
 */
async function paysOutTo(swap: Swap, body: SwapBody, requestId: string, onBehalfOf?: string): Promise<boolean> {
  // The upstream takes the quote's memo when the swap request gives none (a swap-time memo wins).
  const memo = body.destination.memo || (await quoteMemo(body.quoteId)) || null;
  if (memo !== (swap.payout.memo || null)) return false;
  if (body.destination.address === swap.payout.address) return true;
  const asked = { network: swap.payout.network, token: swap.payout.token, address: body.destination.address, memo };
  const check =
    (await cachedAddressCheck(asked)) ??
    (await validateAndCache(asked, { requestId, priority: "create", onBehalfOf }).catch(() => null));
  return !!check?.valid && check.normalizedAddress === swap.payout.address;
}

/** A quote id is not a credential: its swap goes only to a request that would have made it. */
const quoteAlreadyUsed = () => new ApiError("quote_already_used");

/** `onBehalfOf`, the asking client, pays for the creation and for the calls after a refusal from its share of the key. */
async function createSwapUpstream(body: SwapBody, requestId: string, onBehalfOf?: string): Promise<Swap> {
  let swap: Swap;
  try {
    swap = await partner().createSwap(
      {
        quoteId: body.quoteId,
        destination: { address: body.destination.address, memo: body.destination.memo ?? null },
        ...(body.refundAddress ? { refundAddress: body.refundAddress } : {}),
        ...(body.notificationEmail ? { notificationEmail: body.notificationEmail } : {}),
      },
      // The creation counts against the asking client's share of the key, as its quotes do.
      { requestId, onBehalfOf },
    );
  } catch (error) {
    if (isPartnerError(error) && error.code === "quote_already_used")
      return existingSwapOfQuote(body, requestId, onBehalfOf);
    throw error;
  }
  // The upstream is retry-safe per quoteId: an answer may be the swap someone else made first.
  const known = await quoteSwap(body.quoteId);
  if (known && known.swapId === swap.id && known.owner !== ownerOf(swap, body)) throw quoteAlreadyUsed();
  if (!(await paysOutTo(swap, body, requestId, onBehalfOf))) throw quoteAlreadyUsed();
  if (!known) await rememberQuoteSwap(body.quoteId, { swapId: swap.id, owner: ownerOf(swap, body) });
  if (!known) swapCreated(swap.id);
  await writeSnapshot({ swap, asOf: Date.now(), source: "create" });
  await ledgerSwapCreated(swap);
  return swap;
}

/**
 * The upstream says the quote made a swap already. It goes back only to the request that would have
 * made it (the same person retrying after a lost answer); anyone else learns nothing of it.
 */
async function existingSwapOfQuote(body: SwapBody, requestId: string, onBehalfOf?: string): Promise<Swap> {
  const known = await quoteSwap(body.quoteId);
  if (known) {
    const swap = await partner().getSwap(known.swapId, { requestId, priority: "create", onBehalfOf });
    // A live read: the sweep must know it brought the swap's listed status up to date (lib/bff/status/list-sync.ts).
    await writeSnapshot({ swap, asOf: Date.now(), source: "live" }).catch(() => {});
    if (known.owner === ownerOf(swap, body) && (await paysOutTo(swap, body, requestId, onBehalfOf))) return swap;
    throw quoteAlreadyUsed();
  }
  // Made by this deployment before its store forgot it (a restart on memory): the newest page has
  // it. Its refund address and e-mail are not known here, so a request naming either is refused.
  if (body.refundAddress || body.notificationEmail) throw quoteAlreadyUsed();
  const page = await partner().listSwaps({ limit: "100" }, { requestId, priority: "create", onBehalfOf });
  const found = page.swaps.find((s) => s.quote.id === body.quoteId);
  if (!found) throw quoteAlreadyUsed();
  const { commission: _commission, ...swap } = found;
  if (!(await paysOutTo(swap, body, requestId, onBehalfOf))) throw quoteAlreadyUsed();
  await rememberQuoteSwap(body.quoteId, { swapId: swap.id, owner: ownerOf(swap, body) });
  return swap;
}
