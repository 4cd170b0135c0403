import { methodsNotAllowed, parseWith, route } from "@/lib/bff/http/route";
import { depositAssetOf } from "@/lib/bff/deposit-asset";
import { readSwap } from "@/lib/bff/status/read";
import { swapJson } from "@/lib/bff/status/snapshots";
import { swapIdSchema } from "@/lib/schema/partner";
import { statusServed } from "@/lib/observability/metrics";

export const GET = route({ limit: "reads" }, async (req, { requestId, clientId, params }) => {
  const id = parseWith(swapIdSchema, params.id, "id");
  const snapshot = await readSwap(id, req.headers.get("x-swap-token"), requestId, clientId);
  statusServed(snapshot.asOf);
  return new Response(swapJson(snapshot, await depositAssetOf(snapshot.swap, requestId)), {
    headers: { "content-type": "application/json", "x-status-as-of": new Date(snapshot.asOf).toISOString() },
  });
});
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
