// One click, one swap: the Idempotency-Key is minted once per confirmed quote + destination and
// reused by every retry and double click of that same attempt.
import { swapCreatedAnswer } from "@/lib/schema/answers";
import type { SwapBody, SwapCreated } from "@/lib/schema/bff";
import { swapAttemptFields } from "@/lib/schema/swap-attempt";
import type { Swap } from "@/lib/schema/partner";
import { BffError, bff } from "@/lib/client/bff";

const attempts = new Map<string, string>();

function idempotencyKeyFor(body: SwapBody): string {
  const fingerprint = JSON.stringify(swapAttemptFields(body));
  let key = attempts.get(fingerprint);
  if (!key) {
    key = crypto.randomUUID();
    attempts.set(fingerprint, key);
  }
  return key;
}

type CreateOptions = {
  widgetConfig?: string;
  /** The payout address as the address check normalised it, which the upstream may answer with. */
  normalizedAddress?: string | null;
};

/**
 * Creates the swap; a network failure or a 409 "still in progress" is retried with the same key. A
 * created swap that pays out anywhere but where the user said is someone else's: it is refused as
 * `quote_already_used`, so no deposit instructions are ever shown for it.
 */
export async function createSwap(
  body: SwapBody,
  { widgetConfig, normalizedAddress = null }: CreateOptions = {},
): Promise<SwapCreated> {
  const created = await postSwap(body, widgetConfig);
  if (!paysOutToEntered(created.swap, body.destination, normalizedAddress)) {
    throw new BffError("quote_already_used", "The swap created for this quote pays out elsewhere.", 409);
  }
  return created;
}

async function postSwap(body: SwapBody, widgetConfig: string | undefined): Promise<SwapCreated> {
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
        error instanceof BffError &&
        (error.code === "network_error" || error.code === "request_in_progress" || error.code === "upstream_timeout");
      // Offline, waiting out the retries only delays "you are offline" by 5-12 s; the same key makes
      // the person's own "Try again" safe (a swap made before the line dropped comes back, not a second).
      const offline =
        error instanceof BffError &&
        error.code === "network_error" &&
        typeof navigator !== "undefined" &&
        navigator.onLine === false;
      if (!retryable || offline || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 1000 * attempt)));
    }
  }
}

/**
 * Whether a created swap pays out where the user said: the address as typed or as the address check
 * normalised it, and the same memo. Anything else is someone else's swap.
 */
export function paysOutToEntered(
  swap: Pick<Swap, "payout">,
  entered: SwapBody["destination"],
  normalizedAddress: string | null,
): boolean {
  const addressOk =
    swap.payout.address === entered.address || (!!normalizedAddress && swap.payout.address === normalizedAddress);
  return addressOk && (swap.payout.memo || null) === (entered.memo || null);
}
