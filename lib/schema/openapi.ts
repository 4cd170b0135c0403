// The BFF's browser-facing API as an OpenAPI 3.1 document, built from the very zod schemas the
// route handlers parse with and answer by (zod 4's JSON Schema output), so the document cannot
// drift from the code. Served at GET /api/v1/openapi.json; docs/api.md says the same in prose.
import { z } from "zod";
import {
  addressAnswerSchema,
  addressBodySchema,
  assetsQuerySchema,
  depositBodySchema,
  bffErrorBodySchema,
  bffErrorCodes,
  quoteAnswerSchema,
  quoteBodySchema,
  seedBodySchema,
  swapBodySchema,
  swapAnswerSchema,
  swapCreatedSchema,
  swapEmailAnswerSchema,
  swapEmailBodySchema,
} from "./bff";
import {
  dashboardQuerySchema,
  dashboardSessionBodySchema,
  dashboardSummaryQuerySchema,
  dashboardSummarySchema,
  dashboardSwapDetailSchema,
  dashboardSwapListSchema,
  dashboardSwapQuerySchema,
  dashboardFilterSchema,
  webhookDeliveryIdPattern,
  webhookLogQuerySchema,
  webhookLogSchema,
} from "./dashboard";
import { funnelQuerySchema, funnelSchema, volumeQuerySchema, volumeSchema } from "./funnel";
import { assetListSchema, swapIdPattern } from "./partner";
import { widgetConfigSchema } from "./widget";

type JsonSchema = Record<string, unknown>;

/** One schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its own `$schema` line. */
function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

/** A query schema (a flat object of strings) as OpenAPI query parameters, one per property. */
function queryParameters(schema: z.core.$ZodType) {
  const { properties = {}, required = [] } = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({ name, in: "query", required: required.includes(name), schema: property }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ "application/json": { schema: ref(name) } });

/** Every error answer has one shape; `code` is the contract, `message` is for people. */
const errorAnswer = (description: string, codes: readonly string[]) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
  headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
  content: json("Error"),
});

const common = {
  "400": errorAnswer("The request does not match its schema.", ["validation_error"]),
  "403": errorAnswer("A browser request from another site (`Origin` or `Sec-Fetch-Site`).", ["forbidden_origin"]),
  "405": errorAnswer("The method is not one this path serves (`Allow` names the ones it does).", ["method_not_allowed"]),
  "429": {
    ...errorAnswer("This client's limit or the key's upstream budget is spent; `Retry-After` says when to try again.", ["rate_limited"]),
    headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, "retry-after": { $ref: "#/components/headers/RetryAfter" } },
  },
  "5XX": errorAnswer("The upstream failed, timed out or answered something unreadable.", [
    "internal_error",
    "upstream_error",
    "provider_unavailable",
    "service_unavailable",
    "upstream_timeout",
  ]),
};
/** What any route can answer before its own work: a stray query, another site, another method. */
const beforeRouteErrors = { "400": common["400"], "403": common["403"], "405": common["405"] };
const jsonBodyErrors = {
  "413": errorAnswer("The body is larger than 16 KiB.", ["payload_too_large"]),
  "415": errorAnswer("The body is not `application/json`.", ["unsupported_media_type"]),
};
const ok = (description: string, schema: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...headers },
  content: json(schema),
});

const widgetConfigHeader = {
  name: "x-widget-config",
  in: "header",
  required: false,
  description: "A partner's signed widget configuration (see docs/api.md, widget). Verified; a bad one is refused.",
  schema: { type: "string" },
};

/** A swap's own routes: its id in the path, and the access token its creation answered with. */
const swapAccessParameters = [
  { name: "id", in: "path", required: true, schema: { type: "string", pattern: `^${swapIdPattern.source.replace(/^\^|\$$/g, "")}$` } },
  { name: "x-swap-token", in: "header", required: true, schema: { type: "string" } },
];

// ---- the operator dashboard's routes (a session cookie from POST /api/partner/session) ----------

