import { getTranslations } from "next-intl/server";

/** Said on every dashboard page while the BFF runs on the embedded sandbox: nothing here is money. */
export async function SandboxBanner() {
  const t = await getTranslations("dashboard");
  return (
    <p
      role="note"
      data-testid="sandbox-banner"
      className="mx-auto mb-4 w-full max-w-7xl rounded-xl bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
    >
      {t("sandboxBanner")}
    </p>
  );
}
