import { getTranslations } from "next-intl/server";
import { ConfigRefusedPanel } from "@/components/widget/config-refused";
import { WidgetCheckout } from "@/components/widget/widget-checkout";
import { WidgetShell } from "@/components/widget/widget-shell";
import { SupportProvider } from "@/components/support";
import { assetsAtHand } from "@/lib/bff/assets";
import { checkWidgetConfig } from "@/lib/bff/widget-config";
import { config } from "@/lib/config";
import { widgetQueryOf, widgetParamsSchema } from "@/lib/schema/widget";

export async function generateMetadata() {
  const t = await getTranslations("checkout");
  return { title: t("heading") };
}

export default async function WidgetPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = widgetParamsSchema.parse(await searchParams);
  const c = config();
  const check = params.config ? checkWidgetConfig(params.config) : null;

  if (check && !check.ok) {
    return (
      <WidgetShell
        theme={params.theme}
        accent={params.accent}
        allowedOrigins={c.WIDGET_ALLOWED_ORIGINS}
        sandbox={c.mode === "sandbox"}
      >
        <ConfigRefusedPanel reason={check.reason === "expired" ? "expired" : "invalid"} />
      </WidgetShell>
    );
  }

  const trusted = check?.ok ? check.config : undefined;
  const assets = await assetsAtHand("widget-page");
  return (
    <WidgetShell
      theme={params.theme}
      accent={params.accent}
      allowedOrigins={c.WIDGET_ALLOWED_ORIGINS}
      sandbox={c.mode === "sandbox"}
    >
      <SupportProvider config={{ url: c.SUPPORT_URL ?? null, email: c.SUPPORT_EMAIL ?? null }}>
        <WidgetCheckout
          preset={{ from: params.from, to: params.to, amount: params.amount }}
          initialAssets={assets}
          config={params.config}
          locked={trusted ? { to: trusted.to, destination: trusted.destination } : undefined}
          includeToken={trusted?.includeToken ?? false}
          configExpiresAt={trusted ? trusted.exp * 1000 : undefined}
          widgetQuery={widgetQueryOf(params)}
        />
      </SupportProvider>
    </WidgetShell>
  );
}
