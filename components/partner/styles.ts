// The dashboard's primary action. The accent green behind white small text is below WCAG AA
// contrast, so operator screens use a deeper green in light and a light green with dark text in dark.
export const primaryAction =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-emerald-700 font-medium text-white shadow-sm transition hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-55 dark:bg-emerald-400 dark:text-slate-950 dark:hover:bg-emerald-300";
