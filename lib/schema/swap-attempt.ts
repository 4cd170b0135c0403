// What makes two swap requests the same attempt: the quote and every field the user chose. The
// browser mints one Idempotency-Key per attempt (lib/client/create-swap.ts) and the BFF refuses
// a key reused for a different attempt (lib/bff/swaps.ts); both must agree on this list.
// Zod-free: the browser imports it.
import type { SwapBody } from "./bff";

export const swapAttemptFields = (body: SwapBody) =>
  [
    body.quoteId,
    body.destination.address,
    body.destination.memo ?? null,
    body.refundAddress ?? null,
    body.notificationEmail ?? null,
  ] as const;