const idPattern = (pattern: RegExp) => `^${pattern.source.replace(/^\^|\$$/g, "")}$`;
const sessionCookie = [{ operatorSession: [] }];
const ledgerAnswerHeaders = {
  "x-ledger-as-of": { $ref: "#/components/headers/LedgerAsOf" },
  "x-ledger-in-sync-at": { $ref: "#/components/headers/LedgerInSyncAt" },
  "x-ledger-loading": { $ref: "#/components/headers/LedgerLoading" },
};
const operatorErrors = {
  "401": errorAnswer("No operator session, or one that has ended.", ["unauthorized"]),
  "404": errorAnswer("The dashboard is off on this server (no PARTNER_DASHBOARD_PASSWORD), or no such record.", ["not_found", "swap_not_found"]),
  ...common,
};
const ledgerRead = (operationId: string, summary: string, query: z.core.$ZodType, answer: object, extra: object[] = []) => ({
  get: { operationId, summary, security: sessionCookie, parameters: [...extra, ...queryParameters(query)], responses: { "200": answer, ...operatorErrors } },
});

function partnerPaths() {
  return {
    "/api/partner/session": {
      post: {
        operationId: "operatorLogin",
        summary: "Opens an operator session: sets the session cookie (HttpOnly) and answers when it expires. Logins are limited per client and per device.",
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
        responses: { "204": { description: "Logged out.", headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } } }, ...common },
      },
    },
    "/api/partner/swaps": ledgerRead(
      "operatorSwaps",
      "The partner's swaps from the ledger, newest first, with totals over every filtered row.",
      dashboardQuerySchema,
      ok("A page of swaps and the totals.", "DashboardSwapList", ledgerAnswerHeaders),
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
      ok("Totals and days.", "DashboardSummary", ledgerAnswerHeaders),
    ),
    "/api/partner/funnel": ledgerRead(
      "operatorFunnel",
      "Where checkouts are lost: the orders first quoted in the period (inclusive), by stage, ending and drop-off reason, optionally grouped by pair, locale, origin or UTC day.",
      funnelQuerySchema,
      ok("The funnel.", "Funnel", ledgerAnswerHeaders),
    ),
    "/api/partner/funnel.csv": ledgerRead("operatorFunnelCsv", "The funnel as CSV: the period's row (key `all`), then one row per group.", funnelQuerySchema, {
      description: "The CSV, as an attachment.",
      headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...ledgerAnswerHeaders },
      content: { "text/csv": { schema: { type: "string" } } },
    }),
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
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: idPattern(webhookDeliveryIdPattern) } }],
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

