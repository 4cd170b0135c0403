// Says the page runs against the sandbox, so nobody mistakes its deposit addresses for real ones.
import { useTranslations } from "next-intl";
import { join } from "./ui/join";

const placements = {
  // On phones the badge takes its own line under the brand; it wraps only when even that line is too
  // short for it (large text), rather than running off the screen.
  header: {
    line: "order-last w-full text-center sm:order-none sm:ms-auto sm:w-auto",
    badge: "inline-block max-w-full",
  },
  // Above the widget's card.
  widget: { line: "mb-2 text-center", badge: null },
} as const;

export function SandboxBadge({ placement }: { placement: keyof typeof placements }) {
  const t = useTranslations("app");
  const { line, badge } = placements[placement];
  return (
    <p className={line}>
      <span
        className={join(
          "rounded-full bg-violet-100 px-2.5 py-1 text-xs font-semibold text-violet-900 ring-1 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800",
          badge,
        )}
        title={t("sandboxHint")}
      >
        {t("sandboxBadge")}
      </span>
    </p>
  );
}
