import { z } from "zod";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/route";
import { seedSandbox } from "@/lib/bff/sandbox-controls";

export const POST = route(async (req, { requestId }) => {
  const body = await readJson(req, z.record(z.string(), z.unknown()));
  return Response.json(await seedSandbox(body, requestId));
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed("POST");
