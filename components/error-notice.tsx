"use client";
// A BFF error in the user's language, with what to do next. The code is the contract; the server's
// English message is only a fallback for a code this build does not know.
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { bffErrorCodes } from "@/lib/schema/codes";
import type { BffError } from "@/lib/client/bff";
import { SupportLink } from "./support";
import { join } from "./ui/join";

const known = new Set<string>([...bffErrorCodes, "network_error"]);

export function useErrorText() {
  const t = useTranslations("errors");
  return (error: BffError) => {
    // The widget's signed config expired (or was refused) while the page was open: no field of the
    // form can fix that, so say what can.
    const config =
      error.code === "validation_error"
        ? (error.details.fields as Record<string, unknown> | undefined)?.["x-widget-config"]
        : undefined;
    if (config !== undefined) return config === "expired" ? t("widgetConfigExpired") : t("widgetConfigInvalid");
    // The key's shared budget, not this person's own requests: say the service is busy, not "you".
    const budget = error.code === "rate_limited" ? error.details.budget : undefined;
    if (budget !== undefined && budget !== "client") return t("busy");
    return known.has(error.code) ? t(error.code as "internal_error") : error.message || t("internal_error");
  };
}

/** `swapId`: the swap the error is about, for the support link. */
export function ErrorNotice({
  error,
  action,
  className,
  swapId,
}: {
  error: BffError;
  action?: React.ReactNode;
  className?: string;
  swapId?: string;
}) {
  const text = useErrorText();
  const t = useTranslations("errors");
  return (
    <div
      role="alert"
      className={join(
        "flex flex-col gap-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 ring-1 ring-rose-200 dark:bg-rose-950/50 dark:text-rose-100 dark:ring-rose-900",
        className,
      )}
    >
      <p>{text(error)}</p>
      {error.retryAfterSeconds ? <RetryIn error={error} seconds={error.retryAfterSeconds} /> : null}
      {error.requestId && error.status >= 500 ? (
        <p className="font-mono text-xs opacity-75">{t("reference", { id: error.requestId })}</p>
      ) : null}
      {action}
      <p>
        <SupportLink context={{ requestId: error.requestId ?? null, swapId: swapId ?? null }} />
      </p>
    </div>
  );
}

/**
 * "You can try again in N seconds", counting down, then "You can try again now". Screen readers
 * hear the first sentence once and the last one once, not a number a second (the notice is an alert).
 */
function RetryIn({ error, seconds }: { error: BffError; seconds: number }) {
  const t = useTranslations("errors");
  // Counted for one refusal: a new one with the same wait starts again from its own number.
  const [count, setCount] = useState<{ of: BffError; left: number } | null>(null);
  const left = count?.of === error ? count.left : seconds;
  useEffect(() => {
    const until = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setCount({ of: error, left: next });
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [error, seconds]);
  return (
    <p className="text-rose-800 dark:text-rose-200" data-testid="retry-in">
      {left === 0 ? (
        t("retryNow")
      ) : (
        <>
          <span aria-hidden="true">{t("retryIn", { seconds: left })}</span>
          <span className="sr-only">{t("retryIn", { seconds })}</span>
        </>
      )}
    </p>
  );
}
