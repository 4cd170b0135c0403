import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { EarlyReadScript } from "@/components/swap/early-read-script";
import { WidgetSwapView } from "@/components/widget/widget-swap-view";
import { WidgetShell } from "@/components/widget/widget-shell";
import { SupportProvider } from "@/components/support";
import { config } from "@/lib/config";
import { swapIdPattern } from "@/lib/schema/partner";
import { widgetQueryOf, widgetParamsSchema } from "@/lib/schema/widget";

export async function generateMetadata() {
  const t = await getTranslations("swap");
  return { title: t("title") };
}

export default async function WidgetSwapPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  if (!swapIdPattern.test(id)) notFound();
  const widget = widgetParamsSchema.parse(await searchParams);
  const c = config();
  return (
    <WidgetShell
      theme={widget.theme}
      accent={widget.accent}
      allowedOrigins={c.WIDGET_ALLOWED_ORIGINS}
      sandbox={c.mode === "sandbox"}
    >
      <EarlyReadScript id={id} />
      <SupportProvider config={{ url: c.SUPPORT_URL ?? null, email: c.SUPPORT_EMAIL ?? null }}>
        <WidgetSwapView id={id} sandbox={c.mode === "sandbox"} widgetQuery={widgetQueryOf(widget)} />
      </SupportProvider>
    </WidgetShell>
  );
}
