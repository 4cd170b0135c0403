// The fuzz test's generated values: header text, percent junk, path ids, any JSON, mutated bodies, content types.
import fc from "fast-check";
import { btcToUsdtTron, TRON_ADDRESS } from "./checkout";

/** Header-safe text: what node:http will put on the wire (latin-1, no control characters). */
export const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Percent-escapes, many of them invalid UTF-8 or not escapes at all. */
export const percentJunk = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "%ZZ",
        "%",
        "%2",
        "%FF",
        "%C0%AF",
        "%E0%80",
        "%ED%A0%80",
        "%00",
        "%2F",
        "%2e%2e%2f",
        "%5C",
        "%0A",
        "%25",
        "%u0041",
      ),
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`),
      fc.constantFrom("A", "..", "/", "~", "."),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(""));

export const pathId = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), minLength: 11, maxLength: 13 }),
  fc.constantFrom(
    "..",
    "../..",
    "..%2F..%2Fv1%2Fasset",
    "%2e%2e",
    ".",
    "%20",
    "ABCDEFGHIJKL%00",
    "ABCDEFGHIJKL?x=1",
    "ABCDEFGHIJKL#frag",
    "ABCDEFGHIJK%C3%A9",
  ),
  percentJunk,
  fc.integer({ min: 200, max: 4000 }).map((n) => "A".repeat(n)),
  fc.string({ unit: "binary", maxLength: 30 }).map(encodeURIComponent),
);

/** Any JSON value, and a few values JSON.stringify makes strange. */
export const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -0,
    "",
    "0",
    "0.01",
    "1e-2",
    "NaN",
    [],
    {},
    { __proto__: null },
    "__proto__",
    "constructor",
  ),
  fc.string({ unit: "binary", maxLength: 50 }),
);

const hugeString = fc
  .tuple(fc.integer({ min: 257, max: 17_000 }), fc.constantFrom("x", "é", "😀", "\u0000", "\\", '"'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

function deep(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

const templates: Record<string, () => unknown> = {
  address: () => ({
    network: "bitcoin",
    token: "BTC",
    address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    memo: null,
  }),
  quote: () => ({ ...btcToUsdtTron(), orderToken: "ord_aaaaaaaaaaaaaaaaaaaa.sig" }),
  swap: () => ({
    quoteId: `pq_${"0".repeat(24)}`,
    destination: { address: TRON_ADDRESS, memo: null },
    refundAddress: null,
    notificationEmail: null,
  }),
  deposit: () => ({ amount: "0.01", outcome: "completed" }),
  seed: () => ({ count: 1, statuses: ["completed"] }),
  "dashboard login": () => ({ password: "not-the-password" }),
};

/** A valid body with one leaf replaced, removed, or an unknown field added. */
function mutate(value: unknown, path: number[], replacement: unknown, action: number): unknown {
  if (value === null || typeof value !== "object") return replacement;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || path.length === 0)
    return action === 0 ? replacement : { ...(value as object), unexpected: replacement };
  const [i, ...rest] = path;
  const [key, child] = entries[i! % entries.length]!;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...(value as object) };
  if (action === 1 && rest.length === 0) delete copy[key];
  else if (action === 2 && rest.length === 0) copy[`${key}_extra`] = replacement;
  else copy[key] = mutate(child, rest, replacement, action);
  return copy;
}

export const bodyFor = (route: string) =>
  fc.oneof(
    { weight: 3, arbitrary: anyValue.map((v) => Buffer.from(JSON.stringify(v) ?? "null")) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
          fc.oneof(anyValue, hugeString),
          fc.integer({ min: 0, max: 3 }),
        )
        .map(([path, replacement, action]) =>
          Buffer.from(JSON.stringify(mutate(templates[route]?.() ?? {}, path, replacement, action))),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 8_000 }), fc.constantFrom("array" as const, "object" as const))
        .map(([d, k]) => Buffer.from(deep(d, k))),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 20 })
        .map((b) =>
          Buffer.concat([
            Buffer.from('{"network":"'),
            Buffer.from(b.map((x) => x | 0x80)),
            Buffer.from('","token":"BTC"}'),
          ]),
        ),
    },
    {
      weight: 1,
      arbitrary: hugeString.map((s) => Buffer.from(JSON.stringify({ ...(templates[route]?.() as object), pad: s }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("", " ", "null", "{", "}", "[]", '{"a":1,"a":2}', "\ufeff{}", '{"__proto__":{"admin":true}}')
        .map((s) => Buffer.from(s)),
    },
  );

export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/json;charset=latin1",
      "application/json ; x=y",
      "text/plain",
      "",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=--x",
      "application/jsonx",
      "application/json, text/html",
      "application/merge-patch+json",
      "*/*",
    ),
  },
  { weight: 1, arbitrary: headerText(60) },
);

const uuid = fc.uuid();

export const extraHeaders = fc.record(
  {
    "x-request-id": fc.oneof(headerText(140), fc.constant("fuzz-request-id-0001")),
    "x-swap-token": headerText(100),
    "idempotency-key": fc.oneof(uuid, headerText(60), fc.constant("")),
    "x-forwarded-for": headerText(60),
    "x-widget-config": headerText(200),
    "accept-language": headerText(40),
    cookie: headerText(80),
  },
  { requiredKeys: [] },
);
