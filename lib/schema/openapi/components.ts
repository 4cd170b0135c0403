// The OpenAPI document's components: the shared headers, the operator session's security scheme,
// and every request and answer body as JSON Schema from the zod schemas the routes use.
import { z } from "zod";
import {
  addressAnswerSchema,
  addressBodySchema,
  bffErrorBodySchema,
  bffErrorCodes,
  depositBodySchema,
  quoteAnswerSchema,
  quoteBodySchema,
  seedBodySchema,
  swapAnswerSchema,
  swapBodySchema,
  swapCreatedSchema,
  swapEmailAnswerSchema,
  swapEmailBodySchema,
} from "../bff";
import {
  dashboardSessionBodySchema,
  dashboardSummarySchema,
  dashboardSwapDetailSchema,
  dashboardSwapListSchema,
  webhookLogSchema,
} from "../dashboard";
import { funnelSchema, volumeSchema } from "../funnel";
import { assetListSchema } from "../partner";
import { widgetConfigSchema } from "../widget";
import { jsonSchema } from "./builders";

export function openApiComponents() {
  return {
    headers: {
      RequestId: {
        description: "This request's id, also in error bodies and server logs.",
        schema: { type: "string" },
      },
      RetryAfter: {
        description: "Seconds to wait before trying again.",
        schema: { type: "string", pattern: "^[0-9]+$" },
      },
      LedgerAsOf: {
        description: "The last time the ledger read the upstream's list (ISO 8601).",
        schema: { type: "string", format: "date-time" },
      },
      LedgerInSyncAt: {
        description:
          "The last reconciliation that found the ledger and the upstream in agreement (ISO 8601); absent before the first.",
        required: false,
        schema: { type: "string", format: "date-time" },
      },
      LedgerRewardsPending: {
        description:
          "Present while completed swaps of the filter have no reward in the ledger yet (learnt of from a live read, which carries no commission; the ledger is fetching it from the list): how many. The reward totals leave them out meanwhile.",
        required: false,
        schema: { type: "string", pattern: "^[0-9]+$" },
      },
      LedgerLoading: {
        description:
          "Present while the ledger reads the provider's whole history (its first start, or after the sandbox's seed): the swaps read so far. Totals fall short of the provider's meanwhile.",
        required: false,
        schema: { type: "string", pattern: "^[0-9]+$" },
      },
    },
    securitySchemes: {
      operatorSession: {
        type: "apiKey",
        in: "cookie",
        name: "swap_dashboard",
        description: "The operator session POST /api/partner/session sets.",
      },
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
      Error: {
        ...jsonSchema(bffErrorBodySchema, "output"),
        description: `\`error.code\` is one of: ${bffErrorCodes.join(", ")}.`,
      },
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
            description:
              "The dashboard's ledger and webhooks: said, never counted in `status` (the checkout works without it).",
          }),
          appSecret: z.optional(z.string()).meta({
            description:
              "Present when another instance on the same Redis has another APP_SECRET: its swap links do not open here. Not counted in `status`.",
          }),
        }),
        "output",
      ),
    },
  };
}
