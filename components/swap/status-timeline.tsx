"use client";
// Where the swap is: the happy path as steps, with the detours (underpaid) and endings (refunded,
// failed, expired) shown in their place.
import { useTranslations } from "next-intl";
import type { SwapStatus } from "@/lib/schema/partner";
import { join } from "../ui/join";
import { LiveDot } from "../ui/live-dot";
import type { Tone } from "../ui/status-tone";
import { stopMarkOf } from "./outcome-table";

const happyPath = ["waiting_deposit", "deposit_detected", "processing", "completed"] as const;

function stepIndex(status: SwapStatus): number {
  switch (status) {
    case "waiting_deposit":
    case "expired":
      return 0;
    case "deposit_detected":
    case "underpaid":
      return 1;
    case "processing":
    case "refunded":
    case "failed":
      return 2;
    case "completed":
      return 3;
  }
}

/** `tone`: the state's colour (components/swap/outcome-table.ts), for the marker where it stopped. */
export function StatusTimeline({
  status,
  tone,
  checkedAt,
}: {
  status: SwapStatus;
  tone: Tone;
  /** When the status was read: the current step's dot beats after each read. */
  checkedAt: number;
}) {
  const t = useTranslations("status");
  const current = stepIndex(status);
  const stopped = status === "expired" || status === "refunded" || status === "failed";
  return (
    <ol className="flex flex-col gap-0" aria-label={t("timelineLabel")}>
      {happyPath.map((step, index) => {
        const done = index < current || status === "completed";
        const here = index === current && status !== "completed";
        const label = here && status !== step ? t(`${status}.title`) : t(`${step}.step`);
        return (
          <li key={step} className="relative flex gap-3 pb-4 last:pb-0" aria-current={here ? "step" : undefined}>
            {index < happyPath.length - 1 ? (
              <span
                aria-hidden="true"
                className={join(
                  "absolute start-[0.6875rem] top-7 h-[calc(100%-1.75rem)] w-0.5",
                  done ? "bg-accent" : "bg-slate-200 dark:bg-slate-700",
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={join(
                "relative mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                done && "bg-accent text-accent-fg",
                here && !stopped && status !== "underpaid" && "bg-white ring-2 ring-accent dark:bg-slate-900",
                here && status === "underpaid" && "bg-amber-400 text-amber-950",
                here && stopped && stopMarkOf(tone).className,
                !done && !here && "bg-slate-200 dark:bg-slate-700",
              )}
            >
              {done ? (
                "✓"
              ) : here && stopped ? (
                stopMarkOf(tone).mark
              ) : here ? (
                <LiveDot beat={checkedAt} className="size-2" />
              ) : null}
            </span>
            {/* After a refund, a failure or an expiry the later steps will not come: struck through
                and said so, not "not yet" (which told a refunded person the payout was still to come). */}
            <span
              className={join(
                "pt-0.5",
                here
                  ? "font-semibold"
                  : done
                    ? "text-slate-800 dark:text-slate-200"
                    : "text-slate-500 dark:text-slate-400",
                stopped && index > current && "line-through",
              )}
            >
              {label}
              <span className="sr-only">
                {done
                  ? ` — ${t("done")}`
                  : here
                    ? ` — ${stopped ? t("endedHere") : t("current")}`
                    : ` — ${stopped ? t("skipped") : t("upcoming")}`}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
