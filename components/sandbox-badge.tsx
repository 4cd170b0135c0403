// Says the page runs against the sandbox, so nobody mistakes its deposit addresses for real ones.
import { useTranslations } from "next-intl";

export function SandboxBadge({ className }: { className: string }) {
  const t = useTranslations("app");
  return (
    <p className={className}>
      <span
        className="inline-block rounded-full bg-violet-100 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-violet-900 ring-1 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800"
        title={t("sandboxHint")}
      >
        {t("sandboxBadge")}
      </span>
    </p>
  );
}
