import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Panel } from "@/components/ui/panel";
import { config, partnerBrand } from "@/lib/config";

// Any address with nothing behind it, a mistyped swap link most of all: the site's own header (its
// language switch, its way home) and what to do next, instead of the framework's bare page.
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <>
      <SiteHeader sandbox={config().mode === "sandbox"} brand={partnerBrand()} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-3xl flex-col items-center px-(--page-gutter) pb-16 [--page-gutter:--spacing(3)] sm:[--page-gutter:--spacing(4)]"
      >
        <Panel>
          <h1 className="text-xl font-semibold">{t("title")}</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("swapLink")}</p>
          {/* A plain link, not next/link: a full load from here is fine, and next/link would add its
              client code to every page's bundle (the not-found boundary is part of each). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className={cn(buttonVariants({ className: "mt-4" }), "font-semibold")}>
            {t("home")}
          </a>
        </Panel>
      </main>
    </>
  );
}
