import { join } from "./join";

// Outline icons on a 20×20 grid. Decorative: the button that holds one carries the name.
const paths = {
  back: "M12.5 4.5L7 10l5.5 5.5",
  check: "M4.5 10.5l3.5 3.5 7.5-8",
  close: "M5 5l10 10M15 5L5 15",
  flip: "M6 3v13m0 0l-3-3m3 3l3-3M14 17V4m0 0l-3 3m3-3l3 3",
} as const;

// Icons that point along the reading direction turn round in a right-to-left page ("back" points
// to the right there). The swap's flip arrows are up and down: they stay as they are.
const mirrored: ReadonlySet<keyof typeof paths> = new Set(["back"]);

/** `className`: its size and colour; never a transform, which the mirrored icons have their own of. */
export function Icon({ name, className = "size-5" }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={join(className, mirrored.has(name) && "rtl:-scale-x-100")}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d={paths[name]} />
    </svg>
  );
}
