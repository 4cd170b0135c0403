import { getTranslations } from "next-intl/server";

/**
 * Under the pages a user meets: the partner's terms and privacy notice (TERMS_URL, PRIVACY_URL) and a
 * small "Powered by Swap Checkout", so whose checkout it is and who runs the machinery are both said.
 */
export async function SiteFooter({
  termsUrl: terms,
  privacyUrl: privacy,
}: {
  termsUrl: string | null;
  privacyUrl: string | null;
}) {
  const t = await getTranslations("app");
  const link = "underline decoration-slate-400 underline-offset-2 hover:text-slate-900 dark:hover:text-slate-100";
  return (
    <footer className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 pt-2 pb-8 text-xs text-slate-600 dark:text-slate-400 print:hidden">
      {terms ? (
        <a href={terms} className={link} rel="noopener" target="_blank" data-testid="terms-link">
          {t("terms")}
        </a>
      ) : null}
      {privacy ? (
        <a href={privacy} className={link} rel="noopener" target="_blank" data-testid="privacy-link">
          {t("privacy")}
        </a>
      ) : null}
      <span data-testid="powered-by">{t("poweredBy", { name: "Swap Checkout" })}</span>
    </footer>
  );
}
