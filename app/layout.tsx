import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { config } from "@/lib/config";
import { directionOf, isLocale } from "@/lib/i18n/locales";
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
  const style = accent ? ({ "--accent": `#${accent}`, "--accent-fg": accentForeground(accent) } as React.CSSProperties) : undefined;
  return (
    <html lang={locale} dir={isLocale(locale) ? directionOf(locale) : "ltr"} style={style}>
      <body className="min-h-dvh font-sans">
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
