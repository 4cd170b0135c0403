import { readiness } from "@/lib/bff/boot/readiness";
import { methodsNotAllowed, route } from "@/lib/bff/http/route";

export const dynamic = "force-dynamic";

export const GET = route(async (_req, { requestId }) => {
  const report = await readiness(requestId);
  return Response.json(report, { status: report.status === "ready" ? 200 : 503 });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
