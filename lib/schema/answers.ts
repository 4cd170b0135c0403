// The browser's view of the BFF's answers: a check per answer, from JSON Schema generated from the
// zod schemas (answer-schemas.ts), with the zod-inferred types. Same `safeParse` shape as a zod
// schema, so lib/client/bff.ts takes either.
import type { BffErrorBody, QuoteAnswer, SwapAnswer, SwapCreated } from "./bff";
import type { DashboardSwapList } from "./dashboard";
import type { AddressValidation, AssetList } from "./partner";
import * as answerJsonSchemas from "./answer-schemas.generated";
import { matchesSchema, type JsonSchema } from "./json-guard";

export type AnswerCheck<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

function check<T>(schema: JsonSchema): AnswerCheck<T> {
  return {
    safeParse: (value) => (matchesSchema(schema, value) ? { success: true, data: value as T } : { success: false }),
  };
}

export const assetListAnswer = check<AssetList>(answerJsonSchemas.assetList);
export const addressAnswer = check<AddressValidation>(answerJsonSchemas.addressAnswer);
export const quoteAnswer = check<QuoteAnswer>(answerJsonSchemas.quoteAnswer);
export const swapCreatedAnswer = check<SwapCreated>(answerJsonSchemas.swapCreated);
export const swapAnswer = check<SwapAnswer>(answerJsonSchemas.swap);
export const bffErrorAnswer = check<BffErrorBody>(answerJsonSchemas.bffErrorBody);
export const dashboardSwapListAnswer = check<DashboardSwapList>(answerJsonSchemas.dashboardSwapList);
