// next-intl's per-request configuration: proxy.ts has already chosen the locale.
import { getRequestConfig } from "next-intl/server";
import { headers } from "next/headers";
import { defaultLocale, isLocale, localeHeader } from "./locales";

export default getRequestConfig(async ({ locale: asked }) => {
  // A route handler (the swap link's e-mail) names the locale itself: proxy.ts sets none for /api.
  const chosen = asked ?? (await headers()).get(localeHeader);
  const locale = isLocale(chosen) ? chosen : defaultLocale;
  return { locale, messages: (await import(`./messages/${locale}.json`)).default };
});
