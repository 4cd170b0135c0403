import { validateAddress } from "@/lib/bff/quotes";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/route";
import { addressBodySchema } from "@/lib/schema/bff";

export const POST = route(async (req, { requestId, clientId }) => {
  const body = await readJson(req, addressBodySchema);
  await limitClient("reads", clientId);
  return Response.json(await validateAddress(body, requestId));
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed("POST");
