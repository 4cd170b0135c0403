import { assetListJson } from "@/lib/bff/assets";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/route";
import { assetsQuerySchema } from "@/lib/schema/bff";

export const dynamic = "force-dynamic";

export const GET = route(async (req, { requestId, clientId }) => {
  const query = parseWith(assetsQuerySchema, queryOf(req), "query");
  await limitClient("reads", clientId);
  return new Response(await assetListJson(query, requestId), {
    headers: { "content-type": "application/json", "cache-control": "private, max-age=60" },
  });
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
