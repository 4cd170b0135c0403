import { methodsNotAllowed, parseWith, readJson, route } from "@/lib/bff/http/route";
import { simulateDeposit } from "@/lib/bff/sandbox-controls";
import { depositBodySchema } from "@/lib/schema/bff";
import { swapIdSchema } from "@/lib/schema/partner";

export const POST = route({ sandbox: true }, async (req, { requestId, params }) => {
  const id = parseWith(swapIdSchema, params.id, "id");
  const body = await readJson(req, depositBodySchema);
  return Response.json(await simulateDeposit(id, req.headers.get("x-swap-token"), body, requestId));
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST", { sandbox: true });
