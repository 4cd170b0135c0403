import { dashboardLedger, redeliverWebhook } from "@/lib/bff/dashboard/history";
import { methodsNotAllowed, parseWith, route } from "@/lib/bff/http/route";
import { webhookDeliveryIdSchema } from "@/lib/schema/dashboard";

// Queues a webhook event again at once (the sender picks it up within seconds).
export const POST = route({ dashboard: "operator", limit: "reads" }, async (req, { params }) => {
  const id = parseWith(webhookDeliveryIdSchema, params.id, "id");
  await redeliverWebhook(await dashboardLedger(), id);
  return Response.json({ id, status: "pending" });
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST", { dashboard: "open" });
