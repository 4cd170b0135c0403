import { dashboardLedger, totalsHeaders, dashboardSummary } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { dashboardSummaryQuerySchema } from "@/lib/schema/dashboard";

// Totals and swaps per day (with reward USDC) for the filter: the dashboard's chart.
export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req) => {
  const query = parseWith(dashboardSummaryQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  return Response.json(await dashboardSummary(ledger, query), {
    headers: await totalsHeaders(ledger, query),
  });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
