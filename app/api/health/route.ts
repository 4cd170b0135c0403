import { methodsNotAllowed, route } from "@/lib/bff/http/route";

export const dynamic = "force-dynamic";

export const GET = route(async () => Response.json({ status: "ok" }));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
