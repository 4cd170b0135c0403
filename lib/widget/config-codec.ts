// The signed widget config: base64url(JSON) + "." + base64url(HMAC-SHA256(widget-config key, that
// first part)). Pure; the key is handed in. Used by the BFF and by `npm run widget:sign`.
import { createHmac } from "node:crypto";
import { safeEqual } from "@/lib/timing";
import { widgetConfigSchema, type WidgetConfig } from "@/lib/schema/widget";

export type WidgetConfigCheck =
  { ok: true; config: WidgetConfig } | { ok: false; reason: "malformed" | "bad_signature" | "expired" | "invalid" };

/** A config expiring further out than this is refused (a leaked one must not live for years). */
export const MAX_LIFETIME_SECONDS = 366 * 24 * 60 * 60;
/** The longest config accepted: a signed config of every field at its longest is well under it. */
const MAX_CONFIG_LENGTH = 4096;

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

export function signWidgetConfig(config: WidgetConfig, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(widgetConfigSchema.parse(config))).toString("base64url");
  return `${payload}.${mac(key, payload)}`;
}

export function verifyWidgetConfig(
  token: string,
  key: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): WidgetConfigCheck {
  if (token.length > MAX_CONFIG_LENGTH) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]{43}$/.test(parts[1]!))
    return { ok: false, reason: "malformed" };
  const [payload, signature] = parts as [string, string];
  if (!safeEqual(mac(key, payload), signature)) return { ok: false, reason: "bad_signature" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = widgetConfigSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  if (parsed.data.exp <= nowSeconds) return { ok: false, reason: "expired" };
  // A config that never expires can never be withdrawn: a year is the longest we accept.
  if (parsed.data.exp > nowSeconds + MAX_LIFETIME_SECONDS) return { ok: false, reason: "invalid" };
  return { ok: true, config: parsed.data };
}
