"use client";
// The user's explicit language choice, remembered in a cookie. The page re-renders in place, so the
// inputs (kept in the URL) survive.
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { localeCookie, localeNames, locales } from "@/lib/i18n/locales";

export function LocaleSwitcher() {
  const t = useTranslations("app");
  const locale = useLocale();
  const router = useRouter();
  return (
    <label className="inline-flex items-center">
      <span className="sr-only">{t("language")}</span>
      <select
        value={locale}
        onChange={(e) => {
          document.cookie = `${localeCookie}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
        className="h-11 rounded-lg bg-white px-2 text-sm ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
