// `npm run widget:key`: the derived widget-config key (hex) for a partner's server, which signs
// widget configs with it. Never prints APP_SECRET itself.
import { deriveKey } from "@/lib/config/derive";

const secret = process.env.APP_SECRET;
if (!secret || secret.length < 32) {
  console.error("Set APP_SECRET (at least 32 characters) to the value the app runs with.");
  process.exit(1);
}
console.log(deriveKey(secret, "widget-config").toString("hex"));
