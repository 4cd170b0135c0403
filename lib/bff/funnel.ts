// The steps of each checkout order, written to the ledger for the dashboard's funnel (DESIGN "The
// funnel"). Off the request's critical path: a step is queued and the answer goes out at once; a
// slow ledger never slows a quote, and a ledger that is down loses the step, counted
// (swap_checkout_funnel_steps_dropped_total), never the request. Nothing here keeps an address,
// an IP or a token: an order is its externalId.
import "server-only";
import { config } from "@/lib/config";
import { chooseLocale, localeCookie } from "@/lib/i18n/locales";
import { processSingleton } from "@/lib/process-singleton";
import { within } from "@/lib/timing";
import { recordFunnelStep, type FunnelStep } from "@/lib/ledger/funnel";
import { funnelStepDropped, type FunnelDropReason } from "@/lib/observability/metrics";
import type { Quote } from "@/lib/schema/partner";
import { forLog, isApiError } from "./http/errors";
import { ledger } from "./ledger";

/** What the page that asked for an order's first quote says of itself. */
export type OrderContext = { locale: string; origin: string };

/** The widget's own headers: its `locale=` and its host page's origin as the browser names it. */
const widgetLocaleHeader = "x-widget-locale";
const widgetOriginHeader = "x-widget-origin";

const MAX_QUEUED = 2_000;
const LEDGER_WAIT_MS = 3_000;
const WRITE_WAIT_MS = 5_000;
const WARN_EVERY_MS = 60_000;

const queue = processSingleton("funnel-queue", () => ({
  steps: [] as FunnelStep[],
  draining: false,
  dropped: 0,
  warnedAt: 0,
}));

const why: Record<FunnelDropReason, string> = {
  queue_full: "queue full",
  ledger_unavailable: "the ledger does not answer",
  ledger_timeout: "the ledger is too slow",
  ledger_error: "the ledger refused the write",
  unknown_order: "no such order in the ledger",
};

/** A step lost: counted by step and reason; a fault of the ledger or the queue is also said, once a minute at most. */
function drop(step: FunnelStep, reason: FunnelDropReason, detail?: string) {
  funnelStepDropped(step.kind, reason);
  // An order this ledger never saw quoted (another deployment's token, a quote step itself lost) is no fault.
  if (reason === "unknown_order") return;
  queue.dropped++;
  const now = Date.now();
  if (now - queue.warnedAt < WARN_EVERY_MS) return;
  queue.warnedAt = now;
  console.warn(
    `[funnel] a checkout step was not recorded (${why[reason]}${detail ? `: ${detail}` : ""}); ${queue.dropped} lost since start (swap_checkout_funnel_steps_dropped_total)`,
  );
}

/** Queues a step and returns at once. */
function noteFunnelStep(step: FunnelStep): void {
  if (queue.steps.length >= MAX_QUEUED) return drop(step, "queue_full");
  queue.steps.push(step);
  if (!queue.draining) setImmediate(() => void drain());
}

async function drain() {
  if (queue.draining) return;
  queue.draining = true;
  try {
    while (queue.steps.length) {
      const step = queue.steps.shift()!;
      try {
        const connection = await within(
          ledger().catch(() => undefined),
          LEDGER_WAIT_MS,
        );
        // null: the ledger is off on this server (Redis without Postgres); there is no funnel to feed.
        if (connection === null) continue;
        if (!connection) {
          drop(step, "ledger_unavailable");
          continue;
        }
        // A database that hangs holds this queue no longer than this; the step is then lost.
        const recorded = await within(recordFunnelStep(connection.db, step), WRITE_WAIT_MS);
        if (recorded === undefined) drop(step, "ledger_timeout");
        else if (!recorded) drop(step, "unknown_order");
      } catch (error) {
        drop(step, "ledger_error", forLog(error));
      }
    }
  } finally {
    queue.draining = false;
  }
}

const cookieValue = (header: string | null, name: string) =>
  header
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([key]) => key === name)?.[1] ?? null;

/**
 * Locale and origin of the page asking. The locale as the page chose it: the `locale` cookie, the
 * widget's `locale=` (it sends it in x-widget-locale), Accept-Language, English. The origin is
 * `direct` unless the widget says where it is framed (x-widget-origin); then that origin if the
 * app allows it (WIDGET_ALLOWED_ORIGINS, PUBLIC_ORIGINS), else `widget`: any other value would let
 * a caller write what it likes into a partner's dashboard.
 */
export function orderContextOf(req: Request): OrderContext {
  const locale = chooseLocale({
    param: req.headers.get(widgetLocaleHeader)?.slice(0, 35) ?? null,
    cookie: cookieValue(req.headers.get("cookie"), localeCookie),
    acceptLanguage: req.headers.get("accept-language"),
  });
  const said = req.headers.get(widgetOriginHeader);
  if (said === null) return { locale, origin: "direct" };
  const c = config();
  const allowed = new Set([...c.WIDGET_ALLOWED_ORIGINS, ...c.PUBLIC_ORIGINS]);
  return { locale, origin: allowed.has(said) ? said : "widget" };
}

const assetOf = (side: { token: string; network: string }) => `${side.token.toUpperCase()}.${side.network}`;

export function noteQuoted(quote: Quote, externalId: string, context: OrderContext): void {
  noteFunnelStep({
    kind: "quote",
    at: new Date(),
    externalId,
    quoteId: quote.id,
    expiresAt: new Date(quote.expiresAt),
    pair: `${assetOf(quote.from)}>${assetOf(quote.to)}`,
    receive: assetOf(quote.to),
    ...context,
  });
}

export function noteAddressChecked(
  externalId: string | null,
  asset: { token: string; network: string },
  valid: boolean,
): void {
  if (externalId) noteFunnelStep({ kind: "address", at: new Date(), externalId, asset: assetOf(asset), valid });
}

/** A refusal of a swap's creation that the funnel names: the quote's order met it. */
export function noteSwapRefusal(quoteId: string, code: string | undefined): void {
  const kind =
    code === "quote_expired"
      ? "quote_expired"
      : code === "quote_already_used"
        ? "quote_taken"
        : code === "rate_limited"
          ? "rate_limited"
          : null;
  if (kind) noteFunnelStep({ kind, at: new Date(), quoteId });
}

/**
 * Runs a request tied to an order (by a verified order token) and notes a 429 of our own limits
 * against that order before the refusal goes out.
 */
export async function notingLimits<T>(externalId: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (externalId && isApiError(error) && error.code === "rate_limited")
      noteFunnelStep({ kind: "rate_limited", at: new Date(), externalId });
    throw error;
  }
}
