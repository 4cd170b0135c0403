import { assertDashboardEnabled, readDashboardSwap, requireSession } from "@/lib/bff/dashboard";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, route } from "@/lib/bff/route";
import { swapIdSchema } from "@/lib/schema/partner";

// One swap read live, for the dashboard's per-row refresh.
export const GET = route(async (req, { requestId, clientId, params }) => {
  assertDashboardEnabled();
  await requireSession(req);
  const id = parseWith(swapIdSchema, params.id, "id");
  await limitClient("reads", clientId);
  const swap = await readDashboardSwap(id, requestId);
  return Response.json(swap, { headers: { "x-status-as-of": new Date().toISOString() } });
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
