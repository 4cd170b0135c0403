// `npm run widget:sign -- '<json>'`: a signed widget `config` parameter. The key is the one
// `npm run widget:key` prints (WIDGET_CONFIG_KEY, hex), or derived from APP_SECRET.
//   npm run widget:sign -- '{"exp": '$(($(date +%s) + 86400))', "externalId": "order-42", "customerId": "u_7"}'
// `exp` (Unix seconds) may be at most a year ahead: the server refuses a config that lives longer.
import { z } from "zod";
import { deriveKey } from "@/lib/config/derive";
import { widgetConfigSchema } from "@/lib/schema/widget";
import { MAX_LIFETIME_SECONDS, signWidgetConfig } from "@/lib/widget/config-codec";

const hexKey = process.env.WIDGET_CONFIG_KEY || undefined;
const secret = process.env.APP_SECRET;
if (hexKey !== undefined && !/^[0-9a-f]{64}$/i.test(hexKey.trim())) {
  // Often npm's own banner captured with it: `KEY=$(npm run widget:key)` rather than `npm run -s`.
  console.error(
    "WIDGET_CONFIG_KEY is not the key `npm run -s widget:key` prints (64 hex digits). Capture it with `npm run -s`, which leaves out npm's banner.",
  );
  process.exit(1);
}
const key = hexKey
  ? Buffer.from(hexKey.trim(), "hex")
  : secret && secret.length >= 32
    ? deriveKey(secret, "widget-config")
    : null;
if (!key) {
  console.error("Set WIDGET_CONFIG_KEY (from `npm run -s widget:key`) or APP_SECRET.");
  process.exit(1);
}
let input: unknown;
try {
  input = JSON.parse(process.argv[2] ?? "");
} catch {
  console.error(
    `Pass the config as JSON, e.g. npm run widget:sign -- '{"exp": ${Math.floor(Date.now() / 1000) + 3600}, "externalId": "order-42"}'`,
  );
  process.exit(1);
}
const parsed = widgetConfigSchema.safeParse(input);
if (!parsed.success) {
  console.error(z.prettifyError(parsed.error));
  process.exit(1);
}
if (parsed.data.exp > Date.now() / 1000 + MAX_LIFETIME_SECONDS) {
  console.error("exp: at most a year from now; the server refuses a config that lives longer.");
  process.exit(1);
}
// A config that has already expired is refused by the widget; signed all the same (a partner may be
// testing exactly that), with a word on stderr.
if (parsed.data.exp <= Date.now() / 1000) {
  console.error(
    `Warning: "exp" (${new Date(parsed.data.exp * 1000).toISOString()}) is already past: the widget will refuse this config as expired.`,
  );
}
// A locked address with a free receive asset lets the user pick an asset the address cannot take:
// the checkout then holds a read-only address it calls invalid. Signed all the same (the partner may
// mean it), with a word on stderr.
if (parsed.data.destination && !parsed.data.to) {
  console.error(
    'Warning: "destination" is locked but "to" is not. Lock the asset the address is for too (e.g. "to": "USDT.tron"), or a user may choose one the address cannot receive.',
  );
}
// A symbol alone locks the token, not its network: fine for a user's own address, said all the same.
if (parsed.data.to && !parsed.data.to.includes(".")) {
  console.error(
    `Warning: "to" (${parsed.data.to}) names no network, so it locks the token only: the user may receive it on any network it is on. Write "SYMBOL.network" to lock both.`,
  );
}
console.log(signWidgetConfig(parsed.data, key));
