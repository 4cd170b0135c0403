// Controls under /sandbox: what a real upstream does on its own (a user's deposit, history) made
// callable, so flows and dashboards can be exercised without money.
import { z } from "zod";
import { rewardStatuses, swapStatuses, type RewardStatus, type Swap, type SwapStatus } from "@/lib/schema/partner";
import { depositOutcomes } from "@/lib/schema/codes";
import { seedBodySchema, type SeedBody } from "@/lib/schema/bff";
import { generateDepositAddress, generateDepositMemo } from "./address";
import { catalogue, isSupportedPair } from "./catalogue";
import { Dec, floorTo } from "./decimal";
import { SandboxError } from "./http";
import { statusAt, type SwapEvents } from "./machine";
import { parseRequest, priceOf, renderSwap, requireSwap, type SandboxContext } from "./operations";

/** A simulated deposit may overpay, up to this many times the swap's amount. */
const MAX_OVERPAYMENT = 10;

const depositSchema = z.strictObject({
  amount: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a decimal string")
    .optional(),
  outcome: z.enum(depositOutcomes).optional(),
});

export function simulateDeposit(ctx: SandboxContext, id: string, body: unknown): Swap {
  const request = parseRequest(depositSchema, body ?? {});
  const swap = requireSwap(ctx, id);
  const now = ctx.clock.now();
  const current = statusAt(swap.events, now, ctx.options.stepSeconds * 1000).status;
  if (swap.events.deposit || swap.events.seeded)
    throw new SandboxError("validation_error", "This swap already received its deposit.");
  if (current === "expired") throw new SandboxError("validation_error", "The deposit window of this swap has passed.");
  const amount = request.amount ?? swap.amountIn;
  // An overpayment, yes; one of no sending chain's size, no: everything after it (the payout, the
  // commission) is computed from it.
  if (Dec(amount).gt(Dec(swap.amountIn).times(MAX_OVERPAYMENT))) {
    throw new SandboxError(
      "validation_error",
      `amount: at most ${MAX_OVERPAYMENT} times the swap's amount (${swap.amountIn}).`,
      {
        fields: { amount: `at most ${MAX_OVERPAYMENT} times the swap's amount` },
      },
    );
  }
  swap.events.deposit = {
    at: now,
    amount,
    partial: Dec(amount).lt(swap.amountIn),
    outcome: request.outcome ?? "completed",
  };
  // The swap as it now is, but not a read of it: a deposit arrives on chain, and the list learns of
  // it at its next sync, as the real service's would (only GET /swap/{id} brings the list up to date).
  return renderSwap(ctx, swap);
}

/**
 * What happened to a seeded swap. Waiting and expired are no fixed statuses: both mean no deposit
 * came, and the spec's `expired` is "the deposit window has passed", so such a swap lives on the
 * machine's timeline as a created one does. It waits until its deadline (the deposit window after
 * its creation) and is expired, dated at the deadline, from then on; it takes a deposit before it.
 * An `expired` seed older than the window is expired at once; a younger one cannot be yet, so it
 * waits, rather than be expired with its deadline still ahead.
 */
function seededEvents(
  request: SeedBody,
  timeline: SwapEvents,
  status: SwapStatus,
  rewardStatus: RewardStatus,
  now: number,
): SwapEvents {
  if (request.live) {
    if (request.depositWithinSeconds === undefined) return timeline;
    return {
      ...timeline,
      deposit: { at: now + Math.random() * request.depositWithinSeconds * 1000, partial: false, outcome: "completed" },
    };
  }
  if (status === "waiting_deposit" || status === "expired") return timeline;
  return { ...timeline, seeded: { status, updatedAt: Math.min(now, timeline.createdAt + 15 * 60_000), rewardStatus } };
}

/** Creates swaps with fixed statuses spread over a time range, for dashboards and benchmarks. */
export function seedSwaps(ctx: SandboxContext, body: unknown): { created: number; ids: string[] } {
  const request = parseRequest(seedBodySchema, body);
  // Bounded per call (the schema) and in all (SANDBOX_MAX_SWAPS), so no caller can fill the memory.
  if (ctx.state.swaps.size + request.count > ctx.options.maxSwaps) {
    throw new SandboxError(
      "validation_error",
      `The sandbox holds at most ${ctx.options.maxSwaps} swaps; it has ${ctx.state.swaps.size}. Reset it first.`,
    );
  }
  const now = ctx.clock.now();
  const to = request.createdTo ? Date.parse(request.createdTo) : now;
  const from = request.createdFrom ? Date.parse(request.createdFrom) : to - 30 * 86_400_000;
  if (from > to) throw new SandboxError("validation_error", "createdFrom must not be after createdTo.");
  const statuses: readonly SwapStatus[] = request.statuses ?? swapStatuses;
  const senders = catalogue.filter((a) => a.canSend);
  const receivers = catalogue.filter((a) => a.canReceive);
  const ids: string[] = [];

  for (let i = 0; i < request.count; i++) {
    const sender = senders[i % senders.length]!;
    const receiver =
      receivers.find((r, k) => k >= (i * 7) % receivers.length && isSupportedPair(sender, r)) ??
      receivers.find((r) => isSupportedPair(sender, r))!;
    const createdAt = Math.round(request.count === 1 ? to : from + ((to - from) * i) / (request.count - 1));
    const status = statuses[i % statuses.length]!;
    const timeline = { createdAt, deadline: createdAt + ctx.options.depositWindowSeconds * 1000 };
    const amount = Dec(sender.minAmountIn).times(1 + (i % 9));
    const estimatedOut = floorTo(priceOf(sender, receiver).times(amount), receiver.decimals);
    const id = `S${String(ctx.state.swaps.size + 1).padStart(6, "0")}${crypto.getRandomValues(new Uint8Array(5)).reduce((s, b) => s + "ABCDEFGHJKLMNPQRSTUVWXYZ"[b % 24], "")}`;
    const seed = new TextEncoder().encode(id);
    ctx.state.swaps.set(id, {
      id,
      quoteId: null,
      rate: null,
      estimatedTimeSeconds: sender.etaSeconds + receiver.etaSeconds,
      from: sender,
      to: receiver,
      amountIn: amount.toString(),
      estimatedOut,
      depositAddress: generateDepositAddress(sender.network, seed),
      depositMemo: sender.supportsMemo ? generateDepositMemo(sender.network, seed) : null,
      payoutAddress: generateDepositAddress(receiver.network, seed.slice().reverse()),
      payoutMemo: receiver.requiresMemo ? generateDepositMemo(receiver.network, seed.slice().reverse()) : null,
      refundAddress: null,
      notificationEmail: null,
      externalId: `seed-${String(i + 1).padStart(6, "0")}`,
      customerId: `cust-${String((i % 37) + 1).padStart(4, "0")}`,
      events: seededEvents(request, timeline, status, rewardStatuses[i % rewardStatuses.length]!, now),
      lastLiveReadAt: createdAt,
    });
    ids.push(id);
  }
  return { created: ids.length, ids };
}

const clockSchema = z.strictObject({
  advanceSeconds: z
    .number()
    .min(0)
    .max(10 * 365 * 86_400),
});

export function advanceClock(ctx: SandboxContext, body: unknown): { now: string } {
  const { advanceSeconds } = parseRequest(clockSchema, body);
  ctx.clock.advance(advanceSeconds * 1000);
  return { now: new Date(ctx.clock.now()).toISOString() };
}
