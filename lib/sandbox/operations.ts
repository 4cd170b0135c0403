// The Partner Swap API v1 operations as the sandbox performs them.
import { z } from "zod";
import {
  createQuoteRequestSchema,
  createSwapRequestSchema,
  listAssetsQuerySchema,
  listSwapsQuerySchema,
  swapIdPattern,
  validateAddressRequestSchema,
  type AddressValidation,
  type Asset,
  type AssetList,
  type Quote,
  type Swap,
  type SwapList,
  type SwapListItem,
} from "@/lib/schema/partner";
import { checkAddress, checkMemo, generateDepositAddress, generateDepositMemo } from "./address";
import { catalogue, findAsset, isSupportedPair, logoPath, type CatalogueEntry } from "./catalogue";
import type { SandboxClock } from "./clock";
import { Dec, decimalPlaces, floorTo } from "./decimal";
import { SandboxError, randomHex } from "./http";
import { statusAt } from "./machine";
import type { SandboxOptions } from "./options";
import type { SandboxState, StoredSwap } from "./state";

export type SandboxContext = { options: SandboxOptions; clock: SandboxClock; state: SandboxState };

const SPREAD = "0.996";
const COMMISSION_BPS = 50;

/** Units of `to` per unit of `from`, unrounded: the fixed USD prices less the spread. */
export const priceOf = (from: CatalogueEntry, to: CatalogueEntry) => Dec(from.usd).div(to.usd).times(SPREAD);

/** Parses a body or query with a request schema; failures are the spec's `validation_error`, naming the field or else `where`. */
export function parseRequest<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  where: "body" | "query" = "body",
): z.output<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".") || where;
    fields[path] ??= issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : issue.message;
  }
  const [first] = Object.entries(fields);
  throw new SandboxError("validation_error", first ? `${first[0]}: ${first[1]}` : "The request is invalid.", {
    fields,
  });
}

const toAsset = (entry: CatalogueEntry): Asset => ({
  symbol: entry.symbol,
  name: entry.name,
  network: entry.network,
  decimals: entry.decimals,
  contractAddress: entry.contractAddress,
  logoUrl: entry.unpublished?.logo ? null : logoPath(entry),
  canSend: entry.canSend,
  canReceive: entry.canReceive,
  requiresMemo: entry.requiresMemo,
  supportsMemo: entry.supportsMemo,
});

const iso = (ms: number) => new Date(ms).toISOString();

function requireAsset(network: string, token: string): CatalogueEntry {
  const entry = findAsset(network, token);
  if (!entry)
    throw new SandboxError("unsupported_asset", `${token} on ${network} is not supported.`, { network, token });
  return entry;
}

function requireMemoFits(entry: CatalogueEntry, memo: string | null | undefined) {
  if (memo === null || memo === undefined) return;
  if (!entry.supportsMemo) {
    throw new SandboxError("unsupported_memo", "Destination memo is not supported for this network or pair.", {
      network: entry.network,
    });
  }
  const check = checkMemo(entry.network, memo);
  if (!check.valid)
    throw new SandboxError("validation_error", check.message ?? "The memo is invalid.", {
      fields: { memo: check.message },
    });
}

// ---- GET /asset --------------------------------------------------------------------------------

export function listAssets(ctx: SandboxContext, query: Record<string, string>): AssetList {
  const filter = parseRequest(listAssetsQuerySchema, query, "query");
  const assets = catalogue
    .filter((a) => (!filter.network || a.network === filter.network) && (!filter.symbol || a.symbol === filter.symbol))
    .map(toAsset);
  return { generatedAt: iso(ctx.clock.now()), assets };
}

// ---- POST /address -----------------------------------------------------------------------------

export function validateAddress(_ctx: SandboxContext, body: unknown): AddressValidation {
  const request = parseRequest(validateAddressRequestSchema, body);
  // Any listed asset, also one that can only be sent (canReceive false): neither the spec nor the
  // public OpenAPI says the check refuses it, and the checkout checks a refund address, which is on
  // the sending side, with it. Such an asset is refused as a payout where a payout is asked: the quote.
  const entry = requireAsset(request.network, request.token);
  requireMemoFits(entry, request.memo);
  const check = checkAddress(entry.network, request.address);
  return {
    valid: check.valid,
    normalizedAddress: check.normalizedAddress,
    requiresMemo: entry.requiresMemo,
    supportsMemo: entry.supportsMemo,
    message: check.message,
  };
}

// ---- POST /quote -------------------------------------------------------------------------------

