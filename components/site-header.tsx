import { getTranslations } from "next-intl/server";
import { LocaleSwitcher } from "./locale-switcher";
import { SandboxBadge } from "./sandbox-badge";
import { cn } from "./ui/cn";

type Props = {
  sandbox: boolean;
  /** Where the brand links to, and a label beside it (the operator pages say "Partner"). */
  home?: string;
  tag?: string;
  /** The dashboard is wider than the checkout. */
  wide?: boolean;
  /** Extra controls after the language switcher (sign out). */
  children?: React.ReactNode;
};

export async function SiteHeader({ sandbox, home = "/", tag, wide = false, children }: Props) {
  const t = await getTranslations("app");
  return (
    <header
      className={cn("mx-auto flex print:hidden w-full flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-4", wide ? "max-w-7xl" : "max-w-5xl")}
    >
      {/* The name may wrap under very large text at 320 px, rather than push the page sideways. */}
      <a href={home} className="inline-flex min-w-0 items-center gap-2 rounded-lg font-semibold tracking-tight">
        <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
          <rect width="32" height="32" rx="9" className="fill-accent" />
          <path d="M10 12h11l-3-3M22 20H11l3 3" fill="none" stroke="white" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t("title")}
        {tag ? (
          <span className="rounded-md bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">{tag}</span>
        ) : null}
      </a>
      {sandbox ? <SandboxBadge placement="header" /> : null}
      <div className="flex min-w-0 flex-wrap items-center justify-end gap-2">
        <LocaleSwitcher />
        {children}
      </div>
    </header>
  );
}
