// One outcome language for the swap page: for every state a person can meet, one colour and one
// primary action. The status box, the timeline's marker and the page's buttons all read it, so a
// state never shows two primary buttons or two colours.
import type { Swap } from "@/lib/schema/partner";
import type { DepositSeen } from "@/lib/client/use-deposit-seen";
import { toneDot, type Tone } from "../ui/status-tone";

/** A swap status, or one of the states the page tells apart within a status. */
export type OutcomeState =
  | Swap["status"]
  /** Waiting, with the deposit deadline passed on screen: no clock, no address. */
  | "waitingPastDeadline"
  /** Completed after a deposit lower than quoted: it paid less, and says so. */
  | "completedLess"
  /** Refunded, with no refund address given: it went to the service's own address. */
  | "refundedToService";

/**
 * The one primary action: `openInWallet` is the deposit card's (on phones), `checkNow` the
 * freshness box's; `contactSupport` only when support is configured, else `otherwise`.
 */
export type PrimaryAction = "openInWallet" | "checkNow" | "newSwap" | "newQuote" | "contactSupport" | null;

type Row = { tone: Tone; primary: PrimaryAction; otherwise?: PrimaryAction };

export const outcomeTable: Record<OutcomeState, Row> = {
  waiting_deposit: { tone: "inFlight", primary: "openInWallet" },
  waitingPastDeadline: { tone: "needsLook", primary: "checkNow" },
  deposit_detected: { tone: "inFlight", primary: null },
  processing: { tone: "inFlight", primary: null },
  underpaid: { tone: "needsLook", primary: null },
  completed: { tone: "done", primary: "newSwap" },
  completedLess: { tone: "needsLook", primary: "newSwap" },
  refunded: { tone: "needsLook", primary: "newSwap" },
  refundedToService: { tone: "needsLook", primary: "contactSupport", otherwise: "newSwap" },
  failed: { tone: "failed", primary: "contactSupport", otherwise: "newSwap" },
  expired: { tone: "ended", primary: "newQuote" },
};

/** Where the swap stands, as the page tells it. `noRefundAddress`: made on this device without one. */
export function outcomeStateOf(
  swap: Swap,
  seen: { pastDeadline: boolean; deposit: DepositSeen; noRefundAddress: boolean },
): OutcomeState {
  if (swap.status === "waiting_deposit" && seen.pastDeadline) return "waitingPastDeadline";
  if (swap.status === "completed" && seen.deposit === "lower") return "completedLess";
  if (swap.status === "refunded" && seen.noRefundAddress) return "refundedToService";
  return swap.status;
}

/** The state's primary action, given whether support is configured. */
export function primaryActionOf(state: OutcomeState, supportConfigured: boolean): PrimaryAction {
  const row = outcomeTable[state];
  return row.primary === "contactSupport" && !supportConfigured ? (row.otherwise ?? null) : row.primary;
}

/** Where a journey stopped, one look wherever it shows (the step bar, the timeline): the tone's fill, "!" or, ended without a result, "✕". */
export const stopMarkOf = (tone: Tone): { className: string; mark: string } => ({
  className: `${toneDot[tone]} ${tone === "failed" ? "text-white" : "text-slate-950"}`,
  mark: tone === "ended" ? "✕" : "!",
});
