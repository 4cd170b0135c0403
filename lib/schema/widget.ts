// The widget's contract: its URL parameters and the signed `config` a partner's server issues.
import { z } from "zod";
import { checkoutPresetSchema } from "./pages";

const single = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional());

export const widgetParamsSchema = checkoutPresetSchema.extend({
  theme: single.pipe(z.enum(["light", "dark", "auto"]).optional()).catch(undefined),
  accent: single.pipe(z.string().regex(/^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/).optional()).catch(undefined),
  config: single.pipe(z.string().max(4096).optional()).catch(undefined),
  locale: single.pipe(z.enum(["en", "es", "ru"]).optional()).catch(undefined),
});

/** The look parameters a widget page passes on to its next page. */
export function lookQueryOf(params: Pick<WidgetParams, "theme" | "accent" | "locale">): string {
  const query = new URLSearchParams();
  for (const key of ["theme", "accent", "locale"] as const) if (params[key]) query.set(key, params[key]);
  const text = query.toString();
  return text ? `?${text}` : "";
}
export type WidgetParams = z.infer<typeof widgetParamsSchema>;

/** What a partner's server may fix for one embed: trusted attribution and locked choices. */
export const widgetConfigSchema = z.strictObject({
  /** Expiry, Unix seconds. */
  exp: z.number().int().positive(),
  externalId: z.string().min(1).max(128).optional(),
  customerId: z.string().min(1).max(128).optional(),
  /** A fixed receive asset: `SYMBOL` or `SYMBOL.network`. */
  to: z.string().regex(/^[A-Za-z0-9-]{1,32}(\.[a-z0-9-]{1,64})?$/).optional(),
  destination: z.strictObject({ address: z.string().min(1).max(256), memo: z.string().min(1).max(256).optional() }).optional(),
  /** Include the swap's access token in the host page's `swap_created` event. */
  includeToken: z.boolean().optional(),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const widgetEventTypes = ["ready", "resize", "quote", "swap_created", "status", "terminal"] as const;
export type WidgetEventType = (typeof widgetEventTypes)[number];
