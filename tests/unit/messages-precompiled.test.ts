// The build precompiles the message catalogues (next-intl's `messages.precompile`), so browsers get
// a small formatter instead of the ICU parser. This checks that the precompiled path says exactly
// what the full ICU formatter says, for every message of every locale, with plural counts that
// reach each language's forms (Russian's one/few/many among them) and every option of each select.
import compile from "icu-minify/compile";
import format from "icu-minify/format";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { locales, type Locale } from "@/lib/i18n/locales";

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = Object.fromEntries(
  locales.map((l) => [
    l,
    JSON.parse(readFileSync(new URL(`../../lib/i18n/messages/${l}.json`, import.meta.url), "utf8")) as Catalogue,
  ]),
) as Record<Locale, Catalogue>;

function* leaves(catalogue: Catalogue, prefix = ""): Generator<[string, string]> {
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") yield [full, value];
    else yield* leaves(value, full);
  }
}

// The parts of the parser's AST this reads. TYPE: 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural.
type AstElement = { type: number; value?: unknown; options?: Record<string, { value: AstElement[] }> };

function argumentsOf(elements: AstElement[], into = new Map<string, { kind: number; options: string[] }>()) {
  for (const el of elements) {
    if (el.type >= 1 && el.type <= 6 && typeof el.value === "string")
      into.set(el.value, { kind: el.type, options: Object.keys(el.options ?? {}).filter((o) => !o.startsWith("=")) });
    if (el.options) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

// 0, 1, 2–4, 5–20, 21, 22, 111 and a fraction: every CLDR cardinal form of en, es and ru.
const counts = [0, 1, 2, 3, 5, 11, 21, 22, 25, 111, 1.5, 1000000];
const formatters = {
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

describe.each(locales)("precompiled messages in %s", (locale) => {
  const messages = [...leaves(catalogues[locale])];

  it("the catalogue has messages with arguments to check", () => {
    expect(messages.filter(([, m]) => m.includes("{")).length).toBeGreaterThan(20);
  });

  it.each(messages)("%s says what the ICU formatter says", (_key, message) => {
    const reference = new IntlMessageFormat(message, locale);
    const args = argumentsOf(reference.getAst() as unknown as AstElement[]);
    const compiled = compile(message);
    const rounds = Math.max(
      1,
      ...[...args.values()].map((a) =>
        a.kind === 5 ? a.options.length + 1 : a.kind === 6 || a.kind === 2 ? counts.length : 1,
      ),
    );
    for (let round = 0; round < rounds; round++) {
      const values: Record<string, string | number> = {};
      for (const [name, { kind, options }] of args) {
        if (kind === 5) values[name] = [...options, "none-of-these"][round % (options.length + 1)]!;
        else if (kind === 6 || kind === 2) values[name] = counts[round % counts.length]!;
        else values[name] = `‹${name}›`;
      }
      expect(format(compiled, locale, values, { formatters }), JSON.stringify(values)).toBe(
        String(reference.format(values)),
      );
    }
  });
});
