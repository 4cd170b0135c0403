// A labelled input the width of its column, and the lines under it (a check, a hint) as children:
// the checkout's payout fields (large) and the operator screens' inputs.
import { cn, join } from "./cn";

const sizes = { md: "h-10 rounded-lg text-sm", lg: "h-12 rounded-xl" } as const;

/** The checkout's payout fields' text: monospace (an e-mail address: the page's own face), a little smaller. */
export const payoutFonts = { mono: "font-mono text-[0.95rem]", sans: "text-[0.95rem] font-sans" } as const;
const joinsLarge: ReadonlySet<string> = new Set(Object.values(payoutFonts));

export type FieldProps = Omit<React.ComponentProps<"input">, "size"> & {
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
        // The large size sets no font, so the payout fonts join it as they are: the checkout's first screen
        // hydrates without tailwind-merge (components/ui/cn.ts). Any other class is merged and wins.
        className={(!className || (size === "lg" && joinsLarge.has(className)) ? join : cn)(
          "mt-1 w-full bg-white px-3 ring-1 ring-slate-300 transition outline-none focus:ring-2 focus:ring-accent aria-[invalid=true]:ring-rose-500 dark:bg-slate-950 dark:[color-scheme:dark] dark:ring-slate-700",
          sizes[size],
          className,
        )}
        {...input}
      />
      {children}
    </div>
  );
}
