import { methodsNotAllowed, route } from "@/lib/bff/route";
import { openApiDocument } from "@/lib/schema/openapi";

let body: string | undefined;

export const GET = route(async () => {
  body ??= JSON.stringify(openApiDocument());
  return new Response(body, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } });
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed("GET");