export function openApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Swap Checkout BFF",
      version: "1.0.0",
      description:
        "The browser-facing API of Swap Checkout. The server holds the partner's API key and calls the upstream Partner Swap API; browsers only ever talk to these routes. Every error answer has the shape `{ error: { code, message, details }, requestId }`.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    paths: {
      "/api/v1/assets": {
        get: {
          operationId: "listAssets",
          summary: "The assets that can be swapped, cached server side for a minute.",
          parameters: queryParameters(assetsQuerySchema),
          responses: { "200": ok("The asset list.", "AssetList", { "cache-control": { schema: { type: "string" } } }), ...common },
        },
      },
      "/api/v1/address": {
        post: {
          operationId: "validateAddress",
          summary: "Checks an address (and memo) for a network and token.",
          requestBody: { required: true, content: json("AddressBody") },
          responses: { "200": ok("The verdict; `valid: false` is an answer, not an error.", "AddressAnswer"), ...common, ...jsonBodyErrors },
        },
      },
      "/api/v1/quote": {
        post: {
          operationId: "createQuote",
          summary: "A quote for an amount, with the order's reference (`externalId`) and a signed `orderToken` to send back on re-quotes.",
          parameters: [widgetConfigHeader],
          requestBody: { required: true, content: json("QuoteBody") },
          responses: {
            "200": ok("The quote.", "QuoteAnswer"),
            ...common,
            ...jsonBodyErrors,
          },
        },
      },
      "/api/v1/swap": {
        post: {
          operationId: "createSwap",
          summary: "Creates the swap for a quote, once per Idempotency-Key: a repeat with the same key and body replays the first answer.",
          parameters: [{ name: "idempotency-key", in: "header", required: true, schema: { type: "string", format: "uuid" } }, widgetConfigHeader],
          requestBody: { required: true, content: json("SwapBody") },
          responses: {
            "200": ok("The swap and the access token that opens it.", "SwapCreated", {
              "idempotent-replayed": { description: "`true` when this answer is a replay of the first.", schema: { type: "string", enum: ["true"] } },
            }),
            "404": errorAnswer("The quote does not exist.", ["quote_not_found"]),
            "409": {
              ...errorAnswer("The quote made a swap for someone else, or the first request with this key is still running (then with `Retry-After`).", [
                "quote_already_used",
                "request_in_progress",
              ]),
              headers: {
                "x-request-id": { $ref: "#/components/headers/RequestId" },
                "retry-after": {
                  description: "With `request_in_progress`: seconds to wait before repeating the request.",
                  required: false,
                  schema: { type: "string", pattern: "^[0-9]+$" },
                },
              },
            },
            "422": errorAnswer("This Idempotency-Key was used with another body.", ["idempotency_mismatch"]),
            ...common,
            "400": errorAnswer("The request does not match its schema, or the quote expired or cannot be swapped.", [
              "validation_error",
              "quote_expired",
              "unsupported_asset",
              "unsupported_pair",
              "unsupported_memo",
            ]),
            ...jsonBodyErrors,
          },
        },
      },
      "/api/v1/swap/{id}": {
        get: {
          operationId: "readSwap",
          summary: "A swap, for the holder of its access token, as fresh as the upstream budget allows.",
          parameters: swapAccessParameters,
          responses: {
            "200": ok("The swap.", "Swap", {
              "x-status-as-of": {
                description:
                  "When the upstream state behind this answer is known to have held (ISO 8601): the time of a live read; for a status from the upstream's list, whose stored state is synchronized about once a minute, a minute before the list was read, or the swap's own last change where that is later.",
                schema: { type: "string", format: "date-time" },
              },
            }),
            "404": errorAnswer("No such swap, or a missing or wrong token: the two are indistinguishable.", ["swap_not_found"]),
            ...common,
          },
        },
      },
      "/api/v1/swap/{id}/email": {
        post: {
          operationId: "emailSwapLink",
          summary:
            "With SMTP_URL and MAIL_FROM set (404 otherwise): e-mails the swap's status link, token in the fragment, in the language given. 10 an hour per client, 3 an hour per address; the address is kept nowhere.",
          parameters: swapAccessParameters,
          requestBody: { required: true, content: json("SwapEmailBody") },
          responses: {
            "200": ok("Sent.", "SwapEmailAnswer"),
            "404": errorAnswer("Mail is off, or no such swap or a missing or wrong token.", ["not_found", "swap_not_found"]),
            "502": errorAnswer("The mail server refused or could not be reached.", ["upstream_error"]),
            ...common,
            ...jsonBodyErrors,
          },
        },
      },
      "/api/sandbox/swaps/{id}/deposit": {
        post: {
          operationId: "simulateDeposit",
          summary: "Embedded sandbox only (404 otherwise): the user's deposit, full by default, and the outcome the swap will reach.",
          parameters: swapAccessParameters,
          requestBody: { required: true, content: json("DepositBody") },
          responses: {
            "200": ok("The swap, deposit detected.", "Swap"),
            "404": errorAnswer("Not in embedded sandbox mode, or no such swap or a wrong token.", ["not_found", "swap_not_found"]),
            ...common,
            ...jsonBodyErrors,
          },
        },
      },
      "/api/sandbox/seed": {
        post: {
          operationId: "seedSandbox",
          summary: "Embedded sandbox only (404 otherwise): fills the sandbox with swaps.",
          requestBody: { required: true, content: json("SeedBody") },
          responses: {
            "200": ok("What was made.", "SeedAnswer"),
            "404": errorAnswer("Not in embedded sandbox mode.", ["not_found"]),
            ...common,
            ...jsonBodyErrors,
          },
        },
      },
      "/api/v1/openapi.json": {
        get: {
          operationId: "openApi",
          summary: "This document.",
          responses: {
            "200": {
              description: "OpenAPI 3.1. The same for everyone: cacheable for five minutes.",
              headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, "cache-control": { schema: { type: "string" } } },
              content: { "application/json": { schema: { type: "object" } } },
            },
            ...beforeRouteErrors,
            "429": common["429"],
          },
        },
      },
      "/api/health": {
        get: {
          operationId: "health",
          summary: "Liveness: the process answers.",
          responses: { "200": ok("Alive.", "Health"), ...beforeRouteErrors },
        },
      },
      ...partnerPaths(),
      "/api/ready": {
        get: {
          operationId: "ready",
          summary: "Readiness: the upstream and the store answer (the ledger is reported, not counted). The upstream check is reused for 30 s.",
          responses: { "200": ok("Ready.", "Readiness"), "503": ok("Not ready; the body says which part is not.", "Readiness"), ...beforeRouteErrors },
        },
      },
    },
    components: {
      headers: {
        RequestId: { description: "This request's id, also in error bodies and server logs.", schema: { type: "string" } },
        RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "string", pattern: "^[0-9]+$" } },
        LedgerAsOf: { description: "The last time the ledger read the upstream's list (ISO 8601).", schema: { type: "string", format: "date-time" } },
        LedgerInSyncAt: {
          description: "The last reconciliation that found the ledger and the upstream in agreement (ISO 8601); absent before the first.",
          required: false,
          schema: { type: "string", format: "date-time" },
        },
        LedgerLoading: {
          description:
            "Present while the ledger reads the provider's whole history (its first start, or after the sandbox's seed): the swaps read so far. Totals fall short of the provider's meanwhile.",
          required: false,
          schema: { type: "string", pattern: "^[0-9]+$" },
        },
      },
      securitySchemes: {
        operatorSession: { type: "apiKey", in: "cookie", name: "swap_dashboard", description: "The operator session POST /api/partner/session sets." },
      },
      schemas: {
        AssetList: jsonSchema(assetListSchema, "output"),
        AddressBody: jsonSchema(addressBodySchema, "input"),
        AddressAnswer: jsonSchema(addressAnswerSchema, "output"),
        QuoteBody: jsonSchema(quoteBodySchema, "input"),
        QuoteAnswer: jsonSchema(quoteAnswerSchema, "output"),
        SwapBody: jsonSchema(swapBodySchema, "input"),
        SwapCreated: jsonSchema(swapCreatedSchema, "output"),
        Swap: jsonSchema(swapAnswerSchema, "output"),
        DepositBody: jsonSchema(depositBodySchema, "input"),
        SwapEmailBody: jsonSchema(swapEmailBodySchema, "input"),
        SwapEmailAnswer: jsonSchema(swapEmailAnswerSchema, "output"),
        SeedBody: jsonSchema(seedBodySchema, "input"),
        SeedAnswer: jsonSchema(z.object({ created: z.number().int(), ids: z.array(z.string()) }), "output"),
        Error: { ...jsonSchema(bffErrorBodySchema, "output"), description: `\`error.code\` is one of: ${bffErrorCodes.join(", ")}.` },
        Health: jsonSchema(z.object({ status: z.literal("ok") }), "output"),
        OperatorLogin: jsonSchema(dashboardSessionBodySchema, "input"),
        OperatorSession: jsonSchema(z.object({ expiresAt: z.string() }), "output"),
        DashboardSwapList: jsonSchema(dashboardSwapListSchema, "output"),
        DashboardSwapDetail: jsonSchema(dashboardSwapDetailSchema, "output"),
        DashboardSummary: jsonSchema(dashboardSummarySchema, "output"),
        WebhookLog: jsonSchema(webhookLogSchema, "output"),
        WidgetConfig: jsonSchema(widgetConfigSchema, "input"),
        SignedWidgetConfig: jsonSchema(z.object({ config: z.string(), exp: z.number().int() }), "output"),
        Funnel: jsonSchema(funnelSchema, "output"),
        Volume: jsonSchema(volumeSchema, "output"),
        Redelivery: jsonSchema(z.object({ id: z.string(), status: z.literal("pending") }), "output"),
        Readiness: jsonSchema(
          z.object({
            status: z.enum(["ready", "unavailable"]),
            upstream: z.string(),
            store: z.string(),
            ledger: z.enum(["ok", "off", "unavailable", "unknown"]).meta({
              description: "The dashboard's ledger and webhooks: said, never counted in `status` (the checkout works without it).",
            }),
            appSecret: z.optional(z.string()).meta({
              description: "Present when another instance on the same Redis has another APP_SECRET: its swap links do not open here. Not counted in `status`.",
            }),
          }),
          "output",
        ),
      },
    },
  };
}
