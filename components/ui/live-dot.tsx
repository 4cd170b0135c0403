// The dot that says the page is watching a swap. It beats twice when a status read comes back, then
// stays still until the next one. An endless pulse kept the browser drawing 60 frames a second for a
// page that changes every 30 s: 13-14 % of a core on an idle swap page in headless Chromium, against
// 1.4 % without it (docs/benchmarks.md), a phone's battery spent on a dot.
import { join } from "./join";

/** `beat`: when the status was last read; each new value beats the dot again. */
export function LiveDot({ beat, className }: { beat: number; className?: string }) {
  return (
    <span
      key={beat}
      aria-hidden="true"
      data-testid="live-dot"
      className={join("animate-beat rounded-full bg-accent motion-reduce:animate-none", className)}
    />
  );
}
