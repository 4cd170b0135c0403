"use client";
// The user's explicit language choice, remembered in a cookie. The page re-renders in place, so the
// inputs (kept in the URL) survive.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { localeCookie, localeNames, locales } from "@/lib/i18n/locales";

export function LocaleSwitcher() {
  const t = useTranslations("app");
  const locale = useLocale();
  const router = useRouter();
  // Only the current language until the list is reached for (focus, pointer or touch): the other
  // names, in a dozen scripts, cost the first layout a font fallback lookup each (19 on Linux
  // Chromium, 20–40 ms before the first paint), and a closed select measures every option.
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const shown = reached ? locales : locales.filter((l) => l === locale);
  return (
    <label className="inline-flex items-center">
      <span className="sr-only">{t("language")}</span>
      <select
        value={locale}
        onFocus={reach}
        onPointerDown={reach}
        onChange={(e) => {
          document.cookie = `${localeCookie}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
        // As wide as the whole list makes it, before the list is there: no shift at the first focus.
        className="h-11 min-w-[9.6rem] rounded-lg bg-white px-2 text-sm ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
      >
        {shown.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
