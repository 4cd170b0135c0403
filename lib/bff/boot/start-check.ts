// The configuration check at server start, and the warnings a partner must see once.
import "server-only";
import { config, isConfigError, type AppConfig } from "@/lib/config";
import { embeddedSandbox } from "@/lib/bff/upstream/partner";
import { log } from "@/lib/observability/log";

const MIN_DASHBOARD_PASSWORD_LENGTH = 12;

export function checkConfigAtStart(): void {
  let c;
  try {
    c = config();
    // The embedded sandbox's own SANDBOX_* knobs are checked now too.
    embeddedSandbox();
  } catch (error) {
    if (!isConfigError(error)) throw error;
    for (const line of error.lines) log().error(`[config] ${line}`);
    process.exit(1);
  }
  for (const line of configWarnings(c)) log().warn(`[config] ${line}`);
}

/**
 * Opens the ledger at start, so its loops run before anyone opens a page. A ledger that cannot
 * serve this configuration (the embedded sandbox on a ledger of the real service's swaps) stops
 * the server with one line naming the variable; any other failure is logged and retried later.
 */
export async function openLedgerAtStart(): Promise<void> {
  const { ledger } = await import("@/lib/bff/ledger");
  try {
    await ledger();
  } catch (error) {
    if (!isConfigError(error)) return;
    for (const line of error.lines) log().error(`[config] ${line}`);
    process.exit(1);
  }
}

/** What a partner must hear once at start about a configuration that runs, but not as they may think. */
export function configWarnings(c: AppConfig): string[] {
  const lines: string[] = [];
  if (c.mode === "sandbox")
    lines.push("running on the embedded SANDBOX: deposit addresses are simulated and no real money moves");
  // Both given: the real service wins (the safe side), and the partner hears which one runs.
  if (c.SANDBOX && c.mode === "upstream")
    lines.push(
      `SANDBOX=1 is ignored: PARTNER_API_BASE_URL is set, so this server uses the real service at ${new URL(c.PARTNER_API_BASE_URL!).origin}`,
    );
  // A failed, refunded or underpaid swap tells its user to contact support: without either, the
  // page can only say "quote these ids to the service you came from".
  if (c.mode === "upstream" && !c.SUPPORT_URL && !c.SUPPORT_EMAIL) {
    lines.push(
      "neither SUPPORT_URL nor SUPPORT_EMAIL is set: a user whose swap fails, is refunded or is underpaid gets no way to reach you, only the ids to quote. Set one of them.",
    );
  }
  if (c.WEBHOOK_SECRET && !c.WEBHOOK_URL)
    lines.push(
      "WEBHOOK_SECRET is set but WEBHOOK_URL is not: no webhooks are sent. Set WEBHOOK_URL to the address that receives them.",
    );
  // Strangers may try 100 wrong passwords a day (lib/bff/dashboard/login-limit.ts): harmless against a long
  // random password, not against a short one. A warning, not a refusal: a start that worked before
  // keeps working.
  if (
    c.PARTNER_DASHBOARD_PASSWORD !== undefined &&
    c.PARTNER_DASHBOARD_PASSWORD.length < MIN_DASHBOARD_PASSWORD_LENGTH
  ) {
    lines.push(
      `PARTNER_DASHBOARD_PASSWORD is shorter than ${MIN_DASHBOARD_PASSWORD_LENGTH} characters: anyone can try 100 passwords a day at the dashboard's login. Use a long random one.`,
    );
  }
  // Without it a browser request's Origin is checked against its own Host, which a name rebound to
  // this server (DNS rebinding) sends as well: visitors' browsers could then be made to spend the
  // key's budget from their own addresses. Not on the sandbox, whose budget is nobody's.
  if (c.mode === "upstream" && c.PUBLIC_ORIGINS.length === 0) {
    lines.push(
      "PUBLIC_ORIGINS is not set: browser requests are checked against the Host they name, which a DNS-rebound name passes. Set it to the origins people reach this app at, e.g. https://swap.example.com.",
    );
  }
  if (!c.SWAP_FRONT_SECRET && c.TRUST_PROXY_HOPS === 0) {
    lines.push(
      "no trusted source of client addresses (not started by `npm start`, TRUST_PROXY_HOPS=0): all requests share one client identity for rate limits. Use `npm start`, or set TRUST_PROXY_HOPS behind your proxies.",
    );
  }
  return lines;
}
