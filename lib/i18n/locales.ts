// The checkout's languages and how one is chosen: the widget's `locale`, the user's remembered
// choice (cookie), Accept-Language, then English.
export const locales = ["en", "es", "ru"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
export const localeCookie = "locale";
export const localeHeader = "x-checkout-locale";

export const isLocale = (value: string | null | undefined): value is Locale => !!value && (locales as readonly string[]).includes(value);

/** The best supported language in an Accept-Language header, honouring q-values. */
function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0];
    if (isLocale(base)) return base;
  }
  return null;
}

export function chooseLocale(input: { param?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.param)) return input.param;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage ?? null) ?? defaultLocale;
}
