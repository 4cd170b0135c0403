// The widget's contract: its URL parameters and the signed `config` a partner's server issues.
import * as z from "zod/mini";
import "./zod";
import { checkoutPresetSchema, singleParam } from "./pages";

export const widgetParamsSchema = z.extend(checkoutPresetSchema, {
  theme: singleParam(z.enum(["light", "dark", "auto"])),
  accent: singleParam(z.string().check(z.regex(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/))),
  // Any length here: one too long is refused by its check (lib/widget/config-codec.ts), not ignored.
  config: singleParam(z.string()),
  // A BCP 47 tag, negotiated like Accept-Language (pt → pt-BR, zh-TW → zh-Hant) by lib/i18n/locales.ts.
  locale: singleParam(z.string().check(z.regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8}){0,4}$/))),
});

/**
 * The widget's parameters as its pages pass them on: the look (theme, accent, locale) and how the
 * partner started it (presets and the signed config), so the status page keeps the look and its
 * "Start a new swap" opens the checkout the partner embedded, attribution and locks included.
 */
export function widgetQueryOf(params: WidgetParams): string {
  const query = new URLSearchParams();
  for (const key of ["from", "to", "amount", "theme", "accent", "locale", "config"] as const)
    if (params[key]) query.set(key, params[key]);
  const text = query.toString();
  return text ? `?${text}` : "";
}
export type WidgetParams = z.infer<typeof widgetParamsSchema>;

/**
 * A locked payout address with a receive asset named by its symbol alone ("USDT") would let the
 * payout go out on any network of that symbol whose addresses look alike (every EVM chain): the
 * lock is on where money lands, so it must name the network. Today's single-network symbol
 * ("BTC") is no exception, since a symbol can gain a network tomorrow.
 */
const destinationNamesNetwork = (config: { to?: string; destination?: unknown }) =>
  !config.destination || !config.to || config.to.includes(".");

/** What a partner's server may fix for one embed: trusted attribution and locked choices. */
export const widgetConfigSchema = z
  .strictObject({
    /** Expiry, Unix seconds. */
    exp: z.int().check(z.positive()),
    externalId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
    customerId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
    /** A fixed receive asset: `SYMBOL` or `SYMBOL.network`. */
    to: z.optional(
      z
        .string('is an asset: "SYMBOL" or "SYMBOL.network", e.g. "USDT.tron"')
        .check(
          z.regex(
            /^[A-Za-z0-9-]{1,32}(\.[a-z0-9-]{1,64})?$/,
            'is an asset: "SYMBOL" or "SYMBOL.network", e.g. "USDT.tron"',
          ),
        ),
    ),
    destination: z.optional(
      z.strictObject({
        address: z.string().check(z.minLength(1), z.maxLength(256)),
        memo: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
      }),
    ),
    /** Include the swap's access token in the host page's `swap_created` event. */
    includeToken: z.optional(z.boolean()),
  })
  .check(
    z.refine(destinationNamesNetwork, {
      path: ["to"],
      message:
        'names no network, and "destination" is locked: write it as "SYMBOL.network" (e.g. "USDT.ethereum"), so the payout cannot go out on another chain',
    }),
  );
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export type WidgetEventType = "ready" | "resize" | "quote" | "swap_created" | "status" | "terminal" | "config_refused";
