// Whether a swap's deposit arrived as asked, for the swap page and the operator's dashboard alike.
import { belowShareOf, isDecimal } from "@/lib/schema/decimal";

type SwapAmounts = { status: string; to: { estimatedAmount: string }; payout: { estimatedAmount: string } };

/**
 * Whether the deposit that arrived was other than the amount asked: the payout estimate, which the
 * service recomputes for what arrived (the sandbox does), is more than 1 % under or over the quote's.
 * Seen even when this device never saw the brief "underpaid" status (opened late, or another device).
 */
export function depositDiffers(swap: SwapAmounts): "lower" | "higher" | null {
  if (swap.status === "waiting_deposit" || swap.status === "expired") return null;
  // Amounts are decimal strings, compared exactly (big.js), never as floats.
  const [paid, quoted] = [swap.payout.estimatedAmount, swap.to.estimatedAmount];
  if (!isDecimal(paid) || !isDecimal(quoted)) return null;
  if (belowShareOf(paid, quoted, "0.99")) return "lower";
  if (belowShareOf(quoted, paid, String(1 / 1.01))) return "higher";
  return null;
}
