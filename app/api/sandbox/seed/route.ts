import { z } from "zod";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/route";
import { seedSandbox } from "@/lib/bff/sandbox-controls";

// Open to anyone in embedded sandbox mode (404 otherwise): bounded by the sandbox (20,000 a call,
// 200,000 in all) and counted with the client's swap creations.
export const POST = route({ limit: "swaps" }, async (req, { requestId }) => {
  const body = await readJson(req, z.record(z.string(), z.unknown()));
  return Response.json(await seedSandbox(body, requestId));
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
