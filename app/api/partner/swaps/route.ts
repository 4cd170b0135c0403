import { assertDashboardEnabled, requireSession } from "@/lib/bff/dashboard-session";
import { dashboardLedger, ledgerHeaders, listDashboardSwaps } from "@/lib/bff/dashboard-history";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/route";
import { dashboardQuerySchema } from "@/lib/schema/dashboard";

export const GET = route(async (req, { clientId }) => {
  assertDashboardEnabled();
  await requireSession(req);
  await limitClient("reads", clientId);
  const query = parseWith(dashboardQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  return Response.json(await listDashboardSwaps(ledger, query), { headers: await ledgerHeaders(ledger) });
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
