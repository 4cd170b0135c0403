import { cn, join } from "./cn";

const variants = {
  // Disabled, the primary button often carries guidance ("Enter the payout address"): it turns a
  // solid neutral with full-contrast text rather than a faded accent (2.4:1). Busy (aria-busy, "Creating
  // your swap…") it keeps the accent. Held back with aria-disabled and not busy (still focusable, so
  // the guidance is heard and focus is not lost), it looks the same as disabled.
  primary:
    "bg-accent text-accent-fg shadow-sm hover:brightness-110 disabled:bg-slate-200 disabled:text-slate-700 disabled:shadow-none disabled:brightness-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-200 aria-busy:disabled:bg-accent aria-busy:disabled:text-accent-fg held:cursor-not-allowed held:bg-slate-200 held:text-slate-700 held:shadow-none held:brightness-100 dark:held:bg-slate-800 dark:held:text-slate-200",
  secondary:
    "bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-55 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:opacity-55 dark:text-slate-200 dark:hover:bg-slate-800",
  // The operator screens' primary action: the partner's accent is not theirs, and a deeper green (a
  // light one with dark text in dark mode) keeps small white text above WCAG AA contrast.
  operator:
    "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:opacity-55 dark:bg-emerald-400 dark:text-slate-950 dark:hover:bg-emerald-300",
} as const;

// Each size carries its own font weight, so no class of a button's own overrides another (see below).
const sizes = {
  sm: "h-8 px-3 text-sm font-medium",
  md: "h-11 px-4 text-base font-medium",
  lg: "h-13 px-5 text-base font-semibold",
} as const;

/**
 * Classes that only place a button: one margin, a width, its own alignment (`mt-2 w-full`,
 * `self-start`). No class of a button's own is of these kinds, so they are joined as given, without
 * tailwind-merge (components/ui/cn.ts), as the checkout's main button is while the page hydrates;
 * anything else (`bg-violet-700`, `font-semibold`) is merged and wins.
 */
const placement = /^(-?m[trblxyse]?|w|self)-/;
function placesOnly(className: string): boolean {
  const kinds = className
    .split(" ")
    .filter(Boolean)
    .map((c) => placement.exec(c)?.[1]?.replace(/^-?m.?$/, "m"));
  return kinds.every(Boolean) && new Set(kinds).size === kinds.length;
}

type ButtonLook = { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string };
type ButtonProps = React.ComponentProps<"button"> & ButtonLook;

/** A button's classes, for a link that looks like one (`<a className={buttonVariants()}>`). */
export function buttonVariants({ variant = "primary", size = "md", className }: ButtonLook = {}): string {
  return (!className || placesOnly(className) ? join : cn)(
    "inline-flex items-center justify-center gap-2 rounded-xl transition disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button data-slot="button" type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
