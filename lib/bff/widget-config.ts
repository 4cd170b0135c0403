// The widget's signed config as the BFF trusts it: attribution (externalId, customerId) and a locked
// destination come from here only, never from a raw browser field.
import "server-only";
import { config } from "@/lib/config";
import {
  MAX_LIFETIME_SECONDS,
  signWidgetConfig,
  verifyWidgetConfig,
  type WidgetConfigCheck,
} from "@/lib/widget/config-codec";
import type { WidgetConfig } from "@/lib/schema/widget";
import { ApiError } from "./http/errors";

export function checkWidgetConfig(token: string): WidgetConfigCheck {
  return verifyWidgetConfig(token, config().keyFor("widget-config"));
}

/** The verified config sent in `x-widget-config`, null when none was sent; refused when forged. */
export function widgetConfigOf(req: Request): WidgetConfig | null {
  const token = req.headers.get("x-widget-config");
  if (token === null) return null;
  const check = checkWidgetConfig(token);
  if (!check.ok) throw refusedWidgetConfig(check.reason);
  return check.config;
}

/** A config this request cannot go on with, and why (`expired`, `bad_signature`, …). */
export const refusedWidgetConfig = (reason: string) =>
  new ApiError(
    "validation_error",
    "This checkout's configuration is invalid or expired. Reload the page you came from.",
    {
      fields: { "x-widget-config": reason },
    },
  );

/**
 * A config signed for an operator on the embed page (POST /api/partner/widget-config): the same
 * `widget-config` key the widget verifies with and `npm run widget:sign` derives, never APP_SECRET
 * itself, which never leaves lib/config. Refused when it would be refused in use: already expired,
 * or living longer than a year.
 */
export function signWidgetConfigForOperator(
  input: WidgetConfig,
  nowSeconds = Math.floor(Date.now() / 1000),
): { config: string; exp: number } {
  if (input.exp <= nowSeconds)
    throw new ApiError("validation_error", "Invalid exp: it is already past.", { fields: { exp: "is already past" } });
  if (input.exp > nowSeconds + MAX_LIFETIME_SECONDS)
    throw new ApiError("validation_error", "Invalid exp: at most a year from now.", {
      fields: { exp: "at most a year from now" },
    });
  return { config: signWidgetConfig(input, config().keyFor("widget-config")), exp: input.exp };
}
