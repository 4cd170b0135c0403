import { createQuote } from "@/lib/bff/quotes";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/route";
import { quoteBodySchema } from "@/lib/schema/bff";

export const POST = route(async (req, { requestId, clientId }) => {
  const body = await readJson(req, quoteBodySchema);
  await limitClient("quotes", clientId);
  return Response.json(await createQuote(body, requestId));
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed("POST");
