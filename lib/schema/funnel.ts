// The dashboard's funnel (DESIGN "The funnel"): its query and its answer, exact.
import * as z from "zod/mini";
import "./zod";
import { isoDateTimeSchema } from "./partner";

export const funnelGroupings = ["pair", "locale", "origin", "day"] as const;

export const funnelQuerySchema = z
  .strictObject({
    createdFrom: z.optional(isoDateTimeSchema),
    createdTo: z.optional(isoDateTimeSchema),
    groupBy: z.optional(z.enum(funnelGroupings, "must be pair, locale, origin or day")),
  })
  .check(
    z.refine((q) => !q.createdFrom || !q.createdTo || Date.parse(q.createdFrom) <= Date.parse(q.createdTo), {
      message: "createdFrom must not be after createdTo",
      path: ["createdFrom"],
    }),
  );
export type FunnelQuery = z.output<typeof funnelQuerySchema>;

const count = z.int().check(z.gte(0));
const funnelStagesSchema = z.object({
  quoted: count,
  addressChecked: count,
  swapCreated: count,
  depositSeen: count,
  completed: count,
});
const funnelEndingsSchema = z.object({
  completed: count,
  refunded: count,
  failed: count,
  expired: count,
  abandoned: count,
});

export const funnelSchema = z.object({
  /** The period as asked (inclusive), null where open. */
  from: z.nullable(isoDateTimeSchema),
  to: z.nullable(isoDateTimeSchema),
  stages: funnelStagesSchema,
  endings: funnelEndingsSchema,
  dropOff: z.object({ quoteExpired: count, addressInvalid: count, quoteTaken: count, refusedByLimit: count }),
  medianSecondsToComplete: z.nullable(z.number()),
  groups: z.optional(z.array(z.object({ key: z.string(), stages: funnelStagesSchema, endings: funnelEndingsSchema }))),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** The funnel's CSV: the whole period first (key `all`), then a row per group. */
export const funnelCsvColumns = [
  "key",
  "quoted",
  "addressChecked",
  "swapCreated",
  "depositSeen",
  "completed",
  "refunded",
  "failed",
  "expired",
  "abandoned",
  "quoteExpired",
  "addressInvalid",
  "quoteTaken",
  "refusedByLimit",
  "medianSecondsToComplete",
] as const;

/** The volume the dashboard's cards show: completed swaps created in the period. */
export const volumeQuerySchema = z
  .strictObject({ createdFrom: z.optional(isoDateTimeSchema), createdTo: z.optional(isoDateTimeSchema) })
  .check(
    z.refine((q) => !q.createdFrom || !q.createdTo || Date.parse(q.createdFrom) <= Date.parse(q.createdTo), {
      message: "createdFrom must not be after createdTo",
      path: ["createdFrom"],
    }),
  );

export const volumeSchema = z.object({
  from: z.nullable(isoDateTimeSchema),
  to: z.nullable(isoDateTimeSchema),
  /**
   * Per asset sent (`BTC.bitcoin`): its completed swaps and the amount sent, exact; `usdc` sums the
   * `usdcSwaps` of them whose value in dollars is known without a price (a USD stablecoin on
   * either side), null when none is.
   */
  assets: z.array(
    z.object({
      asset: z.string(),
      swaps: z.int().check(z.gte(0)),
      amount: z.string(),
      usdc: z.nullable(z.string()),
      usdcSwaps: z.int().check(z.gte(0)),
    }),
  ),
});
export type Volume = z.infer<typeof volumeSchema>;
export type VolumeQuery = z.output<typeof volumeQuerySchema>;
