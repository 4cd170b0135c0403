// One click, one swap: the Idempotency-Key is minted once per confirmed quote + destination and
// reused by every retry and double click of that same attempt.
import { swapCreatedAnswer } from "@/lib/schema/answers";
import type { SwapBody, SwapCreated } from "@/lib/schema/bff";
import { swapAttemptFields } from "@/lib/schema/swap-attempt";
import type { Swap } from "@/lib/schema/partner";
import { BffError, bff } from "@/lib/client/bff";

const attempts = new Map<string, string>();

export function idempotencyKeyFor(body: SwapBody): string {
  const fingerprint = JSON.stringify(swapAttemptFields(body));
  let key = attempts.get(fingerprint);
  if (!key) {
    key = crypto.randomUUID();
    attempts.set(fingerprint, key);
  }
  return key;
}

/** Creates the swap; a network failure or a 409 "still in progress" is retried with the same key. */
export async function createSwap(body: SwapBody, widgetConfig?: string): Promise<SwapCreated> {
  const key = idempotencyKeyFor(body);
  for (let attempt = 1; ; attempt++) {
    try {
      return await bff("/api/v1/swap", swapCreatedAnswer, {
        method: "POST",
        body,
        headers: { "idempotency-key": key, ...(widgetConfig ? { "x-widget-config": widgetConfig } : {}) },
      });
    } catch (error) {
      const retryable =
        error instanceof BffError && (error.code === "network_error" || error.code === "request_in_progress" || error.code === "upstream_timeout");
      if (!retryable || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 1000 * attempt)));
    }
  }
}

/**
 * Whether a created swap pays out where the user said: the address as typed or as the address check
 * normalised it, and the same memo. Anything else is someone else's swap.
 */
export function paysOutToEntered(swap: Pick<Swap, "payout">, entered: SwapBody["destination"], normalizedAddress: string | null): boolean {
  const addressOk = swap.payout.address === entered.address || (!!normalizedAddress && swap.payout.address === normalizedAddress);
  return addressOk && (swap.payout.memo || null) === (entered.memo || null);
}
