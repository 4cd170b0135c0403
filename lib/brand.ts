// Error kinds recognised across Next's bundles. Route handlers, pages and proxy.ts are bundled
// separately, each with its own copy of a class, so `instanceof` fails for an error thrown by
// another bundle's copy. Each kind carries a `Symbol.for` brand instead, and a guard checks it.
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
