// The configuration check at server start, and the warnings a partner must see once.
import "server-only";
import { ConfigError, config } from "@/lib/config";
import { embeddedSandbox } from "./partner";

export function checkConfigAtStart(): void {
  let c;
  try {
    c = config();
    // The embedded sandbox's own SANDBOX_* knobs are checked now too.
    embeddedSandbox();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of error.lines) console.error(`[config] ${line}`);
    process.exit(1);
  }
  if (c.mode === "sandbox") console.warn("[config] running on the embedded SANDBOX: deposit addresses are simulated and no real money moves");
  if (!c.SWAP_FRONT_SECRET && c.TRUST_PROXY_HOPS === 0) {
    console.warn(
      "[config] no trusted source of client addresses (not started by `npm start`, TRUST_PROXY_HOPS=0): all requests share one client identity for rate limits. Use `npm start`, or set TRUST_PROXY_HOPS behind your proxies.",
    );
  }
}
