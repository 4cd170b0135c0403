import { assertDashboardEnabled, dashboardCsv, requireSession } from "@/lib/bff/dashboard";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/route";
import { dashboardFilterSchema } from "@/lib/schema/dashboard";

export const GET = route(async (req, { requestId, clientId }) => {
  assertDashboardEnabled();
  await requireSession(req);
  await limitClient("reads", clientId);
  const filter = parseWith(dashboardFilterSchema, queryOf(req), "query");
  const filename = `swaps-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(await dashboardCsv(filter, requestId), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"` },
  });
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
