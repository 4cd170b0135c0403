// A labelled input the width of its column, and the lines under it (a check, a hint) as children:
// the checkout's payout fields (large) and the operator screens' inputs.
import { join } from "./join";

const sizes = { md: "h-10 rounded-lg text-sm", lg: "h-12 rounded-xl" } as const;

/** The checkout's payout fields' text: monospace (an e-mail address: the page's own face), a little smaller. */
const payoutFonts = { mono: "font-mono text-[0.95rem]", sans: "text-[0.95rem] font-sans" } as const;

export type FieldProps = Omit<React.ComponentProps<"input">, "size" | "className"> & {
  id: string;
  label: string;
  /** The large size sets no font of its own: a payout field's comes with `font`. */
  size?: keyof typeof sizes;
  font?: keyof typeof payoutFonts;
  /** Inside a titled group: the label is lighter than the group's title. */
  nested?: boolean;
  children?: React.ReactNode;
};

export function Field({ id, label, size = "md", font, nested = false, children, ...input }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={nested ? "text-sm" : "text-sm font-medium"}>
        {label}
      </label>
      <input
        id={id}
        // No class here overrides another, so they are joined without tailwind-merge (components/ui/join.ts).
        className={join(
          "mt-1 w-full bg-white px-3 ring-1 ring-slate-300 transition outline-none focus:ring-2 focus:ring-accent aria-[invalid=true]:ring-rose-500 dark:bg-slate-950 dark:[color-scheme:dark] dark:ring-slate-700",
          sizes[size],
          font && payoutFonts[font],
        )}
        {...input}
      />
      {children}
    </div>
  );
}
