// The configuration check at server start, and the warnings a partner must see once.
import "server-only";
import { config, isConfigError } from "@/lib/config";
import { embeddedSandbox } from "./partner";

const MIN_DASHBOARD_PASSWORD_LENGTH = 12;

export function checkConfigAtStart(): void {
  let c;
  try {
    c = config();
    // The embedded sandbox's own SANDBOX_* knobs are checked now too.
    embeddedSandbox();
  } catch (error) {
    if (!isConfigError(error)) throw error;
    for (const line of error.lines) console.error(`[config] ${line}`);
    process.exit(1);
  }
  if (c.mode === "sandbox") console.warn("[config] running on the embedded SANDBOX: deposit addresses are simulated and no real money moves");
  // Strangers may try 100 wrong passwords a day (lib/bff/login-limit.ts): harmless against a long
  // random password, not against a short one. A warning, not a refusal: a start that worked before
  // keeps working.
  if (c.PARTNER_DASHBOARD_PASSWORD !== undefined && c.PARTNER_DASHBOARD_PASSWORD.length < MIN_DASHBOARD_PASSWORD_LENGTH) {
    console.warn(
      `[config] PARTNER_DASHBOARD_PASSWORD is shorter than ${MIN_DASHBOARD_PASSWORD_LENGTH} characters: anyone can try 100 passwords a day at the dashboard's login. Use a long random one.`,
    );
  }
  // Without it a browser request's Origin is checked against its own Host, which a name rebound to
  // this server (DNS rebinding) sends as well: visitors' browsers could then be made to spend the
  // key's budget from their own addresses. Not on the sandbox, whose budget is nobody's.
  if (c.mode === "upstream" && c.PUBLIC_ORIGINS.length === 0) {
    console.warn(
      "[config] PUBLIC_ORIGINS is not set: browser requests are checked against the Host they name, which a DNS-rebound name passes. Set it to the origins people reach this app at, e.g. https://swap.example.com.",
    );
  }
  if (!c.SWAP_FRONT_SECRET && c.TRUST_PROXY_HOPS === 0) {
    console.warn(
      "[config] no trusted source of client addresses (not started by `npm start`, TRUST_PROXY_HOPS=0): all requests share one client identity for rate limits. Use `npm start`, or set TRUST_PROXY_HOPS behind your proxies.",
    );
  }
}
