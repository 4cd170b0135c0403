import { join } from "./join";

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
  // The sandbox's own actions (paying a pretend deposit): violet, the sandbox's colour, else a primary.
  sandbox:
    "shadow-sm hover:brightness-110 disabled:bg-slate-200 disabled:text-slate-700 disabled:shadow-none disabled:brightness-100 dark:disabled:bg-slate-800 dark:disabled:text-slate-200 aria-busy:disabled:bg-accent aria-busy:disabled:text-accent-fg held:cursor-not-allowed held:bg-slate-200 held:text-slate-700 held:shadow-none held:brightness-100 dark:held:bg-slate-800 dark:held:text-slate-200 bg-violet-700 text-white",
  // The operator screens' primary action: the partner's accent is not theirs, and a deeper green (a
  // light one with dark text in dark mode) keeps small white text above WCAG AA contrast.
  operator:
    "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:opacity-55 dark:bg-emerald-400 dark:text-slate-950 dark:hover:bg-emerald-300",
} as const;

// Each size carries its own font weight, so no class of a button's own overrides another (see below).
const sizes = {
  sm: "h-8 px-3 text-sm font-medium",
  /** The dashboard's toolbars: a small button as tall as the selects beside it. */
  bar: "h-9 px-3 text-sm font-medium",
  md: "h-11 px-4 text-base font-medium",
  lg: "h-13 px-5 text-base font-semibold",
} as const;

type ButtonLook = {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /**
   * Classes that only place the button (a margin, a width, its share of a row, `print:hidden`): joined
   * as given, without tailwind-merge (components/ui/join.ts), which would put its class map in the first
   * load of every page with a button. A look of its own is a variant or a size, never a class that
   * overrides one of the button's (tests/unit/class-join.test.ts checks every caller's).
   */
  className?: string;
};
type ButtonProps = React.ComponentProps<"button"> & ButtonLook;

/** A button's classes, for a link that looks like one (`<a className={buttonVariants()}>`). */
export function buttonVariants({ variant = "primary", size = "md", className }: ButtonLook = {}): string {
  return join(
    "inline-flex items-center justify-center gap-2 rounded-xl transition disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    className,
  );
}

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button data-slot="button" type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
