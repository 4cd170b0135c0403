// The swap status machine. A swap's status is a pure function of time and of what happened to it
// (a deposit, a seeded status), so any clock, fast or manual, drives it through every step.
import type { RewardStatus, SwapStatus } from "@/lib/schema/partner";

type DepositOutcome = "completed" | "refunded" | "failed";

export type SwapEvents = {
  createdAt: number;
  deadline: number;
  /** The simulated user deposit, if any, and the amount it brought (the quoted one when not given). */
  deposit?: { at: number; partial: boolean; outcome: DepositOutcome; amount?: string };
  /** Seeded swaps carry a fixed status instead of a timeline. */
  seeded?: { status: SwapStatus; updatedAt: number; rewardStatus: RewardStatus };
};

export type StatusAt = { status: SwapStatus; since: number; errorMessage: string | null };

const messages: Partial<Record<SwapStatus, string>> = {
  underpaid: "The deposit is below the quoted amount. The swap continues with the amount received.",
  failed: "The payout was stopped by a compliance review. Contact support with the swap id.",
  refunded: "The deposit was returned to the refund address.",
};

export function statusAt(events: SwapEvents, t: number, stepMs: number): StatusAt {
  const at = (status: SwapStatus, since: number): StatusAt => ({
    status,
    since,
    errorMessage: messages[status] ?? null,
  });

  if (events.seeded) return at(events.seeded.status, events.seeded.updatedAt);

  const { deposit } = events;
  if (!deposit || deposit.at > t) {
    return t >= events.deadline ? at("expired", events.deadline) : at("waiting_deposit", events.createdAt);
  }

  const steps: SwapStatus[] = [
    "deposit_detected",
    ...(deposit.partial ? (["underpaid"] as const) : []),
    "processing",
    deposit.outcome,
  ];
  const index = Math.min(Math.floor((t - deposit.at) / stepMs), steps.length - 1);
  return at(steps[index] ?? "deposit_detected", deposit.at + index * stepMs);
}
