// Where the user is in the whole journey: Details → Review → Deposit → Done.
import { useTranslations } from "next-intl";
import { join } from "../ui/join";

const steps = ["details", "review", "deposit", "done"] as const;
type JourneyStep = (typeof steps)[number];

/** `ended`: the journey stopped at `current` without completing (an expired, failed or refunded swap). */
type Props = {
  current: JourneyStep;
  ended?: boolean;
  /** Space around it (`mb-4`, `px-1`), joined as given: nothing that overrides its own width or display. */
  className?: string;
  /** Where the journey stopped (`ended`), in the outcome's own colour and mark (components/swap/outcome-table.ts). */
  stop?: { className: string; mark: string };
};

export function StepIndicator({ current, ended = false, className, stop }: Props) {
  const t = useTranslations("steps");
  const at = steps.indexOf(current);
  const labels: Record<JourneyStep, string> = {
    details: t("details"),
    review: t("review"),
    deposit: t("deposit"),
    done: t("done"),
  };
  return (
    // Narrower than 24rem (a phone), only the current step shows its name; the others keep their
    // tick or number, and their names are still read out. All four names overflow 320 px in English
    // and 390 px in Russian.
    <nav aria-label={t("label")} className={join("@container w-full print:hidden", className)}>
      <ol className="flex flex-wrap items-center gap-1 text-xs font-medium sm:text-sm" data-testid="step-indicator">
        {steps.map((step, index) => {
          const done = index < at || (current === "done" && index === at && !ended);
          const here = index === at;
          const stopped = here && ended;
          return (
            <li
              key={step}
              className="flex items-center gap-1.5 [&:not(:last-child)]:flex-1"
              aria-current={here ? "step" : undefined}
            >
              <span
                aria-hidden="true"
                className={join(
                  "flex size-5 shrink-0 items-center justify-center rounded-full text-[0.7rem] font-bold",
                  done
                    ? "bg-accent text-accent-fg"
                    : stopped
                      ? (stop?.className ?? "bg-slate-700 text-white dark:bg-slate-300 dark:text-slate-900")
                      : here
                        ? "ring-2 ring-accent"
                        : "bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300",
                )}
                data-state={done ? "done" : stopped ? "ended" : here ? "current" : "upcoming"}
              >
                {done ? "✓" : stopped ? (stop?.mark ?? "✕") : index + 1}
              </span>
              <span
                className={
                  // sr-only keeps its own line (white-space: nowrap); @sm:not-sr-only lets it wrap again.
                  here
                    ? "whitespace-nowrap text-slate-900 dark:text-slate-50"
                    : "sr-only text-slate-600 @sm:not-sr-only dark:text-slate-400"
                }
              >
                {labels[step]}
              </span>
              <span className="sr-only">
                {done ? t("stateDone") : stopped ? t("stateEnded") : here ? t("stateCurrent") : t("stateUpcoming")}
              </span>
              {index < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={join(
                    "mx-0.5 h-px min-w-1 flex-1 sm:mx-1",
                    index < at ? "bg-accent" : "bg-slate-300 dark:bg-slate-700",
                  )}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
