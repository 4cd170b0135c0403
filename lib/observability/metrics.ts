// The Prometheus metrics (docs/observability.md lists them): one registry per process, so each
// instance reports its own counts and Prometheus adds them up. Every label takes values from a
// closed set (route patterns, methods, statuses, operations, outcomes, budget classes): never an
// id, an address, a token, a client's address or the key.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { within } from "@/lib/timing";
import type { Operation, Priority } from "@/lib/partner/client";
import { annotateLog, log } from "./log";

/** Why the key's budget refused a call: the client's own share, a window already full, a pause after an upstream 429. */
export type BudgetRefusal = "client_share" | "window_full" | "paused";
/** A webhook attempt: delivered, failed and to be retried, or failed for the last time (24 h on). */
export type WebhookOutcome = "delivered" | "retrying" | "failed";
/** A step of a checkout order for the funnel (lib/ledger/funnel.ts's FunnelStep kinds). */
export type FunnelStepName = "quote" | "address" | "quote_expired" | "quote_taken" | "rate_limited";
/**
 * Why a funnel step was not recorded: the process's queue was full, the ledger did not open or
 * answer, its write took too long or failed, or the ledger holds no order for it (not quoted here).
 */
export type FunnelDropReason =
  "queue_full" | "ledger_unavailable" | "ledger_timeout" | "ledger_error" | "unknown_order";

const operations: readonly Operation[] = [
  "listAssets",
  "validateAddress",
  "createQuote",
  "createSwap",
  "getSwap",
  "listSwaps",
];
const classes: readonly Priority[] = ["create", "quote", "refresh", "status", "assets", "dashboard", "urgent"];
const webhookOutcomes: readonly WebhookOutcome[] = ["delivered", "retrying", "failed"];
const funnelSteps: readonly FunnelStepName[] = ["quote", "address", "quote_expired", "quote_taken", "rate_limited"];
const funnelDropReasons: readonly FunnelDropReason[] = [
  "queue_full",
  "ledger_unavailable",
  "ledger_timeout",
  "ledger_error",
  "unknown_order",
];

