"use client";
// The operator's sign-in. The server counts every attempt before it looks at the password (5 a
// minute per client; wrong passwords from strangers also share caps a minute and a day, see
// lib/bff/dashboard/login-limit.ts); when a limit is hit the form says how long to wait, in seconds, minutes
// or hours, and waits with the user.
import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import * as z from "zod/mini";
import { bff, BffError } from "@/lib/client/bff";
import { retryWait, type RetryWait } from "@/lib/client/retry-wait";
import { useNow } from "@/lib/client/use-now";
import { focusHeadingOnArrival, takeHeadingFocus } from "@/lib/client/heading-focus";
import { useErrorText } from "../error-notice";
import { Spinner } from "../ui/spinner";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

const sessionAnswerSchema = z.object({ expiresAt: z.string() });

/**
 * `ended`: the operator's session lapsed on the dashboard (said above the form). `back`: the
 * dashboard's query to return to, so the filters and page they had are there again.
 */
export function LoginForm({ ended = false, back = "" }: { ended?: boolean; back?: string }) {
  const t = useTranslations("dashboard.login");
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BffError | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  // The wait as it was when the limit was hit: what screen readers are told, once (the visible
  // countdown changes every second, and a live region would repeat it every second).
  const [announcedWait, setAnnouncedWait] = useState(0);
  const [missing, setMissing] = useState(false);
  const now = useNow(1000);
  // Arriving from Sign out, focus goes to the password, where the next thing happens.
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeHeadingFocus()) passwordField.current?.focus();
  }, []);
  const waitSeconds = retryAt ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || waitSeconds > 0) return;
    if (password === "") {
      setError(null);
      setMissing(true);
      document.getElementById(`${id}-password`)?.focus();
      return;
    }
    setMissing(false);
    setPending(true);
    setError(null);
    try {
      await bff("/api/partner/session", sessionAnswerSchema, { method: "POST", body: { password } });
      focusHeadingOnArrival();
      router.replace(back ? `/partner?${back}` : "/partner");
      router.refresh();
    } catch (failure) {
      const e = failure instanceof BffError ? failure : new BffError("internal_error", String(failure), 0);
      setError(e);
      const wait = e.retryAfterSeconds ?? 60;
      setRetryAt(e.code === "rate_limited" ? Date.now() + wait * 1000 : null);
      setAnnouncedWait(wait);
      setPending(false);
    }
  }

  const waitText = ({ unit, count }: RetryWait) =>
    unit === "hours"
      ? t("rateLimitedHours", { hours: count })
      : unit === "minutes"
        ? t("rateLimitedMinutes", { minutes: count })
        : t("rateLimited", { seconds: count });
  const limited = error?.code === "rate_limited";
  const message =
    error === null
      ? missing
        ? t("passwordMissing")
        : null
      : error.code === "unauthorized"
        ? t("wrongPassword")
        : error.code === "rate_limited"
          ? waitSeconds > 0
            ? waitText(retryWait(waitSeconds))
            : t("tryAgainNow")
          : error.code === "service_unavailable"
            ? t("unavailable")
            : errorText(error);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-describedby={`${id}-intro`}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        <p id={`${id}-intro`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {ended ? t("ended") : t("intro")}
        </p>
      </div>
      <Field
        id={`${id}-password`}
        ref={passwordField}
        label={t("password")}
        size="lg"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={error?.code === "unauthorized" || missing}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      <p id={`${id}-error`} role="alert" className="min-h-5 text-sm text-rose-700 dark:text-rose-400">
        {limited && waitSeconds > 0 ? (
          <>
            <span aria-hidden="true">{message}</span>
            <span className="sr-only">{waitText(retryWait(announcedWait))}</span>
          </>
        ) : (
          message
        )}
      </p>
      <Button type="submit" variant="operator" disabled={pending || waitSeconds > 0}>
        {pending ? <Spinner /> : null}
        {pending ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
