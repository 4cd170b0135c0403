import { join } from "./join";

const spinnerSizes = { sm: "size-3", md: "size-4" } as const;

/** `className` places the spinner (a margin); its size is `size`, so no class overrides another (components/ui/join.ts). */
export function Spinner({ size = "md", className }: { size?: keyof typeof spinnerSizes; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={join(
        "inline-block animate-spin rounded-full border-2 border-current border-e-transparent motion-reduce:animate-none",
        spinnerSizes[size],
        className,
      )}
    />
  );
}

/** `className` is the shape (a height, a width, a margin); the skeleton itself sets none of them. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={join(
        "block animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800",
        className,
      )}
    />
  );
}
