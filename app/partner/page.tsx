import { Suspense } from "react";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { Dashboard } from "@/components/dashboard/dashboard";
import { SandboxBanner } from "@/components/dashboard/sandbox-banner";
import { SessionUnavailable } from "@/components/dashboard/session-unavailable";
import { dashboardEnabled, sessionState, SESSION_COOKIE } from "@/lib/bff/dashboard/session";
import { config } from "@/lib/config";
import { webhooksEnabled } from "@/lib/bff/ledger";
import { loginPath } from "@/lib/schema/pages";

export async function generateMetadata() {
  const t = await getTranslations("dashboard");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!dashboardEnabled()) notFound();
  const session = (await cookies()).get(SESSION_COOKIE)?.value;
  const state = await sessionState(session);
  if (state === "none") redirect(loginAddress(session !== undefined, await searchParams));
  if (state === "unavailable") {
    const query = queryOf(await searchParams);
    return (
      <>
        <DashboardHeader sandbox={config().mode === "sandbox"} signedIn={false} />
        <SessionUnavailable retry={query ? `/partner?${query}` : "/partner"} />
      </>
    );
  }
  return (
    <>
      <DashboardHeader sandbox={config().mode === "sandbox"} signedIn />
      <main id="main" className="mx-auto w-full max-w-7xl px-3 pb-16 sm:px-4">
        {config().mode === "sandbox" ? <SandboxBanner /> : null}
        <Suspense>
          <Dashboard webhooksOn={webhooksEnabled()} />
        </Suspense>
      </main>
    </>
  );
}

/**
 * Where a visitor without a valid session goes: the login page, told whether a session has ended
 * (a cookie that no longer holds) and the dashboard query to return to. The query passes the login
 * page's own check (lib/schema/pages.ts), or is dropped.
 */
function loginAddress(ended: boolean, params: Record<string, string | string[] | undefined>): string {
  return loginPath(ended, queryOf(params));
}

function queryOf(params: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value ?? []].flat()) query.append(name, one);
  return query.toString();
}