/** Seconds: from a cached answer (a millisecond) to an upstream call that times out (10 s by default). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a live read (0) to a snapshot kept while the budget is short (minutes). */
const AGE_BUCKETS = [1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

type Sources = { webhookBacklog?: () => Promise<number> };

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const sources: Sources = {};
  const metrics = {
    registry,
    sources,
    httpRequests: new Counter({
      name: "swap_checkout_http_requests_total",
      help: "BFF requests answered, by route pattern, method and HTTP status.",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "swap_checkout_http_request_duration_seconds",
      help: "Time to answer a BFF request (until its headers), by route pattern and method.",
      labelNames: ["route", "method"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    upstreamRequests: new Counter({
      name: "swap_checkout_upstream_requests_total",
      help: "Calls to the Partner Swap API, retries included, by operation and outcome (ok, the upstream's error code, timeout, network, malformed).",
      labelNames: ["operation", "outcome"] as const,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "swap_checkout_upstream_request_duration_seconds",
      help: "Time of one call to the Partner Swap API, by operation.",
      labelNames: ["operation"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    budgetSpent: new Counter({
      name: "swap_checkout_budget_spent_total",
      help: "Upstream calls paid from the key's shared minute budget by this instance, by class.",
      labelNames: ["class"] as const,
      registers,
    }),
    budgetPerMinute: new Gauge({
      name: "swap_checkout_budget_per_minute",
      help: "The key's upstream budget a minute, shared by all instances (PARTNER_RATE_LIMIT_PER_MINUTE).",
      registers,
      collect() {
        this.set(config().PARTNER_RATE_LIMIT_PER_MINUTE);
      },
    }),
    budgetRefused: new Counter({
      name: "swap_checkout_budget_refused_total",
      help: "Upstream calls the key's budget refused (the caller got 429 or an older answer), by class and reason (client_share, window_full, paused).",
      labelNames: ["class", "reason"] as const,
      registers,
    }),
    swapsCreated: new Counter({
      name: "swap_checkout_swaps_created_total",
      help: "Swaps created upstream through this instance (replays not counted).",
      registers,
    }),
    statusAge: new Histogram({
      name: "swap_checkout_status_age_seconds",
      help: "Age of each swap status served to a browser: now minus its x-status-as-of.",
      buckets: AGE_BUCKETS,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "swap_checkout_webhook_deliveries_total",
      help: "Webhook delivery attempts by outcome (delivered, retrying, failed: given up after 24 h).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    funnelStepsDropped: new Counter({
      name: "swap_checkout_funnel_steps_dropped_total",
      help: "Checkout steps the funnel lost (the request itself was answered), by step and reason (queue_full, ledger_unavailable, ledger_timeout, ledger_error, unknown_order).",
      labelNames: ["step", "reason"] as const,
      registers,
    }),
    webhookBacklog: new Gauge({
      name: "swap_checkout_webhook_backlog",
      help: "Webhook events waiting to be delivered (the shared outbox's pending rows; 0 without webhooks).",
      registers,
      async collect() {
        const source = sources.webhookBacklog;
        // A database that does not answer in time leaves the last value: a scrape never waits on it.
        const pending = source ? await within(source(), 2_000).catch(() => undefined) : 0;
        if (pending !== undefined) this.set(pending);
      },
    }),
  };
  // Series that exist from the start, so a rate or an alert over them is 0 rather than absent.
  for (const operation of operations) metrics.upstreamRequests.inc({ operation, outcome: "ok" }, 0);
  for (const name of classes) metrics.budgetSpent.inc({ class: name }, 0);
  for (const outcome of webhookOutcomes) metrics.webhookDeliveries.inc({ outcome }, 0);
  for (const step of funnelSteps)
    for (const reason of funnelDropReasons) metrics.funnelStepsDropped.inc({ step, reason }, 0);
  return metrics;
}

/** The metrics, or null when METRICS_TOKEN is unset: nobody can read them, so nothing is counted. */
export function metrics() {
  try {
    return config().METRICS_TOKEN ? processSingleton("metrics", createMetrics) : null;
  } catch {
    // A configuration that does not load (a script, a test) counts nothing; the server checks it at start.
    return null;
  }
}

/**
 * Whether a request may read the metrics: METRICS_TOKEN is set and the request says
 * `Authorization: Bearer <it>`. Compared as digests, in time that depends on neither the token's
 * length nor where a guess goes wrong.
 */
export function metricsAllowed(authorization: string | null): boolean {
  const token = config().METRICS_TOKEN;
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
  if (!token || !given) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The Prometheus text of every family, for GET /api/metrics. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const registry = processSingleton("metrics", createMetrics).registry;
  return { body: await registry.metrics(), contentType: registry.contentType };
}

export function budgetSpent(priority: Priority): void {
  metrics()?.budgetSpent.inc({ class: priority });
}

export function budgetRefused(priority: Priority, reason: BudgetRefusal): void {
  metrics()?.budgetRefused.inc({ class: priority, reason });
}

/** A swap just created upstream (not a replay): counted, and said in the log with its id. */
export function swapCreated(swapId: string): void {
  metrics()?.swapsCreated.inc();
  annotateLog({ swapId });
  log().info({ swapId }, "[bff] swap created");
}

export function webhookAttempted(outcome: WebhookOutcome): void {
  metrics()?.webhookDeliveries.inc({ outcome });
}

/** A checkout step the funnel lost: the request was answered, the ledger never got the step. */
export function funnelStepDropped(step: FunnelStepName, reason: FunnelDropReason): void {
  metrics()?.funnelStepsDropped.inc({ step, reason });
}

/** How the backlog gauge learns the outbox's size when scraped (the ledger sets it when webhooks start). */
export function watchWebhookBacklog(pending: () => Promise<number>): void {
  const m = metrics();
  if (m) m.sources.webhookBacklog = pending;
}

/** A status served to a browser, read upstream at `asOf` (ms). */
export function statusServed(asOf: number): void {
  metrics()?.statusAge.observe(Math.max(0, (Date.now() - asOf) / 1000));
}
