"use client";
// What the swap page knows of the deposit against the amount asked, kept across statuses and
// visits: an underpaid swap can still complete, and its end must not claim the amount asked came.
import { useEffect, useState } from "react";
import type { Swap } from "@/lib/schema/partner";
import { depositDiffers } from "@/lib/swap/deposit-differs";
import { markUnderpaid, useMySwaps } from "./my-swaps";

/**
 * What this page knows of the deposit against the amount asked: "lower" (seen underpaid here, or a
 * payout recomputed under the quote), "higher" (recomputed over it), else "asked".
 */
export type DepositSeen = "asked" | "lower" | "higher";

/** Call after the effect that saves the swap on this device (rememberSwap), so there is an entry to mark. */
export function useDepositSeen(id: string, swap: Swap | undefined): DepositSeen {
  // An underpaid swap can still complete: remember it was underpaid (here and on this device), so
  // the end does not claim the amount asked was sent.
  const [seenUnderpaid, setSeenUnderpaid] = useState(false);
  const storedUnderpaid = useMySwaps().some((s) => s.id === id && s.underpaid);
  const underpaid = swap?.status === "underpaid";
  if (underpaid && !seenUnderpaid) setSeenUnderpaid(true);
  useEffect(() => {
    // After the effect that saves the swap on this device, so there is an entry to mark.
    if (underpaid) markUnderpaid(id);
  }, [id, underpaid]);
  const differs = swap ? depositDiffers(swap) : null;
  return seenUnderpaid || storedUnderpaid || differs === "lower" ? "lower" : differs === "higher" ? "higher" : "asked";
}
