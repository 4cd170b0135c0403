import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { LoginForm } from "@/components/dashboard/login-form";
import { Panel } from "@/components/ui/panel";
import { dashboardEnabled, isValidSession, SESSION_COOKIE } from "@/lib/bff/dashboard/session";
import { config } from "@/lib/config";
import { loginParamsSchema } from "@/lib/schema/pages";

export async function generateMetadata() {
  const t = await getTranslations("dashboard.login");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function DashboardLoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!dashboardEnabled()) notFound();
  const { ended, back } = loginParamsSchema.parse(await searchParams);
  if (await isValidSession((await cookies()).get(SESSION_COOKIE)?.value)) redirect(back ? `/partner?${back}` : "/partner");
  return (
    <>
      <DashboardHeader sandbox={config().mode === "sandbox"} signedIn={false} />
      <main id="main" className="mx-auto flex w-full max-w-sm flex-col px-3 pt-6 pb-16 sm:px-4 sm:pt-12">
        <Panel className="p-5 sm:p-6">
          <LoginForm ended={ended === "1"} back={back ?? ""} />
        </Panel>
      </main>
    </>
  );
}
