// A partner's server signing a widget config, written from the documented recipe with node:crypto
// alone (never the app's own signer, so a wrong label or format in the app cannot agree with itself):
//   key    = HKDF-SHA256(ikm = APP_SECRET, salt = "swap-checkout", info = "widget-config", 32 bytes)
//   config = base64url(JSON) + "." + base64url(HMAC-SHA256(key, base64url(JSON)))
import { createHmac, hkdfSync } from "node:crypto";

export const widgetConfigKey = (appSecret: string) =>
  Buffer.from(hkdfSync("sha256", appSecret, "swap-checkout", "widget-config", 32));

export function signConfig(config: Record<string, unknown>, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(config), "utf8").toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
