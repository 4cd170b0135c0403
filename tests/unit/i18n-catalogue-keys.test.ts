// The catalogues' keys: every locale has en's, every key the code asks for exists, and none goes unused.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { bffErrorCodes, depositOutcomes } from "@/lib/schema/bff";
import { swapStatuses } from "@/lib/schema/partner";
import { checkoutBlockerReasons } from "@/lib/swap/checkout-blocker";
import { catalogues, flat, root } from "./support/catalogues";

const enKeys = [...flat.en.keys()];

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
