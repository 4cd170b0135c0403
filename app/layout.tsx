import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { config } from "@/lib/config";
import { directionOf, isLocale, isOperatorPath, operatorNamespaces, pathHeader } from "@/lib/i18n/locales";
import { accentForeground } from "@/lib/swap/contrast";
import "./globals.css";

// The description shows in link previews: in the page's language, like everything else.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  const brand = config().BRAND_NAME ?? "Swap Checkout";
  return {
    // The partner's name first, as Stripe puts the merchant's.
    title: { default: brand, template: `%s · ${brand}` },
    description: t("description"),
    referrer: "no-referrer",
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8fafc" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  // The partner's colour (BRAND_ACCENT, checked for contrast at start) on every page; a widget's own
  // `accent` parameter still wins inside its frame (components/widget/widget-shell.tsx).
  const accent = config().BRAND_ACCENT;
  // Every page's messages travel in its HTML for the browser's components. The dashboard's and the
  // embed builder's (a third of them) go only to those pages: the checkout is the page phones load
  // first, and it never navigates there in the browser (their links are full loads).
  const all = await getMessages();
  const operator = isOperatorPath((await headers()).get(pathHeader) ?? "");
  const messages = operator
    ? all
    : Object.fromEntries(Object.entries(all).filter(([ns]) => !(operatorNamespaces as readonly string[]).includes(ns)));
  const style = accent
    ? ({ "--accent": `#${accent}`, "--accent-fg": accentForeground(accent) } as React.CSSProperties)
    : undefined;
  return (
    <html lang={locale} dir={isLocale(locale) ? directionOf(locale) : "ltr"} style={style}>
      <body className="min-h-dvh font-sans">
        <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
