// The browser's view of the BFF's answers: a check per answer, from JSON Schema generated from the
// zod schemas (answer-schemas.ts), with the zod-inferred types. Same `safeParse` shape as a zod
// schema, so lib/checkout/api.ts takes either.
import type { BffErrorBody, QuoteAnswer, SwapCreated } from "./bff";
import type { DashboardSwapList } from "./dashboard";
import type { AddressValidation, AssetList, Swap } from "./partner";
import { answerJsonSchemas } from "./answer-schemas.generated";
import { matchesSchema, type JsonSchema } from "./json-guard";

export type AnswerCheck<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

type AnswerName = keyof typeof answerJsonSchemas.$defs;

function check<T>(name: AnswerName): AnswerCheck<T> {
  const schema: JsonSchema = answerJsonSchemas.$defs[name];
  return { safeParse: (value) => (matchesSchema(schema, value, answerJsonSchemas) ? { success: true, data: value as T } : { success: false }) };
}

export const assetListAnswer = check<AssetList>("assetList");
export const addressAnswer = check<AddressValidation>("addressAnswer");
export const quoteAnswer = check<QuoteAnswer>("quoteAnswer");
export const swapCreatedAnswer = check<SwapCreated>("swapCreated");
export const swapAnswer = check<Swap>("swap");
export const bffErrorAnswer = check<BffErrorBody>("bffErrorBody");
export const dashboardSwapListAnswer = check<DashboardSwapList>("dashboardSwapList");
