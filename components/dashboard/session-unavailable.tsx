// What a dashboard page shows when the shared store holding sessions does not answer: a page to try
// again, not the sign-in form, since the visitor's session may well be valid (lib/bff/dashboard/session.ts).
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";

/** `retry`: the address to try again, the page's own with its query. */
export async function SessionUnavailable({ retry }: { retry: string }) {
  const t = await getTranslations("dashboard.unavailable");
  return (
    <main id="main" className="mx-auto flex w-full max-w-sm flex-col px-3 pt-6 pb-16 sm:px-4 sm:pt-12">
      <Panel padding="lg" role="alert" data-testid="session-unavailable">
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("body")}</p>
        <Link href={retry} prefetch={false} className={buttonVariants({ variant: "operator", className: "mt-5" })}>
          {t("retry")}
        </Link>
      </Panel>
    </main>
  );
}
