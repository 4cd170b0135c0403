// The catalogues' messages: valid ICU with en's placeholders, the plural forms each language needs, translated.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { locales, type Locale } from "@/lib/i18n/locales";
import { flat } from "./support/catalogues";

// ---------------------------------------------------------------------------------------------
// ICU: argument names (and kinds) from the parsed AST.

// The parts of @formatjs/icu-messageformat-parser's element types this test reads.
type AstElement = {
  type: number;
  value?: unknown;
  pluralType?: string;
  options?: Record<string, { value: AstElement[] }>;
  children?: AstElement[];
};
// TYPE enum: 0 literal, 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 7 pound, 8 tag.
const kindName: Record<number, string> = { 1: "argument", 2: "number", 3: "date", 4: "time", 5: "select", 6: "plural" };

function parse(message: string, locale: Locale): AstElement[] {
  return new IntlMessageFormat(message, locale).getAst() as unknown as AstElement[];
}

/** argument name → the kinds it is used as (sorted), e.g. { count: ["plural"], symbol: ["argument"] }. */
function argumentsOf(elements: AstElement[], into: Record<string, Set<string>> = {}): Record<string, Set<string>> {
  for (const el of elements) {
    const kind = kindName[el.type];
    if (kind && typeof el.value === "string") (into[el.value] ??= new Set()).add(kind);
    if (el.options) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if (el.children) argumentsOf(el.children, into);
  }
  return into;
}
const argumentSummary = (elements: AstElement[]) =>
  Object.fromEntries(
    Object.entries(argumentsOf(elements))
      .map(([name, kinds]) => [name, [...kinds].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** Every plural element, nested ones included. */
function plurals(elements: AstElement[], into: AstElement[] = []): AstElement[] {
  for (const el of elements) {
    if (el.type === 6) into.push(el);
    if (el.options) for (const option of Object.values(el.options)) plurals(option.value, into);
    if (el.children) plurals(el.children, into);
  }
  return into;
}

// The cardinal plural forms each language's messages must spell out: every form CLDR gives the
// language, except the `many` that Spanish, French, Italian and Portuguese use only for millions
// written in compact form ("1 million de"), where `other` reads right.
const manyForMillionsOnly = new Set<Locale>(["es", "fr", "it", "pt-BR"]);
const requiredCardinal = (locale: Locale): string[] =>
  new Intl.PluralRules(locale)
    .resolvedOptions()
    .pluralCategories.filter((c) => !(c === "many" && manyForMillionsOnly.has(locale)));

// Messages that may read exactly as in English: brand names, placeholders only, the tabs' code
// names, and words spelled the same in that language (each noted in docs/i18n/glossary/<locale>.md).
const sameAsEnglishEverywhere = new Set([
  "app.title",
  "quote.rateValue",
  "embed.tabHtml",
  "embed.tabReact",
  "picker.side",
  "swap.memoValue",
  "dashboard.funnel.volumeUsdc",
]);
const sameAsEnglish: Partial<Record<Locale, string[]>> = {
  de: ["dashboard.filters.status", "dashboard.table.status", "dashboard.detail.status"],
  it: ["dashboard.login.password", "dashboard.detail.memo", "receipt.memo"],
  "pt-BR": ["dashboard.filters.status", "dashboard.table.status", "dashboard.detail.status", "dashboard.detail.memo"],
  nl: [
    "embed.parameters",
    "dashboard.filters.status",
    "dashboard.table.status",
    "dashboard.detail.status",
    "dashboard.detail.memo",
  ],
  pl: [
    "dashboard.badge",
    "dashboard.filters.status",
    "dashboard.table.status",
    "dashboard.detail.status",
    "dashboard.detail.memo",
    "receipt.memo",
  ],
  ro: ["dashboard.detail.memo", "receipt.memo"],
  cs: ["dashboard.badge", "dashboard.detail.memo", "receipt.memo"],
  tr: ["dashboard.detail.memo"],
  el: ["dashboard.detail.memo"],
  id: [
    "dashboard.filters.status",
    "dashboard.table.status",
    "dashboard.detail.status",
    "dashboard.detail.memo",
    "steps.deposit",
    "receipt.memo",
  ],
  ms: [
    "dashboard.filters.status",
    "dashboard.table.status",
    "dashboard.detail.status",
    "dashboard.detail.memo",
    "steps.deposit",
    "receipt.memo",
  ],
  vi: ["receipt.memo"],
  fil: [
    "checkout.bounds",
    "checkout.boundsMin",
    "checkout.boundsMax",
    "review.memo",
    "swap.tagValue",
    "deposit.networkLabel",
    "dashboard.login.password",
    "dashboard.filters.status",
    "dashboard.table.status",
    "dashboard.detail.status",
    "dashboard.detail.memo",
    "receipt.memo",
    "receipt.tag",
    "mySwaps.swapId",
  ],
  sw: ["dashboard.detail.memo"],
  es: ["dashboard.detail.memo"],
  ru: ["review.email"],
};

describe("message catalogues", () => {
  for (const locale of locales) {
    it(`${locale}: every message is a non-empty string that parses as ICU, with en's placeholders`, () => {
      const problems: string[] = [];
      for (const [key, message] of flat[locale]) {
        if (typeof message !== "string" || message.trim() === "") {
          problems.push(`${key}: not a non-empty string`);
          continue;
        }
        let ast: AstElement[];
        try {
          ast = parse(message, locale);
        } catch (e) {
          problems.push(`${key}: does not parse (${String(e)})`);
          continue;
        }
        const english = flat.en.get(key);
        if (typeof english !== "string") continue; // reported by the key comparison
        const expected = argumentSummary(parse(english, "en"));
        const actual = argumentSummary(ast);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          problems.push(`${key}: placeholders ${JSON.stringify(actual)}, en has ${JSON.stringify(expected)}`);
      }
      expect(problems).toEqual([]);
    });

    it(`${locale}: every plural has the forms the language needs, and only those`, () => {
      const problems: string[] = [];
      for (const [key, message] of flat[locale]) {
        if (typeof message !== "string") continue;
        for (const plural of plurals(parse(message, locale))) {
          const type = plural.pluralType === "ordinal" ? "ordinal" : "cardinal";
          const allowed = new Set<string>(new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories);
          const required = type === "cardinal" ? requiredCardinal(locale) : ["other"];
          const present = Object.keys(plural.options ?? {});
          const missing = required.filter((c) => !present.includes(c));
          const unknown = present.filter((c) => !allowed.has(c) && !/^=\d+$/.test(c));
          if (missing.length || unknown.length)
            problems.push(`${key} {${String(plural.value)}}: missing [${missing}], not a ${locale} form [${unknown}]`);
        }
      }
      expect(problems).toEqual([]);
    });

    if (locale !== "en")
      it(`${locale}: no message reads as in English unless it is a brand, a placeholder or the same word there`, () => {
        const allowed = new Set([...sameAsEnglishEverywhere, ...(sameAsEnglish[locale] ?? [])]);
        const same = [...flat[locale]]
          .filter(([key, message]) => message === flat.en.get(key) && !allowed.has(key))
          .map(([key]) => key);
        expect(same).toEqual([]);
      });

    it(`${locale}: every message formats with sample values`, () => {
      for (const [key, message] of flat[locale]) {
        if (typeof message !== "string") continue;
        const args = argumentsOf(parse(message, locale));
        for (const n of [0, 1, 2, 5, 21, 1.5]) {
          const values = Object.fromEntries(
            Object.entries(args).map(([name, kinds]) => [
              name,
              kinds.has("plural") || kinds.has("number")
                ? n
                : kinds.has("date") || kinds.has("time")
                  ? new Date(0)
                  : "x",
            ]),
          );
          expect(() => new IntlMessageFormat(message, locale).format(values), `${locale} ${key}`).not.toThrow();
        }
      }
    });
  }
});
