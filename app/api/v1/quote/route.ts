import { createQuote } from "@/lib/bff/quotes";
import { limitClient } from "@/lib/bff/http/rate-limit";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/http/route";
import { widgetConfigOf } from "@/lib/bff/widget-config";
import { quoteBodySchema } from "@/lib/schema/bff";

export const POST = route(async (req, { requestId, clientId }) => {
  const widget = widgetConfigOf(req);
  const body = await readJson(req, quoteBodySchema);
  await limitClient("quotes", clientId);
  return Response.json(await createQuote(body, { requestId, clientId }, widget));
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
