import { dashboardLedger, totalsHeaders, listDashboardSwaps } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { dashboardQuerySchema } from "@/lib/schema/dashboard";

export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req) => {
  const query = parseWith(dashboardQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  return Response.json(await listDashboardSwaps(ledger, query), {
    headers: await totalsHeaders(ledger, query),
  });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
