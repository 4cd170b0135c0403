// The checkout's languages and how one is chosen: the person's explicit choice (a cookie), the
// widget's `locale=`, Accept-Language, then English. Tags are negotiated with fallbacks, so
// `pt` finds pt-BR, `zh-TW` and `zh-HK` find traditional Chinese, `zh` and `zh-CN` simplified.
export const locales = [
  "en",
  "es",
  "pt-BR",
  "fr",
  "de",
  "it",
  "nl",
  "pl",
  "ro",
  "cs",
  "tr",
  "id",
  "ms",
  "vi",
  "fil",
  "sw",
  "ru",
  "uk",
  "el",
  "th",
  "ja",
  "ko",
  "zh-Hans",
  "zh-Hant",
  "hi",
  "bn",
  "ar",
  "fa",
  "he",
  "ur",
] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
export const localeCookie = "locale";
export const localeHeader = "x-checkout-locale";
/** The page's path, as proxy.ts saw it: the root layout sends operator-only messages to operator pages only. */
export const pathHeader = "x-checkout-path";

/** The message namespaces only the operator pages (the dashboard, its login, the embed builder) use. */
export const operatorNamespaces = ["dashboard", "embed"] as const;
export const isOperatorPath = (path: string) => /^\/partner(\/|$)/.test(path) || path === "/widget/embed";

/** Each language by its own name, as the selector lists it. */
export const localeNames: Record<Locale, string> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  nl: "Nederlands",
  pl: "Polski",
  ro: "Română",
  cs: "Čeština",
  tr: "Türkçe",
  id: "Bahasa Indonesia",
  ms: "Bahasa Melayu",
  vi: "Tiếng Việt",
  fil: "Filipino",
  sw: "Kiswahili",
  ru: "Русский",
  uk: "Українська",
  el: "Ελληνικά",
  th: "ไทย",
  ja: "日本語",
  ko: "한국어",
  "zh-Hans": "简体中文",
  "zh-Hant": "繁體中文",
  hi: "हिन्दी",
  bn: "বাংলা",
  ar: "العربية",
  fa: "فارسی",
  he: "עברית",
  ur: "اردو",
};

const rightToLeft: ReadonlySet<Locale> = new Set<Locale>(["ar", "fa", "he", "ur"]);
export const directionOf = (locale: Locale): "rtl" | "ltr" => (rightToLeft.has(locale) ? "rtl" : "ltr");

export const isLocale = (value: string | null | undefined): value is Locale =>
  !!value && (locales as readonly string[]).includes(value);

const byLowerCase = new Map<string, Locale>(locales.map((l) => [l.toLowerCase(), l]));

/** Tags that name one of ours by another name: regions and scripts of Chinese, old codes. */
const aliases: Record<string, Locale> = {
  pt: "pt-BR",
  "pt-pt": "pt-BR",
  zh: "zh-Hans",
  "zh-cn": "zh-Hans",
  "zh-sg": "zh-Hans",
  "zh-my": "zh-Hans",
  "zh-tw": "zh-Hant",
  "zh-hk": "zh-Hant",
  "zh-mo": "zh-Hant",
  tl: "fil",
  iw: "he",
  in: "id",
  zsm: "ms",
  pes: "fa",
  prs: "fa",
};

/**
 * One of our locales for a BCP 47 tag, or null: the tag itself (any case), a known alias
 * (`zh-TW`), the language with its script (`zh-Hant-TW` → zh-Hant), then the language alone
 * (`fr-CA` → fr, `pt-PT` → pt-BR).
 */
export function negotiateLocale(tag: string | null | undefined): Locale | null {
  if (!tag || tag.length > 35 || !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  const parts = tag.replace(/_/g, "-").toLowerCase().split("-");
  for (let length = parts.length; length >= 1; length--) {
    const candidate = parts.slice(0, length).join("-");
    const found = byLowerCase.get(candidate) ?? aliases[candidate];
    if (found) return found;
  }
  return null;
}

/** The best supported language in an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const found = negotiateLocale(tag);
    if (found) return found;
  }
  return null;
}

/** The person's explicit choice first, then the widget's `locale=`, then the browser's languages. */
export function chooseLocale(input: {
  param?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return negotiateLocale(input.param) ?? localeFromAcceptLanguage(input.acceptLanguage ?? null) ?? defaultLocale;
}
