import { assertDashboardEnabled, closeSessionCookie, isDashboardPassword, openSessionCookie, signSession } from "@/lib/bff/dashboard";
import { ApiError } from "@/lib/bff/errors";
import { limitClient } from "@/lib/bff/rate-limit";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/route";
import { dashboardSessionBodySchema } from "@/lib/schema/dashboard";

// Log in: every attempt counts against the login limit before the password is looked at.
export const POST = route(async (req, { clientId }) => {
  assertDashboardEnabled();
  await limitClient("login", clientId);
  const { password } = await readJson(req, dashboardSessionBodySchema);
  if (!isDashboardPassword(password)) throw new ApiError("unauthorized", "The password is not correct.");
  const session = signSession();
  return Response.json({ expiresAt: session.expiresAt.toISOString() }, { headers: { "set-cookie": openSessionCookie(req, session.value) } });
});

export const DELETE = route(async (req) => {
  assertDashboardEnabled();
  return new Response(null, { status: 204, headers: { "set-cookie": closeSessionCookie(req) } });
});

export const { GET, PUT, PATCH } = methodsNotAllowed("POST, DELETE");
