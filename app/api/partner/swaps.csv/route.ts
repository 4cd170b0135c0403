import { dashboardCsv } from "@/lib/bff/dashboard/csv";
import { csvHeaders, dashboardLedger } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { sessionIdOf } from "@/lib/bff/dashboard/session";
import { dashboardFilterSchema } from "@/lib/schema/dashboard";

export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req, { requestId }) => {
  const filter = parseWith(dashboardFilterSchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  const headers = await csvHeaders(ledger, "swaps");
  // Next answers HEAD with this handler and drops the body unread: no export to start, no slot to hold.
  if (req.method === "HEAD") return new Response(null, { headers });
  return new Response(await dashboardCsv(ledger, filter, sessionIdOf(req), requestId), { headers });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
