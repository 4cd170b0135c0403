/* eslint-disable @next/next/no-img-element -- a partner's logo from its own origin; next/image would proxy it */
import { getTranslations } from "next-intl/server";
import { LocaleSwitcher } from "./locale-switcher";
import { SandboxBadge } from "./sandbox-badge";
import { cn } from "./ui/cn";

/** Whose checkout this is: the partner's name and logo (BRAND_NAME, BRAND_LOGO_URL), from the page. */
type HeaderBrand = { name: string | null; logoUrl: string | null };

type Props = {
  sandbox: boolean;
  brand?: HeaderBrand;
  /** Where the brand links to, and a label beside it (the operator pages say "Partner"). */
  home?: string;
  tag?: string;
  /**
   * Whose page, so that the header lines up with its content: the embed page is wider than the
   * checkout, and the dashboard wider still.
   */
  width?: keyof typeof widths;
  /** Extra controls after the language switcher (sign out). */
  children?: React.ReactNode;
};

const widths = { checkout: "max-w-5xl", embed: "max-w-6xl", dashboard: "max-w-7xl" } as const;

export async function SiteHeader({ sandbox, brand, home = "/", tag, width = "checkout", children }: Props) {
  const t = await getTranslations("app");
  return (
    <header
      className={cn(
        "mx-auto flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-4 print:hidden",
        widths[width],
      )}
    >
      {/* The name may wrap under very large text at 320 px, rather than push the page sideways. */}
      <a
        href={home}
        className="inline-flex min-w-0 items-center gap-2 rounded-lg font-semibold tracking-tight"
        data-testid="site-brand"
      >
        <BrandMark brand={brand} />
        {brand?.name ?? t("title")}
        {tag ? (
          <span className="rounded-md bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {tag}
          </span>
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

/**
 * The partner's logo (BRAND_LOGO_URL) or, without one, our mark; nothing beside a partner's name
 * alone, so the checkout never looks like someone else's. Decorative: the name beside it is the link's text.
 */
function BrandMark({ brand }: { brand: HeaderBrand | undefined }) {
  const { logoUrl: logo, name } = brand ?? { logoUrl: null, name: null };
  if (logo)
    return (
      <img
        src={logo}
        alt=""
        className="h-8 w-auto max-w-40 shrink-0 object-contain"
        height={32}
        data-testid="brand-logo"
      />
    );
  if (name) return null;
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
      <rect width="32" height="32" rx="9" className="fill-accent" />
      <path
        d="M10 12h11l-3-3M22 20H11l3 3"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
