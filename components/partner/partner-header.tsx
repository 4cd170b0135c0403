import { getTranslations } from "next-intl/server";
import { LocaleSwitcher } from "../locale-switcher";
import { LogoutButton } from "./logout-button";

/** The operator pages' header: as wide as the dashboard, with sign-out once signed in. */
export async function PartnerHeader({ sandbox, signedIn }: { sandbox: boolean; signedIn: boolean }) {
  const app = await getTranslations("app");
  const t = await getTranslations("partner");
  return (
    <header className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-3 px-3 py-4 sm:px-4">
      <a href="/partner" className="inline-flex shrink-0 items-center gap-2 rounded-lg font-semibold tracking-tight whitespace-nowrap">
        <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
          <rect width="32" height="32" rx="9" className="fill-accent" />
          <path d="M10 12h11l-3-3M22 20H11l3 3" fill="none" stroke="white" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {app("title")}
        <span className="rounded-md bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">{t("badge")}</span>
      </a>
      <div className="flex flex-wrap items-center gap-2">
        {sandbox ? (
          <span
            className="rounded-full whitespace-nowrap bg-violet-100 px-2.5 py-1 text-xs font-semibold text-violet-900 ring-1 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800"
            title={app("sandboxHint")}
          >
            {app("sandboxBadge")}
          </span>
        ) : null}
        <LocaleSwitcher />
        {signedIn ? <LogoutButton /> : null}
      </div>
    </header>
  );
}
