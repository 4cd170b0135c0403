// URL parameters of the pages. Anything malformed is dropped rather than refused: a bad link still
// opens a working checkout.
import * as z from "zod/mini";
import "./zod";

/** A query parameter given once (the first of several), checked by `inner`; anything else is undefined. */
export const singleParam = <T extends z.ZodMiniType<unknown, string>>(inner: T) =>
  z.catch(
    z.pipe(
      z.pipe(
        z.unknown(),
        z.transform((v: unknown) => (Array.isArray(v) ? v[0] : v)),
      ),
      z.optional(z.pipe(z.string(), inner)),
    ),
    undefined,
  );
const assetParam = singleParam(z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}(\.[a-z0-9-]{1,64})?$/)));
const amountParam = singleParam(z.string().check(z.regex(/^\d{1,30}(\.\d{1,30})?$/)));

export const checkoutPresetSchema = z.object({ from: assetParam, to: assetParam, amount: amountParam });

/**
 * The operator's login page: `ended` when a session lapsed on the dashboard, and `back`, the
 * dashboard's own query (filters, page) to return to after signing in. Only a query: no path, no
 * host, so it can never send the operator anywhere but `/partner`.
 */
export const loginParamsSchema = z.object({
  ended: singleParam(z.literal("1")),
  back: singleParam(z.string().check(z.maxLength(2000), z.regex(/^[A-Za-z0-9=&%._:,+-]*$/))),
});

/** The login page's address, told whether a session ended and the dashboard query to return to (dropped unless it passes the check above). */
export function loginPath(ended: boolean, back: string): string {
  const login = new URLSearchParams(ended ? { ended: "1" } : {});
  const checked = loginParamsSchema.parse({ back }).back;
  if (checked) login.set("back", checked);
  const text = login.toString();
  return text ? `/partner/login?${text}` : "/partner/login";
}
