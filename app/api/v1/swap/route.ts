import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, readJson, route } from "@/lib/bff/route";
import { createSwapOnce } from "@/lib/bff/swaps";
import { idempotencyKeySchema, swapBodySchema } from "@/lib/schema/bff";

export const POST = route(async (req, { requestId, clientId }) => {
  const key = parseWith(idempotencyKeySchema, req.headers.get("idempotency-key"), "Idempotency-Key");
  const body = await readJson(req, swapBodySchema);
  const outcome = await createSwapOnce(key, body, {
    requestId,
    attribution: null,
    // Replays and waits for the first attempt are free; only a real creation counts.
    onFirstAttempt: () => limitClient("swaps", clientId),
  });
  return Response.json(outcome.body, { status: outcome.status, headers: outcome.headers });
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed("POST");