export function createQuote(ctx: SandboxContext, body: unknown): Quote {
  const request = parseRequest(createQuoteRequestSchema, body);
  const from = requireAsset(request.from.network, request.from.token);
  const to = requireAsset(request.to.network, request.to.token);
  if (!from.canSend)
    throw new SandboxError("unsupported_asset", `${from.symbol} on ${from.network} can only be received.`);
  if (!to.canReceive) throw new SandboxError("unsupported_asset", `${to.symbol} on ${to.network} can only be sent.`);
  if (!isSupportedPair(from, to)) {
    throw new SandboxError(
      "unsupported_pair",
      `Swaps from ${from.symbol} (${from.network}) to ${to.symbol} (${to.network}) are not supported.`,
    );
  }
  requireMemoFits(to, request.to.memo);

  const amount = request.from.amount;
  if (decimalPlaces(amount) > from.decimals) {
    throw new SandboxError("validation_error", `from.amount has more than ${from.decimals} decimals.`, {
      fields: { "from.amount": `at most ${from.decimals} decimals` },
    });
  }
  const bounds = { minAmountIn: from.minAmountIn, maxAmountIn: from.maxAmountIn };
  if (Dec(amount).lt(from.minAmountIn) || Dec(amount).gt(from.maxAmountIn)) {
    // An asset without published bounds still has them; the refusal then says only what the spec has seen: no details.
    throw new SandboxError(
      "validation_error",
      `The amount must be between ${from.minAmountIn} and ${from.maxAmountIn} ${from.symbol}.`,
      from.unpublished?.bounds ? {} : bounds,
    );
  }

  const rate = priceOf(from, to);
  const now = ctx.clock.now();
  const expiresAt = now + ctx.options.quoteTtlSeconds * 1000;
  const quote: Quote = {
    id: `pq_${randomHex(12)}`,
    expiresAt: iso(expiresAt),
    from: { decimals: from.decimals, network: from.network, token: from.symbol, amount },
    to: {
      decimals: to.decimals,
      network: to.network,
      token: to.symbol,
      estimatedAmount: floorTo(rate.times(amount), to.decimals),
    },
    rate: from.unpublished?.rate || to.unpublished?.rate ? null : floorTo(rate, Math.max(to.decimals, 10)),
    ...(from.unpublished?.bounds ? { minAmountIn: null, maxAmountIn: null } : bounds),
    estimatedTimeSeconds: from.etaSeconds + to.etaSeconds,
  };
  ctx.state.quotes.set(quote.id, { quote, request, from, to, expiresAt });
  return quote;
}

// ---- POST /swap --------------------------------------------------------------------------------

export function createSwap(ctx: SandboxContext, body: unknown): Swap {
  const request = parseRequest(createSwapRequestSchema, body);
  const stored = ctx.state.quotes.get(request.quoteId);
  if (!stored) throw new SandboxError("quote_not_found", "Quote not found.");

  const requestKey = JSON.stringify({
    a: request.destination.address,
    m: request.destination.memo ?? null,
    e: request.notificationEmail ?? null,
    r: request.refundAddress ?? null,
  });
  if (stored.swap) {
    const existing = ctx.state.swaps.get(stored.swap.id);
    if (existing && stored.swap.requestKey === requestKey) return renderSwap(ctx, existing);
    throw new SandboxError("quote_already_used", "This quote has already been used. Request a new quote.");
  }
  const now = ctx.clock.now();
  if (now >= stored.expiresAt) throw new SandboxError("quote_expired", "Quote has expired.");

  const { from, to } = stored;
  const memo = request.destination.memo ?? stored.request.to.memo ?? null;
  requireMemoFits(to, memo);
  if (to.requiresMemo && memo === null) {
    throw new SandboxError("validation_error", `A destination memo is required for ${to.symbol} on ${to.network}.`, {
      fields: { "destination.memo": "required" },
    });
  }
  const destination = checkAddress(to.network, request.destination.address);
  if (!destination.valid) {
    throw new SandboxError("validation_error", destination.message ?? "The destination address is invalid.", {
      fields: { "destination.address": destination.message },
    });
  }
  let refundAddress: string | null = null;
  if (request.refundAddress) {
    const refund = checkAddress(from.network, request.refundAddress);
    if (!refund.valid) {
      throw new SandboxError("validation_error", refund.message ?? "The refund address is invalid.", {
        fields: { refundAddress: refund.message },
      });
    }
    refundAddress = refund.normalizedAddress;
  }

  const id = newSwapId(ctx);
  const seed = new TextEncoder().encode(id);
  const swap: StoredSwap = {
    id,
    quoteId: stored.quote.id,
    rate: stored.quote.rate,
    estimatedTimeSeconds: stored.quote.estimatedTimeSeconds,
    from,
    to,
    amountIn: stored.quote.from.amount,
    estimatedOut: stored.quote.to.estimatedAmount,
    depositAddress: generateDepositAddress(from.network, seed),
    depositMemo: from.supportsMemo ? generateDepositMemo(from.network, seed) : null,
    payoutAddress: destination.normalizedAddress ?? request.destination.address,
    payoutMemo: memo,
    refundAddress,
    notificationEmail: request.notificationEmail ?? null,
    externalId: stored.request.externalId ?? null,
    customerId: stored.request.customerId ?? null,
    events: { createdAt: now, deadline: now + ctx.options.depositWindowSeconds * 1000 },
    lastLiveReadAt: now,
  };
  ctx.state.swaps.set(id, swap);
  stored.swap = { id, requestKey };
  return renderSwap(ctx, swap);
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
function newSwapId(ctx: SandboxContext): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    const id = Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("");
    if (!ctx.state.swaps.has(id)) return id;
  }
}

