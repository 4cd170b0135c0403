import { methodsNotAllowed, readJson, route } from "@/lib/bff/http/route";
import { signWidgetConfigForOperator } from "@/lib/bff/widget-config";
import { widgetConfigSchema } from "@/lib/schema/widget";

// The embed page's "Sign": a widget config signed on the server for an operator with a session.
export const POST = route({ dashboard: "operator", limit: "reads" }, async (req) => {
  const input = await readJson(req, widgetConfigSchema);
  return Response.json(signWidgetConfigForOperator(input));
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST", { dashboard: "open" });
