// Readiness: can this instance serve now? Its configuration is valid, the store answers (Redis,
// when REDIS_URL is set), the ledger has opened, and the upstream was reachable lately. An upstream
// that answered any call in the last 30 s is reachable; otherwise a probe's answer is reused for
// 30 s, so orchestrator probes do not spend the key's request budget.
import "server-only";
import { config, isConfigError } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { ledgerHealth } from "@/lib/bff/ledger";
import { isPartnerError } from "@/lib/partner/errors";
import { log } from "@/lib/observability/log";
import { upstreamAnsweredWithin } from "@/lib/observability/upstream";
import { forLog, isApiError } from "@/lib/bff/http/errors";
import { appSecretDiffers } from "./secret-check";
import { partner } from "@/lib/bff/upstream/partner";
import { store } from "@/lib/bff/upstream/shared-store";

const UPSTREAM_CHECK_TTL_MS = 30_000;
const lastCheck = processSingleton<{ value?: { ok: boolean; at: number } }>("readiness-upstream-check", () => ({}));

async function upstreamOk(requestId: string): Promise<boolean> {
  // Calls the upstream answered lately say enough: no probe, no budget spent.
  if (upstreamAnsweredWithin(UPSTREAM_CHECK_TTL_MS)) return true;
  const last = lastCheck.value;
  if (last && Date.now() - last.at < UPSTREAM_CHECK_TTL_MS) return last.ok;
  const ok = await partner()
    .listAssets({ symbol: "BTC" }, { requestId })
    .then(() => true)
    .catch((error: unknown) => {
      // Our own budget being busy says nothing about the upstream: keep what we knew.
      if (isApiError(error) && error.code === "rate_limited") return last?.ok ?? true;
      logFailedCheck(error, requestId);
      return false;
    });
  lastCheck.value = { ok, at: Date.now() };
  return ok;
}

/**
 * Why the probe says "unavailable" goes to the log, not to the probe's public answer. A partner
 * whose deploy is gated on readiness otherwise sees it fail with nothing saying that the key was
 * refused. At most once per check, so once per 30 s.
 */
function logFailedCheck(error: unknown, requestId: string): void {
  if (isPartnerError(error) && (error.code === "invalid_api_key" || error.code === "inactive_partner")) {
    log().error(
      { requestId },
      `[bff] readiness: UPSTREAM REJECTED OUR API KEY (${error.code}): check PARTNER_API_KEY and the partner account`,
    );
  } else {
    log().warn({ requestId }, `[bff] readiness: the upstream check failed: ${forLog(error)}`);
  }
}

export async function readiness(requestId: string) {
  // Never ready on a configuration that would fail (the server refuses to start on one anyway).
  try {
    config();
  } catch (error) {
    // The lines name values (a DATABASE_URL's host, say): they go to the log at start, not to a public probe.
    if (isConfigError(error))
      return {
        status: "unavailable" as const,
        upstream: "unknown",
        store: "unknown",
        ledger: "unknown",
        config: "invalid",
      };
    throw error;
  }
  const [upstream, storeOk, ledger, secretDiffers] = await Promise.all([
    upstreamOk(requestId),
    store()
      .ping()
      .catch(() => false),
    ledgerHealth(),
    appSecretDiffers(),
  ]);
  return {
    // A ledger that has opened once and then loses its database keeps the instance ready: the
    // checkout works without it (the dashboard answers 503, webhooks wait), and every instance on
    // that database would go unready at once. One still opening (migrations, a first connection)
    // is not ready yet: its dashboard and webhooks would fail.
    status: upstream && storeOk && ledger !== "opening" ? ("ready" as const) : ("unavailable" as const),
    upstream: upstream ? "ok" : "unavailable",
    store: storeOk
      ? `ok (${store().kind})`
      : store().kind === "redis"
        ? "unavailable (serving from local memory)"
        : "unavailable",
    ledger,
    // Only when it differs: another instance's swap links do not open here.
    ...(secretDiffers ? { appSecret: "differs from another instance's" } : {}),
  };
}
