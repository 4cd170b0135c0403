import { assertDashboardEnabled, requireSession } from "@/lib/bff/dashboard-session";
import { dashboardLedger, redeliverWebhook } from "@/lib/bff/dashboard-history";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, route } from "@/lib/bff/route";
import { webhookDeliveryIdSchema } from "@/lib/schema/dashboard";

// Queues a webhook event again at once (the sender picks it up within seconds).
export const POST = route(async (req, { clientId, params }) => {
  assertDashboardEnabled();
  await requireSession(req);
  const id = parseWith(webhookDeliveryIdSchema, params.id, "id");
  await limitClient("reads", clientId);
  await redeliverWebhook(await dashboardLedger(), id);
  return Response.json({ id, status: "pending" });
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed("POST");
