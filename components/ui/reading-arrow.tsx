// An arrow along the reading direction, as text: onward (→) or back (←). A right-to-left page reads
// the other way, so there it is drawn mirrored: from one thing to the next in reading order.
import type { ComponentProps } from "react";

type Props = { back?: boolean } & Omit<ComponentProps<"span">, "className" | "children">;

export function ReadingArrow({ back = false, ...props }: Props) {
  return (
    <span {...props} className="inline-block rtl:-scale-x-100">
      {back ? "←" : "→"}
    </span>
  );
}
