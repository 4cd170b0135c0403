// The operator dashboard's routes in the OpenAPI document (a session cookie from POST
// /api/partner/session): login, the ledger's reads and exports, webhooks and widget signing.
import { z } from "zod";
import {
  dashboardFilterSchema,
  dashboardQuerySchema,
  dashboardSummaryQuerySchema,
  dashboardSwapQuerySchema,
  webhookDeliveryIdPattern,
  webhookLogQuerySchema,
} from "../dashboard";
import { funnelQuerySchema, volumeQuerySchema } from "../funnel";
import { swapIdPattern } from "../partner";
import { common, errorAnswer, json, jsonBodyErrors, ok, queryParameters } from "./builders";

const idPattern = (pattern: RegExp) => `^${pattern.source.replace(/^\^|\$$/g, "")}$`;
const sessionCookie = [{ operatorSession: [] }];
const ledgerAnswerHeaders = {
  "x-ledger-as-of": { $ref: "#/components/headers/LedgerAsOf" },
  "x-ledger-in-sync-at": { $ref: "#/components/headers/LedgerInSyncAt" },
  "x-ledger-loading": { $ref: "#/components/headers/LedgerLoading" },
};
/** The answers with reward totals also say how many completed swaps' rewards those leave out. */
const totalsAnswerHeaders = {
  ...ledgerAnswerHeaders,
  "x-ledger-rewards-pending": { $ref: "#/components/headers/LedgerRewardsPending" },
};
const operatorErrors = {
  "401": errorAnswer("No operator session, or one that has ended.", ["unauthorized"]),
  "404": errorAnswer("The dashboard is off on this server (no PARTNER_DASHBOARD_PASSWORD), or no such record.", [
    "not_found",
    "swap_not_found",
  ]),
  ...common,
};
const ledgerRead = (
  operationId: string,
  summary: string,
  query: z.core.$ZodType,
  answer: object,
  extra: object[] = [],
) => ({
  get: {
    operationId,
    summary,
    security: sessionCookie,
    parameters: [...extra, ...queryParameters(query)],
    responses: { "200": answer, ...operatorErrors },
  },
});

export function partnerPaths() {
  return {
    "/api/partner/session": {
      post: {
        operationId: "operatorLogin",
        summary:
          "Opens an operator session: sets the session cookie (HttpOnly) and answers when it expires. Logins are limited per client and per device.",
        requestBody: { required: true, content: json("OperatorLogin") },
        responses: {
          "200": ok("Logged in; `set-cookie` carries the session.", "OperatorSession"),
          "401": errorAnswer("The password is not correct.", ["unauthorized"]),
          "404": errorAnswer("The dashboard is off on this server.", ["not_found"]),
          ...common,
          ...jsonBodyErrors,
        },
      },
      delete: {
        operationId: "operatorLogout",
        summary: "Ends the session on the server (a copy of the cookie stops working too) and clears the cookie.",
        responses: {
          "204": {
            description: "Logged out.",
            headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
          },
          ...common,
        },
      },
    },
    "/api/partner/swaps": ledgerRead(
      "operatorSwaps",
      "The partner's swaps from the ledger, newest first, with totals over every filtered row.",
      dashboardQuerySchema,
      ok("A page of swaps and the totals.", "DashboardSwapList", totalsAnswerHeaders),
    ),
    "/api/partner/swaps/{id}": ledgerRead(
      "operatorSwap",
      "One swap with its status history; `refresh=true` reads it live upstream first.",
      dashboardSwapQuerySchema,
      ok("The swap and its history.", "DashboardSwapDetail", ledgerAnswerHeaders),
      [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: idPattern(swapIdPattern) } }],
    ),
    "/api/partner/swaps.csv": ledgerRead(
      "operatorSwapsCsv",
      "Every filtered swap as CSV (every field quoted, no cell starts a formula). One export per session at a time: another meanwhile is 429 `rate_limited` with Retry-After.",
      dashboardFilterSchema,
      {
        description: "The CSV, as an attachment.",
        headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...ledgerAnswerHeaders },
        content: { "text/csv": { schema: { type: "string" } } },
      },
    ),
    "/api/partner/summary": ledgerRead(
      "operatorSummary",
      "Totals and swaps per day, with reward USDC, for the filter.",
      dashboardSummaryQuerySchema,
      ok("Totals and days.", "DashboardSummary", totalsAnswerHeaders),
    ),
    "/api/partner/funnel": ledgerRead(
      "operatorFunnel",
      "Where checkouts are lost: the orders first quoted in the period (inclusive), by stage, ending and drop-off reason, optionally grouped by pair, locale, origin or UTC day.",
      funnelQuerySchema,
      ok("The funnel.", "Funnel", ledgerAnswerHeaders),
    ),
    "/api/partner/funnel.csv": ledgerRead(
      "operatorFunnelCsv",
      "The funnel as CSV: the period's row (key `all`), then one row per group.",
      funnelQuerySchema,
      {
        description: "The CSV, as an attachment.",
        headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...ledgerAnswerHeaders },
        content: { "text/csv": { schema: { type: "string" } } },
      },
    ),
    "/api/partner/volume": ledgerRead(
      "operatorVolume",
      "What the period's completed swaps moved, per asset sent, exact; in USDC only where a side of the swap is a USD stablecoin (no price is assumed).",
      volumeQuerySchema,
      ok("Volume per asset sent.", "Volume", ledgerAnswerHeaders),
    ),
    "/api/partner/webhooks": ledgerRead(
      "operatorWebhooks",
      "The webhook delivery log, newest first.",
      webhookLogQuerySchema,
      ok("A page of deliveries.", "WebhookLog", ledgerAnswerHeaders),
    ),
    "/api/partner/webhooks/{id}/redeliver": {
      post: {
        operationId: "operatorRedeliver",
        summary: "Queues a webhook event again at once.",
        security: sessionCookie,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", pattern: idPattern(webhookDeliveryIdPattern) },
          },
        ],
        responses: { "200": ok("Queued.", "Redelivery"), ...operatorErrors },
      },
    },
    "/api/partner/widget-config": {
      post: {
        operationId: "operatorSignWidgetConfig",
        summary:
          "Signs a widget `config` with this server's `widget-config` key (what `npm run widget:sign` prints), for the embed page. `exp` must be in the future and at most a year ahead.",
        security: sessionCookie,
        requestBody: { required: true, content: json("WidgetConfig") },
        responses: { "200": ok("The signed config.", "SignedWidgetConfig"), ...operatorErrors, ...jsonBodyErrors },
      },
    },
  };
}
