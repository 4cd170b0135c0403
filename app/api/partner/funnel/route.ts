import { dashboardFunnel } from "@/lib/bff/dashboard/funnel";
import { dashboardLedger, ledgerHeaders } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { funnelQuerySchema } from "@/lib/schema/funnel";

// Where checkouts are lost: the orders first quoted in the period, step by step (DESIGN "The funnel").
export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req) => {
  const query = parseWith(funnelQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  return Response.json(await dashboardFunnel(ledger, query), { headers: await ledgerHeaders(ledger) });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
