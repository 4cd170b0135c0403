// The message catalogues: es and ru have exactly en's keys, every message is valid ICU with the same
// placeholders as the English one (and the plural forms its language needs), and no catalogue holds
// a key the code never asks for. Keys the code builds at run time come from the schemas' enums.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { locales, type Locale } from "@/lib/i18n/locales";
import { bffErrorCodes, depositOutcomes } from "@/lib/schema/bff";
import { swapStatuses } from "@/lib/schema/partner";
import { checkoutBlockerReasons } from "@/lib/swap/checkout-blocker";

const root = fileURLToPath(new URL("../..", import.meta.url));

type Catalogue = { [key: string]: string | Catalogue };
const messagesDir = path.join(root, "lib/i18n/messages");
const catalogues = Object.fromEntries(
  readdirSync(messagesDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => [
      f.slice(0, -".json".length),
      JSON.parse(readFileSync(path.join(messagesDir, f), "utf8")) as Catalogue,
    ]),
) as Record<Locale, Catalogue>;

/** Every leaf as a dotted key path → message. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object") for (const [k, v] of flatten(value, full)) out.set(k, v);
    else out.set(full, value);
  }
  return out;
}
const flat = Object.fromEntries(locales.map((l) => [l, flatten(catalogues[l])])) as Record<
  Locale,
  Map<string, unknown>
>;
const enKeys = [...flat.en.keys()];

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

// ---------------------------------------------------------------------------------------------
// Keys the code uses.

// Keys built at run time, from the enums that drive them.
const sandboxOutcomes = depositOutcomes;
// The timeline's happy path (components/swap/status-timeline.tsx): only these statuses have a `step`.
const stepStatuses = ["waiting_deposit", "deposit_detected", "processing", "completed"] as const;
const dynamicKeys = new Set<string>([
  ...[...bffErrorCodes, "network_error"].map((code) => `errors.${code}`),
  // Each status's words, and those of a waiting swap past its deadline (components/swap/swap-view.tsx).
  ...[...swapStatuses, "waitingPastDeadline"].flatMap((status) => [`status.${status}.title`, `status.${status}.body`]),
  ...stepStatuses.map((status) => `status.${status}.step`),
  ...sandboxOutcomes.map((outcome) => `sandbox.outcome_${outcome}`),
  // What the checkout's main button says is still missing (lib/swap/checkout-blocker.ts).
  ...checkoutBlockerReasons.map((reason) => `checkout.missing.${reason}`),
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

type Call =
  | { file: string; namespaces: string[]; kind: "literal"; key: string }
  | { file: string; namespaces: string[]; kind: "template"; pattern: RegExp; source: string }
  | { file: string; namespaces: string[]; kind: "expression"; source: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const join = (namespace: string, key: string) => (namespace ? `${namespace}.${key}` : key);

/** `const t = useTranslations("ns")` / `await getTranslations("ns" | { namespace: "ns" })`, then t("…") calls. */
function scan(): Call[] {
  const files = ["components", "app", "lib"].flatMap((dir) => sourceFiles(path.join(root, dir)));
  const binding =
    /(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?(?:useTranslations|getTranslations)\(\s*(?:(["'])([^"']*)\2|\{[^}]*?\bnamespace\s*:\s*(["'])([^"']*)\4[^}]*\})?[^)]*\)/g;
  const calls: Call[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const translators = new Map<string, Set<string>>();
    for (const m of text.matchAll(binding)) {
      const name = m[1]!;
      (translators.get(name) ?? translators.set(name, new Set()).get(name)!).add(m[3] ?? m[5] ?? "");
    }
    const rel = path.relative(root, file);
    for (const [name, nsSet] of translators) {
      const namespaces = [...nsSet];
      const call = new RegExp(`(?<![\\w$.])${escapeRegExp(name)}(?:\\.(?:rich|markup|has|raw))?\\(\\s*`, "g");
      for (const m of text.matchAll(call)) {
        const rest = text.slice(m.index + m[0].length);
        const literal = /^(["'])((?:(?!\1)[^\\\n])*)\1\s*[,)]/.exec(rest);
        const template = /^`([^`]*)`\s*[,)]/.exec(rest);
        if (literal) calls.push({ file: rel, namespaces, kind: "literal", key: literal[2]! });
        else if (template) {
          const source = template[1]!;
          const pattern = new RegExp(
            `^${source
              .split(/\$\{[^}]*\}/)
              .map(escapeRegExp)
              .join("[^.]+")}$`,
          );
          calls.push({ file: rel, namespaces, kind: "template", pattern, source });
        } else if (!rest.startsWith(")"))
          calls.push({ file: rel, namespaces, kind: "expression", source: rest.slice(0, 40) });
      }
    }
  }
  return calls;
}

const calls = scan();

const used = new Set<string>();
for (const call of calls) {
  for (const ns of call.namespaces) {
    if (call.kind === "literal") used.add(join(ns, call.key));
    else
      for (const key of dynamicKeys) {
        if (!key.startsWith(ns ? `${ns}.` : "")) continue;
        const local = ns ? key.slice(ns.length + 1) : key;
        if (call.kind === "expression" || call.pattern.test(local)) used.add(key);
      }
  }
}

// ---------------------------------------------------------------------------------------------

describe("message catalogues", () => {
  it("are loaded for every locale", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...locales].sort());
    expect(enKeys.length).toBeGreaterThan(100);
  });

  for (const locale of locales.filter((l) => l !== "en")) {
    it(`${locale} has exactly the keys of en`, () => {
      const keys = new Set(flat[locale].keys());
      expect(
        enKeys.filter((k) => !keys.has(k)),
        `keys missing from ${locale}.json`,
      ).toEqual([]);
      expect(
        [...keys].filter((k) => !flat.en.has(k)),
        `keys in ${locale}.json that en.json lacks`,
      ).toEqual([]);
    });
  }

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

  it("the code scan finds the translators and their calls", () => {
    expect(new Set(calls.map((c) => c.file)).size).toBeGreaterThan(5);
    expect(calls.filter((c) => c.kind === "literal").length).toBeGreaterThan(50);
  });

  it("every key the code asks for exists in en", () => {
    const problems: string[] = [];
    for (const call of calls) {
      if (call.kind === "literal") {
        if (!call.namespaces.some((ns) => flat.en.has(join(ns, call.key))))
          problems.push(`${call.file}: t("${call.key}") in [${call.namespaces}]`);
      } else if (call.kind === "template") {
        const matches = call.namespaces.some((ns) =>
          [...dynamicKeys].some(
            (k) => k.startsWith(ns ? `${ns}.` : "") && call.pattern.test(ns ? k.slice(ns.length + 1) : k),
          ),
        );
        if (!matches)
          problems.push(
            `${call.file}: t(\`${call.source}\`) in [${call.namespaces}] matches no key built from the schemas`,
          );
      } else {
        const dynamicNamespace = call.namespaces.some((ns) => [...dynamicKeys].some((k) => k.startsWith(`${ns}.`)));
        if (!dynamicNamespace)
          problems.push(`${call.file}: t(${call.source}…) in [${call.namespaces}] has no known run-time keys`);
      }
    }
    expect(problems).toEqual([]);
  });

  for (const locale of locales) {
    it(`${locale} has a message for every key built at run time (error codes, statuses, sandbox outcomes)`, () => {
      expect([...dynamicKeys].filter((k) => typeof flat[locale].get(k) !== "string")).toEqual([]);
      expect(stepStatuses.every((s) => (swapStatuses as readonly string[]).includes(s))).toBe(true);
    });

    it(`${locale} has a message for every BFF error code`, () => {
      const missing = [...bffErrorCodes, "network_error"].filter(
        (code) => typeof flat[locale].get(`errors.${code}`) !== "string",
      );
      expect(missing).toEqual([]);
    });

    it(`${locale} has no key the code does not use`, () => {
      expect([...flat[locale].keys()].filter((k) => !used.has(k))).toEqual([]);
    });
  }
});
