import { checkAddress } from "@/lib/bff/address-check";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/http/route";
import { addressBodySchema } from "@/lib/schema/bff";

// Counted in checkAddress: a cached answer as a read, a new check with the client's quotes.
export const POST = route(async (req, { requestId, clientId }) => {
  const body = await readJson(req, addressBodySchema);
  return Response.json(await checkAddress(body, { requestId, clientId }));
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
