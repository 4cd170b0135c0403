// The message catalogues as the i18n tests read them: every locale's JSON, and each flattened to dotted keys.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { locales, type Locale } from "@/lib/i18n/locales";

/** The repository's root. */
export const root = fileURLToPath(new URL("../../..", import.meta.url));

type Catalogue = { [key: string]: string | Catalogue };
const messagesDir = path.join(root, "lib/i18n/messages");
export const catalogues = Object.fromEntries(
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
export const flat = Object.fromEntries(locales.map((l) => [l, flatten(catalogues[l])])) as Record<
  Locale,
  Map<string, unknown>
>;
