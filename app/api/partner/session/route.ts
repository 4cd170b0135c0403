import {
  closeSessionCookie,
  deviceCookie,
  endSession,
  isDashboardPassword,
  openSession,
  openSessionCookie,
  sessionCookieOf,
} from "@/lib/bff/dashboard/session";
import { ApiError } from "@/lib/bff/http/errors";
import { admitLogin } from "@/lib/bff/dashboard/login-limit";
import { methodsNotAllowed, readJson, route } from "@/lib/bff/http/route";
import { dashboardSessionBodySchema } from "@/lib/schema/dashboard";

// Log in. Not route({ limit }): the login's limits depend on the browser's device cookie and on
// whether the password was right (lib/bff/dashboard/login-limit.ts). The attempt is admitted before the
// password is looked at, so a refusal says nothing about it.
export const POST = route({ dashboard: "open" }, async (req, { clientId }) => {
  const { password } = await readJson(req, dashboardSessionBodySchema);
  const attempt = await admitLogin(req, clientId);
  if (!isDashboardPassword(password)) throw new ApiError("unauthorized", "The password is not correct.");
  await attempt.succeeded();
  const session = await openSession();
  const headers = new Headers();
  headers.append("set-cookie", openSessionCookie(req, session.value));
  headers.append("set-cookie", deviceCookie(req, attempt.device ?? undefined));
  return Response.json({ expiresAt: session.expiresAt.toISOString() }, { headers });
});

// Log out: the session's record is deleted, so a copy of the cookie stops working too. The device
// cookie stays: this browser is still the operator's.
export const DELETE = route({ dashboard: "open" }, async (req) => {
  await endSession(sessionCookieOf(req));
  return new Response(null, { status: 204, headers: { "set-cookie": closeSessionCookie(req) } });
});

export const { GET, PUT, PATCH, OPTIONS } = methodsNotAllowed("POST, DELETE", { dashboard: "open" });
