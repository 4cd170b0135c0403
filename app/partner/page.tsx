import { Suspense } from "react";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PartnerHeader } from "@/components/partner/partner-header";
import { PartnerDashboard } from "@/components/partner/partner-dashboard";
import { dashboardEnabled, isValidSession, SESSION_COOKIE } from "@/lib/bff/dashboard-session";
import { config } from "@/lib/config";

export async function generateMetadata() {
  const t = await getTranslations("partner");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function PartnerPage() {
  if (!dashboardEnabled()) notFound();
  if (!(await isValidSession((await cookies()).get(SESSION_COOKIE)?.value))) redirect("/partner/login");
  return (
    <>
      <PartnerHeader sandbox={config().mode === "sandbox"} signedIn />
      <main id="main" className="mx-auto w-full max-w-7xl px-3 pb-16 sm:px-4">
        <Suspense>
          <PartnerDashboard />
        </Suspense>
      </main>
    </>
  );
}
