import { dashboardLedger, dashboardSwap, ledgerHeaders } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { dashboardSwapQuerySchema } from "@/lib/schema/dashboard";
import { swapIdSchema } from "@/lib/schema/partner";

// One swap with its status history from the ledger; `?refresh=true` reads it live first.
export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req, { requestId, params }) => {
  const id = parseWith(swapIdSchema, params.id, "id");
  const { refresh } = parseWith(dashboardSwapQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  const swap = await dashboardSwap(ledger, id, refresh === "true", requestId);
  return Response.json(swap, { headers: await ledgerHeaders(ledger) });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
