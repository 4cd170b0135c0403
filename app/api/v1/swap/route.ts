import { noteSwapRefusal } from "@/lib/bff/funnel";
import { isApiError } from "@/lib/bff/http/errors";
import { limitClient } from "@/lib/bff/http/rate-limit";
import { methodsNotAllowed, parseWith, readJson, route } from "@/lib/bff/http/route";
import { assertLockedDestination, assertSpendable, createSwapOnce } from "@/lib/bff/swaps";
import { widgetConfigOf } from "@/lib/bff/widget-config";
import { idempotencyKeySchema, swapBodySchema } from "@/lib/schema/bff";

export const POST = route(async (req, { requestId, clientId }) => {
  // A UUID's hex digits mean the same in either case: the key upper-cased is the same attempt.
  const key = parseWith(idempotencyKeySchema, req.headers.get("idempotency-key"), "Idempotency-Key").toLowerCase();
  const widget = widgetConfigOf(req);
  const body = await readJson(req, swapBodySchema);
  await assertLockedDestination(body, widget);
  await assertSpendable(body, requestId);
  const outcome = await createSwapOnce(key, body, {
    requestId,
    attribution: req.headers.get("x-widget-config"),
    clientId,
    // Replays and waits for the first attempt are free; only a real creation counts.
    onFirstAttempt: () => limitClient("swaps", clientId),
  }).catch((error: unknown) => {
    if (isApiError(error)) noteSwapRefusal(body.quoteId, error.code);
    throw error;
  });
  // The funnel notes a refusal its quote's order met (quote_expired, quote_already_used); queued, not awaited.
  if (outcome.status >= 400)
    noteSwapRefusal(body.quoteId, (outcome.body as { error?: { code?: string } } | null)?.error?.code);
  return Response.json(outcome.body, { status: outcome.status, headers: outcome.headers });
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
