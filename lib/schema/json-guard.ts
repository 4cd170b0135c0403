// A small checker for the JSON Schema subset z.toJSONSchema emits for our answer schemas (type,
// properties, required, items, enum, const, pattern, lengths, bounds, anyOf, allOf, record
// values). Like the zod schemas it comes from, it tolerates unknown properties. No eval, no
// dependencies: the browser checks our BFF's answers with it instead of shipping a schema library.

export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly properties?: { readonly [key: string]: JsonSchema };
  readonly required?: readonly string[];
  readonly additionalProperties?: JsonSchema | boolean;
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly [other: string]: unknown;
};

const patterns = new Map<string, RegExp>();
const regex = (source: string) => {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source)));
  return re;
};

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

export function matchesSchema(schema: JsonSchema, value: unknown): boolean {
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type;
    if (!types.some((t) => typeMatches(t, value))) return false;
  }
  if (schema.anyOf && !schema.anyOf.some((s) => matchesSchema(s, value))) return false;
  if (schema.allOf && !schema.allOf.every((s) => matchesSchema(s, value))) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if ("const" in schema && schema.const !== value) return false;
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !regex(schema.pattern).test(value)) return false;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    if (!value.every((item) => matchesSchema(items, item))) return false;
  }
  if (typeMatches("object", value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) return false;
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (key in record && record[key] !== undefined && !matchesSchema(sub, record[key])) return false;
    }
    const extra = schema.additionalProperties;
    if (typeof extra === "object") {
      for (const [key, item] of Object.entries(record))
        if (!schema.properties?.[key] && !matchesSchema(extra, item)) return false;
    }
  }
  return true;
}
