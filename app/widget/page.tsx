import { getTranslations } from "next-intl/server";
import { WidgetCheckout } from "@/components/widget/widget-checkout";
import { WidgetShell } from "@/components/widget/widget-shell";
import { SupportProvider } from "@/components/support";
import { assetsForPage } from "@/lib/bff/assets";
import { checkWidgetConfig } from "@/lib/bff/widget-config";
import { config } from "@/lib/config";
import { widgetQueryOf, widgetParamsSchema } from "@/lib/schema/widget";

export async function generateMetadata() {
  const t = await getTranslations("checkout");
  return { title: t("heading") };
}

export default async function WidgetPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = widgetParamsSchema.parse(await searchParams);
  const t = await getTranslations("widget");
  const c = config();
  const check = params.config ? checkWidgetConfig(params.config) : null;

  if (check && !check.ok) {
    return (
      <WidgetShell theme={params.theme} accent={params.accent} allowedOrigins={c.WIDGET_ALLOWED_ORIGINS} sandbox={c.mode === "sandbox"}>
        <section role="alert" className="rounded-3xl bg-white p-5 ring-1 ring-rose-200 dark:bg-slate-900 dark:ring-rose-900">
          <h1 className="text-lg font-semibold">{t("refusedTitle")}</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{check.reason === "expired" ? t("refusedExpired") : t("refusedInvalid")}</p>
        </section>
      </WidgetShell>
    );
  }

  const trusted = check?.ok ? check.config : undefined;
  const assets = await assetsForPage("widget-page");
  return (
    <WidgetShell theme={params.theme} accent={params.accent} allowedOrigins={c.WIDGET_ALLOWED_ORIGINS} sandbox={c.mode === "sandbox"}>
      <SupportProvider config={{ url: c.SUPPORT_URL ?? null, email: c.SUPPORT_EMAIL ?? null }}>
        <WidgetCheckout
          preset={{ from: params.from, to: params.to, amount: params.amount }}
          initialAssets={assets}
          config={params.config}
          locked={trusted ? { to: trusted.to, destination: trusted.destination } : undefined}
          includeToken={trusted?.includeToken ?? false}
          widgetQuery={widgetQueryOf(params)}
        />
      </SupportProvider>
    </WidgetShell>
  );
}
