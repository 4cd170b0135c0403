import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PartnerHeader } from "@/components/partner/partner-header";
import { LoginForm } from "@/components/partner/login-form";
import { dashboardEnabled, isValidSession, SESSION_COOKIE } from "@/lib/bff/dashboard-session";
import { config } from "@/lib/config";

export async function generateMetadata() {
  const t = await getTranslations("partner.login");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function PartnerLoginPage() {
  if (!dashboardEnabled()) notFound();
  if (await isValidSession((await cookies()).get(SESSION_COOKIE)?.value)) redirect("/partner");
  return (
    <>
      <PartnerHeader sandbox={config().mode === "sandbox"} signedIn={false} />
      <main id="main" className="mx-auto flex w-full max-w-sm flex-col px-3 pt-6 pb-16 sm:px-4 sm:pt-12">
        <div className="rounded-3xl bg-white p-5 shadow-xl shadow-slate-200/60 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:shadow-none dark:ring-slate-800">
          <LoginForm />
        </div>
      </main>
    </>
  );
}
