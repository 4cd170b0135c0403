import { getTranslations } from "next-intl/server";
import { LocaleSwitcher } from "./locale-switcher";

export async function SiteHeader({ sandbox }: { sandbox: boolean }) {
  const t = await getTranslations("app");
  return (
    <header className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-4">
      <a href="/" className="inline-flex shrink-0 items-center gap-2 rounded-lg font-semibold tracking-tight whitespace-nowrap">
        <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
          <rect width="32" height="32" rx="9" className="fill-accent" />
          <path d="M10 12h11l-3-3M22 20H11l3 3" fill="none" stroke="white" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("title")}
      </a>
      {sandbox ? (
        // On phones the badge takes its own line under the brand, so long translations stay readable.
        <p className="order-last w-full text-center sm:order-none sm:ml-auto sm:w-auto">
          <span
            className="inline-block rounded-full bg-violet-100 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-violet-900 ring-1 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800"
            title={t("sandboxHint")}
          >
            {t("sandboxBadge")}
          </span>
        </p>
      ) : null}
      <LocaleSwitcher />
    </header>
  );
}
