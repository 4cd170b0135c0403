// The white cards everything sits on: the Panel of the checkout, the swap page, its receipt, the list
// of past swaps and the sign-in, and the smaller `card` of the dashboard and the widget builder.
import { join } from "./join";
import { Skeleton } from "./spinner";

/** The white surface and hairline ring every card shares. */
const surface = "bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800";

/** The smaller, flat card (dashboard panels, the widget builder's sections), for any element. */
export const card = join("rounded-2xl p-4", surface);

const paddings = { md: "p-4 sm:p-6", lg: "p-5 sm:p-6" } as const;

type PanelProps = React.ComponentProps<"section"> & {
  /** Lifted off the page with a shadow (light theme); a flat panel sits below a raised one. */
  raised?: boolean;
  /** `lg`: the sign-in's roomier panel on a phone. */
  padding?: keyof typeof paddings;
};

/**
 * `className` adds to the panel (a margin, its look in print) and overrides none of its classes: they
 * are joined without tailwind-merge (components/ui/join.ts), which stays out of the pages' first load.
 */
export function Panel({ raised = true, padding = "md", className, ...props }: PanelProps) {
  return (
    <section
      className={join(
        "w-full rounded-3xl",
        paddings[padding],
        surface,
        raised && "shadow-xl shadow-slate-200/60 dark:shadow-none",
        className,
      )}
      {...props}
    />
  );
}

/** A panel's heading with its one action at the end of the line; the action wraps under it on a narrow screen. */
export function PanelHeading({
  id,
  action,
  size,
  children,
}: {
  id: string;
  action: React.ReactNode;
  size: "base" | "lg";
  children: React.ReactNode;
}) {
  return (
    <div
      className={join("flex flex-wrap justify-between", size === "lg" ? "items-center gap-3" : "items-baseline gap-2")}
    >
      <h2 id={id} className={join(size === "lg" ? "text-lg" : "text-base", "font-semibold")}>
        {children}
      </h2>
      {action}
    </div>
  );
}

/** A panel while its content loads: the shapes the content will have, and the word for screen readers. */
export function LoadingPanel({ label, shapes }: { label: string; shapes: readonly string[] }) {
  return (
    <Panel aria-busy="true">
      <span className="sr-only">{label}</span>
      {shapes.map((shape, index) => (
        <Skeleton key={index} className={shape} />
      ))}
    </Panel>
  );
}
