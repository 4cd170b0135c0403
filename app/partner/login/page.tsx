import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { LoginForm } from "@/components/dashboard/login-form";
import { SessionUnavailable } from "@/components/dashboard/session-unavailable";
import { Panel } from "@/components/ui/panel";
import { dashboardEnabled, sessionState, SESSION_COOKIE } from "@/lib/bff/dashboard/session";
import { config } from "@/lib/config";
import { loginPath, loginParamsSchema } from "@/lib/schema/pages";

export async function generateMetadata() {
  const t = await getTranslations("dashboard.login");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function DashboardLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!dashboardEnabled()) notFound();
  const { ended, back } = loginParamsSchema.parse(await searchParams);
  const state = await sessionState((await cookies()).get(SESSION_COOKIE)?.value);
  if (state === "valid") redirect(back ? `/partner?${back}` : "/partner");
  if (state === "unavailable") {
    return (
      <>
        <DashboardHeader sandbox={config().mode === "sandbox"} signedIn={false} />
        <SessionUnavailable retry={loginPath(ended === "1", back ?? "")} />
      </>
    );
  }
  return (
    <>
      <DashboardHeader sandbox={config().mode === "sandbox"} signedIn={false} />
      <main id="main" className="mx-auto flex w-full max-w-sm flex-col px-3 pt-6 pb-16 sm:px-4 sm:pt-12">
        <Panel padding="lg">
          <LoginForm ended={ended === "1"} back={back ?? ""} />
        </Panel>
      </main>
    </>
  );
}
