import { methodsNotAllowed, readJson, route } from "@/lib/bff/http/route";
import { seedSandbox } from "@/lib/bff/sandbox-controls";
import { seedBodySchema } from "@/lib/schema/bff";

// Open to anyone in embedded sandbox mode (404 otherwise): bounded by the sandbox (20,000 a call,
// 200,000 in all) and counted with the client's swap creations.
export const POST = route({ sandbox: true, limit: "swaps" }, async (req, { requestId }) => {
  const body = await readJson(req, seedBodySchema);
  return Response.json(await seedSandbox(body, requestId));
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST", { sandbox: true });
