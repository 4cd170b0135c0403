import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, route } from "@/lib/bff/route";
import { readSwap } from "@/lib/bff/status";
import { swapIdSchema } from "@/lib/schema/partner";

export const GET = route(async (req, { requestId, clientId, params }) => {
  const id = parseWith(swapIdSchema, params.id, "id");
  await limitClient("reads", clientId);
  const { swap, asOf } = await readSwap(id, req.headers.get("x-swap-token"), requestId);
  return Response.json(swap, { headers: { "x-status-as-of": new Date(asOf).toISOString() } });
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
