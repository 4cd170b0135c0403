import { cn } from "../ui/cn";

/** A toggle among the filters: filled when on, so "on" never rests on a ring's shade alone. */
export function Chip({ on, onClick, children }: { on: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={cn(
        "inline-flex h-9 cursor-pointer items-center gap-2 rounded-full px-3 text-sm ring-1 transition",
        on
          ? "bg-emerald-700 font-medium text-white ring-emerald-700 hover:bg-emerald-800 dark:bg-emerald-400 dark:text-slate-950 dark:ring-emerald-400 dark:hover:bg-emerald-300"
          : "bg-slate-50 ring-slate-300 hover:bg-slate-100 dark:bg-slate-950 dark:ring-slate-700 dark:hover:bg-slate-800",
      )}
    >
      {children}
    </button>
  );
}