// ---- GET /swap/{id} and GET /swap --------------------------------------------------------------

/** What the swap's deposit brought, once it is seen at `at`; null before (and for seeded swaps, which have none). */
function amountReceived(swap: StoredSwap, at: number): string | null {
  const { deposit } = swap.events;
  return deposit && deposit.at <= at ? (deposit.amount ?? swap.amountIn) : null;
}

/** The payout follows what was received once that is known (at the quote's price: prices are fixed); until then, the quote's estimate. */
function payoutEstimate(swap: StoredSwap, at: number): string {
  const received = amountReceived(swap, at);
  return received === null ? swap.estimatedOut : floorTo(priceOf(swap.from, swap.to).times(received), swap.to.decimals);
}

export function renderSwap(ctx: SandboxContext, swap: StoredSwap, at = ctx.clock.now()): Swap {
  const now = statusAt(swap.events, at, ctx.options.stepSeconds * 1000);
  return {
    id: swap.id,
    externalId: swap.externalId,
    status: now.status,
    errorMessage: now.errorMessage,
    from: { decimals: swap.from.decimals, network: swap.from.network, token: swap.from.symbol, amount: swap.amountIn },
    to: {
      decimals: swap.to.decimals,
      network: swap.to.network,
      token: swap.to.symbol,
      estimatedAmount: swap.estimatedOut,
    },
    deposit: {
      address: swap.depositAddress,
      memo: swap.depositMemo,
      amount: swap.amountIn,
      network: swap.from.network,
      token: swap.from.symbol,
      deadline: iso(swap.events.deadline),
    },
    payout: {
      address: swap.payoutAddress,
      memo: swap.payoutMemo,
      network: swap.to.network,
      token: swap.to.symbol,
      estimatedAmount: payoutEstimate(swap, at),
    },
    quote: { id: swap.quoteId, rate: swap.rate, estimatedTimeSeconds: swap.estimatedTimeSeconds },
    createdAt: iso(swap.events.createdAt),
    updatedAt: iso(Math.max(now.since, swap.events.createdAt)),
    customerId: swap.customerId,
  };
}

export function requireSwap(ctx: SandboxContext, id: string): StoredSwap {
  if (!swapIdPattern.test(id)) throw new SandboxError("validation_error", "id must be 12 uppercase letters or digits.");
  const swap = ctx.state.swaps.get(id);
  if (!swap) throw new SandboxError("swap_not_found", "Swap not found.");
  return swap;
}

/** `GET /swap/{id}` takes no query parameters; like the list, it refuses any it is sent. */
const getSwapQuerySchema = z.strictObject({});

export function getSwap(ctx: SandboxContext, id: string, query: Record<string, string> = {}): Swap {
  parseRequest(getSwapQuerySchema, query, "query");
  const swap = requireSwap(ctx, id);
  swap.lastLiveReadAt = ctx.clock.now();
  return renderSwap(ctx, swap);
}

/** The instant the stored (listed) state of a swap reflects: the last sync or live read. */
function storedAt(ctx: SandboxContext, swap: StoredSwap, now: number): number {
  const syncMs = ctx.options.syncSeconds * 1000;
  const lastSync = Math.floor(now / syncMs) * syncMs;
  return Math.max(swap.events.createdAt, swap.lastLiveReadAt, Math.min(lastSync, now));
}

function listItem(ctx: SandboxContext, swap: StoredSwap, now = ctx.clock.now()): SwapListItem {
  const at = storedAt(ctx, swap, now);
  const rendered = renderSwap(ctx, swap, at);
  const completed = rendered.status === "completed";
  // The commission is on completed volume: what was received, not what was quoted.
  const volume = amountReceived(swap, at) ?? swap.amountIn;
  return {
    ...rendered,
    commission: {
      bps: COMMISSION_BPS,
      rewardAmountUsdc: completed
        ? floorTo(Dec(volume).times(swap.from.usd).times(COMMISSION_BPS).div(10_000), 6)
        : null,
      rewardStatus: completed ? (swap.events.seeded?.rewardStatus ?? "available") : null,
    },
  };
}

export function listSwaps(ctx: SandboxContext, query: Record<string, string>): SwapList {
  const filter = parseRequest(listSwapsQuerySchema, query, "query");
  const limit = filter.limit ?? 50;
  const offset = filter.offset ?? 0;
  const from = filter.createdFrom ? Date.parse(filter.createdFrom) : -Infinity;
  const to = filter.createdTo ? Date.parse(filter.createdTo) : Infinity;
  const now = ctx.clock.now();
  const matching = [...ctx.state.swaps.values()]
    .filter((s) => s.events.createdAt >= from && s.events.createdAt <= to)
    .sort((a, b) => b.events.createdAt - a.events.createdAt || (a.id < b.id ? 1 : -1))
    .map((s) => listItem(ctx, s, now))
    .filter((item) => !filter.status || filter.status.includes(item.status));
  return { swaps: matching.slice(offset, offset + limit), total: matching.length, limit, offset };
}
