import { methodsNotAllowed, route } from "@/lib/bff/http/route";
import { processSingleton } from "@/lib/process-singleton";
import { openApiDocument } from "@/lib/schema/openapi";

// Public and free of upstream calls: generated once per process, counted as a read per client.
// Cacheable, but a cross-site request is refused (403), so a cache keeps the two apart (Vary).
export const GET = route({ limit: "reads" }, async () => {
  const body = processSingleton("openapi-document", () => JSON.stringify(openApiDocument()));
  return new Response(body, {
    headers: {
      "content-type": "application/json",
      "cache-control": "public, max-age=300",
      vary: "Origin, Sec-Fetch-Site",
    },
  });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
