import { assetListJson } from "@/lib/bff/assets";
import { methodsNotAllowed, parseWith, queryOf, route } from "@/lib/bff/http/route";
import { assetsQuerySchema } from "@/lib/schema/bff";

export const dynamic = "force-dynamic";

export const GET = route({ limit: "reads", query: true }, async (req, { requestId }) => {
  const query = parseWith(assetsQuerySchema, queryOf(req), "query");
  return new Response(await assetListJson(query, requestId), {
    headers: { "content-type": "application/json", "cache-control": "private, max-age=60" },
  });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
