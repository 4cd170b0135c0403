// The one wiring module that picks the upstream: the real service over HTTP when
// PARTNER_API_BASE_URL is set, otherwise the embedded sandbox called in process.
import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { ConfigError, config, configErrorLines } from "@/lib/config";
import { sandboxEnvSchema } from "@/lib/sandbox/options";
import { createPartnerClient, type PartnerClient, type Transport } from "@/lib/partner/client";
import { createSandbox, type Sandbox } from "@/lib/sandbox/handler";
import { observeUpstream } from "@/lib/observability/upstream";
import { budgetRejectedUpstream, spendBudget } from "./budget";
import { upstreamRequestId } from "../http/request-id";

const EMBEDDED_BASE_URL = "http://sandbox.internal/v1";

// One of each per process (which also keeps the sandbox's swaps across dev hot reloads).
export function embeddedSandbox(): Sandbox | null {
  if (config().mode !== "sandbox") return null;
  return processSingleton("embedded-sandbox", () => {
    // The sandbox reads its own options, as `npm run sandbox` does, from the SANDBOX_* variables.
    const env = config().sandboxEnv;
    const options = sandboxEnvSchema.safeParse(env);
    if (!options.success) throw new ConfigError(configErrorLines(options.error, env));
    return createSandbox(options.data);
  });
}

function transport(): Transport {
  const sandbox = embeddedSandbox();
  if (!sandbox) return (url, init) => fetch(url, { ...init, cache: "no-store" });
  // An in-process call still honours the caller's timeout and abort, as the network would.
  return (url, init) => {
    const signal = init.signal;
    if (!signal) return sandbox.handle(new Request(url, init));
    signal.throwIfAborted();
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      sandbox
        .handle(new Request(url, init))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
}

export function partner(): PartnerClient {
  return processSingleton("partner-client", () => {
    const c = config();
    return createPartnerClient({
      baseUrl: c.PARTNER_API_BASE_URL ?? EMBEDDED_BASE_URL,
      apiKey: c.PARTNER_API_KEY ?? embeddedSandbox()!.options.apiKey,
      transport: transport(),
      timeoutMs: c.PARTNER_API_TIMEOUT_MS,
      // Every attempt, retries included, is paid from the key's shared budget.
      beforeAttempt: (_operation, priority, onBehalfOf) => spendBudget(priority, undefined, onBehalfOf),
      onRateLimited: (retryAfter) => void budgetRejectedUpstream(retryAfter).catch(() => {}),
      // Only ids we minted go upstream (a caller's own x-request-id stays in our logs and answers).
      upstreamRequestId,
      observe: observeUpstream,
    });
  });
}

/** Where relative `logoUrl` paths resolve: PARTNER_ASSET_BASE_URL, the upstream's origin, or us. */
export function assetBaseUrl(): string | null {
  const c = config();
  if (c.PARTNER_ASSET_BASE_URL) return c.PARTNER_ASSET_BASE_URL;
  return c.PARTNER_API_BASE_URL ? new URL(c.PARTNER_API_BASE_URL).origin : null;
}
