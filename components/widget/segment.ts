import { join } from "../ui/join";

/** A choice in a small segmented control (the preview's width, the snippet's format): filled when chosen. */
export const segment = (on: boolean) =>
  join(
    "h-8 rounded-lg px-3 text-sm font-medium ring-1",
    on
      ? "bg-slate-900 text-white ring-slate-900 dark:bg-slate-100 dark:text-slate-900 dark:ring-slate-100"
      : "ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800",
  );
