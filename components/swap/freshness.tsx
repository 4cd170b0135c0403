"use client";
// How fresh the status shown is: the one-line live status at the top on phones, and "Updated at …"
// with "Check now" beside the timeline.
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isTerminalStatus, type SwapStatus } from "@/lib/schema/codes";
import { momentText } from "@/lib/swap/format";
import { useServerNow } from "@/lib/client/use-now";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { join } from "../ui/join";
import { LiveDot } from "../ui/live-dot";
import { toneDot, type Tone } from "../ui/status-tone";

/** When the status shown was read; `failed`: the last check did not get through (what shows is older). */
export function Freshness({
  checkedAt,
  terminal,
  validating,
  failed,
  onRefresh,
  primary = false,
}: {
  checkedAt: number;
  terminal: boolean;
  validating: boolean;
  failed: boolean;
  onRefresh: () => void;
  /** "Check now" is the state's primary action (the deadline passed: is the swap still on?). */
  primary?: boolean;
}) {
  const t = useTranslations("swap");
  const locale = useLocale();
  const time = momentText(checkedAt, locale, { seconds: true });
  // A check the person asked for ends in words for a screen reader too ("Checked at 17:05:12."): a
  // status that did not change would otherwise make it sound as if nothing happened. A change is
  // said by the status itself.
  const [asked, setAsked] = useState(false);
  const [wasValidating, setWasValidating] = useState(validating);
  const [said, setSaid] = useState("");
  if (validating !== wasValidating) {
    setWasValidating(validating);
    if (!validating && asked) {
      setAsked(false);
      setSaid(failed ? "" : t("checkedAt", { time }));
    }
  }
  return (
    <div className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <p>
        {t("updatedAt", { time })}
        {terminal ? null : <span className="block">{t("autoRefresh")}</span>}
      </p>
      <p
        role="status"
        className={failed && !terminal ? "font-medium text-amber-800 dark:text-amber-300" : "sr-only"}
        data-testid="check-failed"
      >
        {failed && !terminal ? t("checkFailed") : ""}
      </p>
      {terminal ? null : (
        // Busy, it stays focusable (aria-disabled; a press meanwhile does nothing), so focus stays here.
        <Button
          variant={primary ? "primary" : "secondary"}
          size={primary ? "md" : "sm"}
          data-primary={primary ? "checkNow" : undefined}
          onClick={() => {
            if (validating) return;
            setAsked(true);
            setSaid("");
            onRefresh();
          }}
          aria-disabled={validating || undefined}
          className="self-start aria-disabled:cursor-progress"
        >
          {validating ? <Spinner size="sm" /> : null}
          {t("refresh")}
        </Button>
      )}
      <span role="status" className="sr-only" data-testid="check-said">
        {said}
      </span>
    </div>
  );
}

/** The one-line live status that stays at the top on phones; `checkedAt` is on the server's clock. */
export function LiveStatusLine({
  status,
  tone,
  pastDeadline,
  checkedAt,
  clockOffset,
  failed,
}: {
  status: SwapStatus;
  /** The state's colour (components/swap/outcome-table.ts), for the dot of an ended swap. */
  tone: Tone;
  pastDeadline: boolean;
  checkedAt: number;
  clockOffset: number;
  /** The last check did not get through (offline, or the server is away): said up here too, not only by "Check now". */
  failed: boolean;
}) {
  const t = useTranslations("status");
  const now = useServerNow(clockOffset);
  const seconds = Math.max(0, Math.round((now - checkedAt) / 1000));
  return (
    <p
      aria-hidden="true"
      data-testid="live-status"
      className="sticky top-0 z-30 -mx-(--page-gutter) border-b border-slate-200 bg-white/95 px-4 py-2 text-sm font-medium backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-900/95 print:hidden"
    >
      {isTerminalStatus(status) ? (
        <span className={join("me-2 inline-block size-2 rounded-full align-middle", toneDot[tone])} />
      ) : (
        <LiveDot beat={checkedAt} className="me-2 inline-block size-2 align-middle" />
      )}
      {t(`${pastDeadline ? "waitingPastDeadline" : status}.title`)}
      {/* An ended swap changes no more: how long ago it was checked would only look like stale data. */}
      {isTerminalStatus(status) ? null : (
        <>
          {" "}
          ·{" "}
          {seconds < 60 ? t("checkedSeconds", { seconds }) : t("checkedMinutes", { minutes: Math.floor(seconds / 60) })}
        </>
      )}
      {failed && !isTerminalStatus(status) ? (
        <span className="text-amber-800 dark:text-amber-300"> · {t("checkFailedShort")}</span>
      ) : null}
    </p>
  );
}
