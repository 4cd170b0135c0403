// Each call to the Partner Swap API (each attempt, retries included), watched for the partner
// client (wired in lib/bff/upstream/partner.ts): counted and timed by operation and outcome, traced as a
// client span under the request's span (its traceparent sent along), and remembered as evidence
// that the upstream answers, which /api/ready uses before spending the budget on a probe.
import "server-only";
import type { AttemptObserver, Operation } from "@/lib/partner/client";
import { isPartnerError } from "@/lib/partner/errors";
import { processSingleton } from "@/lib/process-singleton";
import { currentSpan } from "./http";
import { metrics } from "./metrics";
import { tracing } from "./tracing";

/** The spec's paths, with the id as a placeholder: a span is named by its template, not its path. */
const templates: Record<Operation, string> = {
  listAssets: "/v1/asset",
  validateAddress: "/v1/address",
  createQuote: "/v1/quote",
  createSwap: "/v1/swap",
  getSwap: "/v1/swap/{id}",
  listSwaps: "/v1/swap",
};

/** Upstream answers that say nothing good about it: it failed, or refused our key. */
const unwell = new Set(["internal_error", "provider_unavailable", "invalid_api_key", "inactive_partner"]);

const lastWell = () => processSingleton<{ at: number }>("upstream-last-well", () => ({ at: 0 }));

/**
 * `ok`; the upstream's error code (or the code its HTTP status stands for); `timeout`; `network`
 * (not reached); `malformed` (an answer that is not the spec's); `aborted` (the caller gave up).
 */
export function outcomeOf(error: unknown): string {
  if (error === undefined) return "ok";
  if (!isPartnerError(error)) return "aborted";
  if (error.code === "upstream_timeout") return "timeout";
  if (error.code === "upstream_unreachable") return "network";
  if (error.code === "upstream_malformed") return "malformed";
  return error.code;
}

export function observeUpstream(attempt: { operation: Operation; method: string; url: string }): AttemptObserver {
  const started = performance.now();
  const template = templates[attempt.operation];
  const client = tracing()?.client(
    `${attempt.method} ${template}`,
    {
      "http.request.method": attempt.method,
      "url.template": template,
      "server.address": new URL(attempt.url).hostname,
      "swap_checkout.upstream.operation": attempt.operation,
    },
    currentSpan(),
  );
  let status: number | undefined;
  return {
    headers: client?.headers,
    answered: (answeredStatus) => void (status = answeredStatus),
    end: (error) => {
      const outcome = outcomeOf(error);
      const m = metrics();
      m?.upstreamRequests.inc({ operation: attempt.operation, outcome });
      m?.upstreamDuration.observe({ operation: attempt.operation }, (performance.now() - started) / 1000);
      if (status !== undefined && !unwell.has(outcome) && outcome !== "malformed") lastWell().at = Date.now();
      if (client) {
        client.span.set("swap_checkout.upstream.outcome", outcome);
        if (status !== undefined) client.span.set("http.response.status_code", status);
        client.span.end(outcome === "ok" ? undefined : outcome);
      }
    },
  };
}

/** Whether the upstream answered a call well (a result, or a refusal of the request itself) within `ms`. */
export const upstreamAnsweredWithin = (ms: number): boolean => Date.now() - lastWell().at < ms;
