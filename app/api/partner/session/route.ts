import { closeSessionCookie, endSession, isDashboardPassword, openSession, openSessionCookie, sessionCookieOf } from "@/lib/bff/dashboard-session";
import { ApiError } from "@/lib/bff/errors";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/route";
import { dashboardSessionBodySchema } from "@/lib/schema/dashboard";

// Log in: every attempt counts against the login limit before the password is looked at.
export const POST = route({ dashboard: "open", limit: "login" }, async (req) => {
  const { password } = await readJson(req, dashboardSessionBodySchema);
  if (!isDashboardPassword(password)) throw new ApiError("unauthorized", "The password is not correct.");
  const session = await openSession();
  return Response.json({ expiresAt: session.expiresAt.toISOString() }, { headers: { "set-cookie": openSessionCookie(req, session.value) } });
});

// Log out: the session's record is deleted, so a copy of the cookie stops working too.
export const DELETE = route({ dashboard: "open" }, async (req) => {
  await endSession(sessionCookieOf(req));
  return new Response(null, { status: 204, headers: { "set-cookie": closeSessionCookie(req) } });
});

export const { GET, PUT, PATCH } = methodsNotAllowed("POST, DELETE");
