import { ApiError } from "@/lib/bff/http/errors";
import { route } from "@/lib/bff/http/route";
import { metricsAllowed, metricsText } from "@/lib/observability/metrics";

export const dynamic = "force-dynamic";

// Prometheus text for `Authorization: Bearer $METRICS_TOKEN`. Without the token configured, without
// it sent, or with another one, this route is 404 like any path that does not exist, whatever the
// method or query: nobody learns that it is here.
export const GET = route({ query: true }, async (req) => {
  if (!metricsAllowed(req.headers.get("authorization"))) throw new ApiError("not_found");
  const { body, contentType } = await metricsText();
  return new Response(body, { headers: { "content-type": contentType } });
});

const notFound = route({ query: true }, async () => {
  throw new ApiError("not_found");
});
export { notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
