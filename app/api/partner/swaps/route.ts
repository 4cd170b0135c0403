import { assertDashboardEnabled, listDashboardSwaps, requireSession } from "@/lib/bff/dashboard";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/route";
import { dashboardQuerySchema } from "@/lib/schema/dashboard";

export const GET = route(async (req, { requestId, clientId }) => {
  assertDashboardEnabled();
  await requireSession(req);
  await limitClient("reads", clientId);
  const query = parseWith(dashboardQuerySchema, queryOf(req), "query");
  return Response.json(await listDashboardSwaps(query, requestId));
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
