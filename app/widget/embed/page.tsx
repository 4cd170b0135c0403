import { cookies, headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";
import { EmbedBuilder } from "@/components/widget/embed-builder";
import { requestOrigin } from "@/lib/bff/http/request-origin";
import { config, partnerBrand } from "@/lib/config";
import { dashboardEnabled, sessionState, SESSION_COOKIE } from "@/lib/bff/dashboard/session";

export async function generateMetadata() {
  const t = await getTranslations("embed");
  return { title: t("title") };
}

export default async function EmbedPage() {
  const t = await getTranslations("embed");
  // The snippet's origin as rendered here; the browser puts its own location's in place at once.
  const origin = requestOrigin(await headers());
  // Signing on the page is for an operator with a dashboard session; the route checks it again.
  const signing = !dashboardEnabled()
    ? "off"
    : (await sessionState((await cookies()).get(SESSION_COOKIE)?.value)) === "valid"
      ? "signed-in"
      : "sign-in";
  return (
    <>
      <SiteHeader sandbox={config().mode === "sandbox"} brand={partnerBrand()} width="embed" />
      {/* Named by its heading: the preview's widget has a main landmark of its own. */}
      <main id="main" aria-labelledby="embed-heading" className="mx-auto w-full max-w-6xl px-4 pb-16">
        <h1 id="embed-heading" className="text-2xl font-semibold tracking-tight">
          {t("title")}
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
        <div className="mt-6">
          <EmbedBuilder origin={origin} signing={signing} />
        </div>
      </main>
    </>
  );
}
