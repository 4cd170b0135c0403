// The operator dashboard's API (DESIGN "The dashboard's contract"): login body, list and CSV
// queries, and the list answer — the spec's envelope plus totals over every filtered row.
import * as z from "zod/mini";
import "./zod";
import {
  decimalStringSchema,
  isoDateTimeSchema,
  queryInt,
  statusListQuerySchema,
  swapListItemSchema,
  swapListSchema,
  swapStatusSchema,
  swapStatuses,
  type SwapStatus,
} from "./partner";

export const dashboardSessionBodySchema = z.strictObject({
  password: z.string().check(z.minLength(1, "is required"), z.maxLength(1024)),
});

export const DASHBOARD_PAGE_SIZE = 25;

/** `status=completed,failed`: each a spec status, each once, kept in the spec's order. */
const statusListSchema = z.pipe(
  statusListQuerySchema,
  z.transform((list: SwapStatus[]) =>
    [...new Set(list)].sort((a, b) => swapStatuses.indexOf(a) - swapStatuses.indexOf(b)),
  ),
);

const filterShape = {
  /** A swap id, externalId, customerId, or a deposit or payout address, matched exactly. */
  // No control characters: none is in an id or an address, and Postgres refuses a NUL in text.
  q: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(200, "is too long"),
        z.regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters"),
      ),
  ),
  status: z.optional(statusListSchema),
  createdFrom: z.optional(isoDateTimeSchema),
  createdTo: z.optional(isoDateTimeSchema),
};

const rangeInOrder = (query: { createdFrom?: string | undefined; createdTo?: string | undefined }) =>
  !query.createdFrom || !query.createdTo || Date.parse(query.createdFrom) <= Date.parse(query.createdTo);
const rangeMessage = { message: "createdFrom must not be after createdTo", path: ["createdFrom"] };

/** Which swaps: the filters both the list and the CSV take. */
export const dashboardFilterSchema = z.strictObject(filterShape).check(z.refine(rangeInOrder, rangeMessage));
export type DashboardFilter = z.output<typeof dashboardFilterSchema>;

export const dashboardQuerySchema = z
  .strictObject({
    ...filterShape,
    limit: z._default(queryInt(1, 100), DASHBOARD_PAGE_SIZE),
    offset: z._default(queryInt(0, 1_000_000_000), 0),
  })
  .check(z.refine(rangeInOrder, rangeMessage));
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** USDC rewards summed exactly per reward status. */
const dashboardTotalsSchema = z.object({
  count: z.int().check(z.gte(0)),
  rewardUsdc: z.object({ available: decimalStringSchema, claiming: decimalStringSchema, claimed: decimalStringSchema }),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

export const dashboardSwapListSchema = z.extend(swapListSchema, { totals: dashboardTotalsSchema });
export type DashboardSwapList = z.infer<typeof dashboardSwapListSchema>;

/** An IANA time zone this runtime knows ("Europe/Berlin", "UTC"); the browser's own is what the dashboard sends. */
const isKnownTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
};
export const timeZoneSchema = z
  .string()
  .check(
    z.maxLength(64, "is too long"),
    z.regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, "must be an IANA time zone name"),
    z.refine(isKnownTimeZone, "is not a known time zone"),
  );

/**
 * The summary takes the filters without a search, and the time zone whose calendar days the chart
 * counts (`tz`, UTC when not given): the operator's days, the same ones the date filters pick.
 */
export const dashboardSummaryQuerySchema = z
  .strictObject({
    status: filterShape.status,
    createdFrom: filterShape.createdFrom,
    createdTo: filterShape.createdTo,
    tz: z.optional(timeZoneSchema),
  })
  .check(z.refine(rangeInOrder, rangeMessage));
export type DashboardSummaryQuery = z.output<typeof dashboardSummaryQuerySchema>;

const dashboardDailySchema = z.object({
  date: z.string(),
  count: z.int(),
  completed: z.int(),
  rewardUsdc: decimalStringSchema,
});
export const dashboardSummarySchema = z.object({ totals: dashboardTotalsSchema, daily: z.array(dashboardDailySchema) });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** `refresh=true` reads the swap live upstream first (one call in the dashboard's budget class). */
export const dashboardSwapQuerySchema = z.strictObject({ refresh: z.optional(z.enum(["true", "false"])) });

const statusHistoryEntrySchema = z.object({ status: swapStatusSchema, seenAt: isoDateTimeSchema });
export const dashboardSwapDetailSchema = z.extend(swapListItemSchema, { history: z.array(statusHistoryEntrySchema) });
export type DashboardSwapDetail = z.infer<typeof dashboardSwapDetailSchema>;

export const webhookDeliveryIdPattern = /^msg_[0-9a-f]{32}$/;
export const webhookDeliveryIdSchema = z.string().check(z.regex(webhookDeliveryIdPattern, "is not a delivery id"));

export const webhookLogQuerySchema = z.strictObject({
  limit: z._default(queryInt(1, 100), DASHBOARD_PAGE_SIZE),
  offset: z._default(queryInt(0, 1_000_000_000), 0),
});

const webhookDeliverySchema = z.object({
  id: z.string(),
  type: z.enum(["swap.created", "swap.status_changed", "order.abandoned"]),
  /** The swap the event is about; for `order.abandoned`, the order's externalId. */
  swapId: z.string(),
  attempts: z.int().check(z.gte(0)),
  status: z.enum(["pending", "delivered", "failed"]),
  lastResponse: z.nullable(z.string()),
  nextAttemptAt: z.nullable(isoDateTimeSchema),
  createdAt: isoDateTimeSchema,
  deliveredAt: z.nullable(isoDateTimeSchema),
});
export const webhookLogSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.int().check(z.gte(0)),
});
export type WebhookLog = z.infer<typeof webhookLogSchema>;

export const dashboardCsvColumns = [
  "id",
  "createdAt",
  "status",
  "fromAmount",
  "fromToken",
  "fromNetwork",
  "toEstimatedAmount",
  "toToken",
  "toNetwork",
  "externalId",
  "customerId",
  "bps",
  "rewardAmountUsdc",
  "rewardStatus",
] as const;
