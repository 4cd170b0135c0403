import { dashboardVolume } from "@/lib/bff/dashboard/funnel";
import { dashboardLedger, ledgerHeaders } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { volumeQuerySchema } from "@/lib/schema/funnel";

// What the period's completed swaps moved, per asset sent (the dashboard's volume card).
export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req) => {
  const query = parseWith(volumeQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  return Response.json(await dashboardVolume(ledger, query), { headers: await ledgerHeaders(ledger) });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
