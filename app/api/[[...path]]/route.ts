import { ApiError } from "@/lib/bff/http/errors";
import { route } from "@/lib/bff/http/route";

export const dynamic = "force-dynamic";

// Every /api path no route serves, `/api` itself included: 404 in the error shape, whatever the method.
const notFound = route({ query: true }, async () => {
  throw new ApiError("not_found");
});
export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
