import { notingLimits, orderContextOf } from "@/lib/bff/funnel";
import { createQuote } from "@/lib/bff/quotes";
import { limitClient } from "@/lib/bff/http/rate-limit";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/http/route";
import { externalIdFromOrderToken } from "@/lib/bff/tokens";
import { widgetConfigOf } from "@/lib/bff/widget-config";
import { quoteBodySchema } from "@/lib/schema/bff";

export const POST = route(async (req, { requestId, clientId }) => {
  const widget = widgetConfigOf(req);
  const body = await readJson(req, quoteBodySchema);
  // A re-quote is tied to its order: a refusal by our limits is one of the order's drop-offs.
  const order = widget?.externalId ?? externalIdFromOrderToken(body.orderToken);
  return notingLimits(order, async () => {
    await limitClient("quotes", clientId);
    return Response.json(await createQuote(body, { requestId, clientId, order: orderContextOf(req) }, widget));
  });
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
