// The small builders every part of the OpenAPI document uses: a zod schema as JSON Schema, a
// query schema as parameters, and the answers (errors, successes) shared by the routes.
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/** One schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its own `$schema` line. */
export function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

/** A query schema (a flat object of strings) as OpenAPI query parameters, one per property. */
export function queryParameters(schema: z.core.$ZodType) {
  const { properties = {}, required = [] } = jsonSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.includes(name),
    schema: property,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (name: string) => ({ "application/json": { schema: ref(name) } });

/** Every error answer has one shape; `code` is the contract, `message` is for people. */
export const errorAnswer = (description: string, codes: readonly string[]) => ({
  description: `${description} Codes: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
  headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
  content: json("Error"),
});

export const common = {
  "400": errorAnswer("The request does not match its schema.", ["validation_error"]),
  "403": errorAnswer("A browser request from another site (`Origin` or `Sec-Fetch-Site`).", ["forbidden_origin"]),
  "405": errorAnswer("The method is not one this path serves (`Allow` names the ones it does).", [
    "method_not_allowed",
  ]),
  "429": {
    ...errorAnswer("This client's limit or the key's upstream budget is spent; `Retry-After` says when to try again.", [
      "rate_limited",
    ]),
    headers: {
      "x-request-id": { $ref: "#/components/headers/RequestId" },
      "retry-after": { $ref: "#/components/headers/RetryAfter" },
    },
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
export const beforeRouteErrors = { "400": common["400"], "403": common["403"], "405": common["405"] };
export const jsonBodyErrors = {
  "413": errorAnswer("The body is larger than 16 KiB.", ["payload_too_large"]),
  "415": errorAnswer("The body is not `application/json`.", ["unsupported_media_type"]),
};
export const ok = (description: string, schema: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { "x-request-id": { $ref: "#/components/headers/RequestId" }, ...headers },
  content: json(schema),
});
