// The operator screens' inputs: a label above an input the width of its column, and any hint after it.
import { cn } from "../ui/cn";

const sizes = { md: "h-10 rounded-lg text-sm", lg: "h-12 rounded-xl" } as const;

type FieldProps = Omit<React.ComponentProps<"input">, "size"> & {
  id: string;
  label: string;
  size?: keyof typeof sizes;
  /** Inside a titled group: the label is lighter than the group's title. */
  nested?: boolean;
  children?: React.ReactNode;
};

export function Field({ id, label, size = "md", nested = false, className, children, ...input }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={nested ? "text-sm" : "text-sm font-medium"}>
        {label}
      </label>
      <input
        id={id}
        className={cn(
          "mt-1 w-full bg-white px-3 ring-1 ring-slate-300 outline-none transition focus:ring-2 focus:ring-accent aria-[invalid=true]:ring-rose-500 dark:bg-slate-950 dark:ring-slate-700 dark:[color-scheme:dark]",
          sizes[size],
          className,
        )}
        {...input}
      />
      {children}
    </div>
  );
}

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
