import { dashboardFunnel, funnelCsv } from "@/lib/bff/dashboard/funnel";
import { csvHeaders, dashboardLedger } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { funnelQuerySchema } from "@/lib/schema/funnel";

// The funnel as CSV: the period's row (key `all`), then one per group.
export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req) => {
  const query = parseWith(funnelQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  const headers = await csvHeaders(ledger, "funnel", query.groupBy ? `-by-${query.groupBy}` : "");
  if (req.method === "HEAD") return new Response(null, { headers });
  return new Response(funnelCsv(await dashboardFunnel(ledger, query)), { headers });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
