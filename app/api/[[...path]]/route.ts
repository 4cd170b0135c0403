import { ApiError } from "@/lib/bff/errors";
import { route } from "@/lib/bff/route";

export const dynamic = "force-dynamic";

const notFound = route(async () => {
  throw new ApiError("not_found");
});
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
