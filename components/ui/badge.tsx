// A small rounded label in a status colour (the dashboard's swap and webhook statuses).
import { join } from "./join";
import { toneSurface, type Tone } from "./status-tone";

export function Badge({ tone, ...props }: Omit<React.ComponentProps<"span">, "className"> & { tone: Tone }) {
  return (
    <span
      data-slot="badge"
      className={join(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1",
        toneSurface[tone],
      )}
      {...props}
    />
  );
}
