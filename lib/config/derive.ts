// Per-purpose keys from the root secret (HKDF-SHA256), so no purpose's key opens another. Pure: the
// caller hands in the secret (lib/config for the app, the widget scripts for a partner's server).
import { hkdfSync } from "node:crypto";

export type KeyPurpose = "swap-token" | "order-token" | "widget-config" | "dashboard-session" | "mail-limit";

export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "swap-checkout", purpose, 32));
}
