import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { EarlyReadScript } from "@/components/swap/early-read-script";
import { SwapView } from "@/components/swap/swap-view";
import { SupportProvider } from "@/components/support";
import { config, partnerBrand } from "@/lib/config";
import { swapIdPattern } from "@/lib/schema/partner";

export async function generateMetadata() {
  const t = await getTranslations("swap");
  return { title: t("title") };
}

export default async function SwapPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!swapIdPattern.test(id)) {
    // Retyped from a screen or read out to support, an id often comes in small letters. The link's
    // #t= part stays with the browser across the redirect.
    if (swapIdPattern.test(id.toUpperCase())) redirect(`/swap/${id.toUpperCase()}`);
    notFound();
  }
  return (
    <>
      <EarlyReadScript id={id} />
      <SiteHeader sandbox={config().mode === "sandbox"} brand={partnerBrand()} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-lg flex-col items-center px-(--page-gutter) pb-16 [--page-gutter:--spacing(3)] sm:[--page-gutter:--spacing(4)]"
      >
        <SupportProvider config={{ url: config().SUPPORT_URL ?? null, email: config().SUPPORT_EMAIL ?? null }}>
          <SwapView
            id={id}
            sandbox={config().mode === "sandbox"}
            mailEnabled={!!config().SMTP_URL && !!config().MAIL_FROM}
          />
        </SupportProvider>
      </main>
      <SiteFooter {...partnerBrand()} />
    </>
  );
}
