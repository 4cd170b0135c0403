import { dashboardLedger, dashboardWebhookLog, ledgerHeaders } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { webhookLogQuerySchema } from "@/lib/schema/dashboard";

// The webhook delivery log, newest first.
export const GET = route({ dashboard: "operator", limit: "reads", query: true }, async (req) => {
  const { limit, offset } = parseWith(webhookLogQuerySchema, queryOf(req), "query");
  const ledger = await dashboardLedger();
  return Response.json(await dashboardWebhookLog(ledger, limit, offset), { headers: await ledgerHeaders(ledger) });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", { dashboard: "open" });
