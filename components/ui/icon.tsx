// Outline icons on a 20×20 grid. Decorative: the button that holds one carries the name.
const paths = {
  back: "M12.5 4.5L7 10l5.5 5.5",
  check: "M4.5 10.5l3.5 3.5 7.5-8",
  close: "M5 5l10 10M15 5L5 15",
  flip: "M6 3v13m0 0l-3-3m3 3l3-3M14 17V4m0 0l-3 3m3-3l3 3",
} as const;

/** Icons that point along the reading direction: drawn mirrored in right-to-left languages. */
const directional: ReadonlySet<keyof typeof paths> = new Set(["back"]);

export function Icon({ name, className = "size-5" }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={directional.has(name) ? `${className} rtl:-scale-x-100` : className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d={paths[name]} />
    </svg>
  );
}
