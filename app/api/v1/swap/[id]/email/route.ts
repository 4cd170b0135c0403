import { methodsNotAllowed, parseWith, readJson, route } from "@/lib/bff/http/route";
import { requestOrigin } from "@/lib/bff/http/request-origin";
import { mailSwapLink } from "@/lib/bff/mail";
import { swapEmailAnswerSchema, swapEmailBodySchema } from "@/lib/schema/bff";
import { swapIdSchema } from "@/lib/schema/partner";
import type * as z from "zod/mini";

// POST /api/v1/swap/{id}/email, with the swap's token in x-swap-token: its link by e-mail.
export const POST = route(async (req, { requestId, clientId, params }) => {
  const id = parseWith(swapIdSchema, params.id, "id");
  const body = await readJson(req, swapEmailBodySchema);
  await mailSwapLink({
    id,
    token: req.headers.get("x-swap-token"),
    email: body.email,
    locale: body.locale,
    origin: requestOrigin(req.headers),
    clientId,
    requestId,
  });
  return Response.json({ sent: true } satisfies z.infer<typeof swapEmailAnswerSchema>);
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
