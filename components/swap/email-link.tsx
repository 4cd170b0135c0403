"use client";
// "E-mail me this link": shown only when the server can send mail (SMTP_URL and MAIL_FROM). The
// address goes to our own API with the swap's token, once; this page keeps it only while typed.
import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { bff, BffError } from "@/lib/client/bff";
import type { AnswerCheck } from "@/lib/schema/answers";
import { useErrorText } from "../error-notice";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Spinner } from "../ui/spinner";

/** The route's `{ sent: true }`, checked without zod (which the swap page does not load). */
const sentAnswer: AnswerCheck<{ sent: true }> = {
  safeParse: (value) =>
    (value as { sent?: unknown } | null)?.sent === true ? { success: true, data: { sent: true } } : { success: false },
};

export function EmailLink({ swapId, token }: { swapId: string; token: string }) {
  const t = useTranslations("emailLink");
  const locale = useLocale();
  const errorText = useErrorText();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "failed"; error: BffError }>({
    kind: "idle",
  });

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (state.kind === "sending") return;
    setState({ kind: "sending" });
    try {
      await bff(`/api/v1/swap/${swapId}/email`, sentAnswer, {
        method: "POST",
        body: { email, locale },
        headers: { "x-swap-token": token },
      });
      setEmail("");
      setState({ kind: "sent" });
    } catch (error) {
      setState({
        kind: "failed",
        error: error instanceof BffError ? error : new BffError("internal_error", String(error), 0),
      });
    }
  }

  return (
    <details className="rounded-xl text-sm" data-testid="email-link">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-xl px-3 font-medium ring-1 ring-slate-300 marker:hidden hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800">
        {t("offer")}
      </summary>
      <form onSubmit={send} className="mt-3 flex flex-col gap-2" noValidate={false}>
        <Field
          id="email-link"
          label={t("label")}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value.trim())}
          aria-describedby="email-link-note"
        >
          <p id="email-link-note" className="mt-1 text-slate-600 dark:text-slate-400">
            {t("note")}
          </p>
        </Field>
        <Button type="submit" variant="secondary" className="self-start" aria-busy={state.kind === "sending"}>
          {state.kind === "sending" ? <Spinner size="sm" /> : null}
          {t("send")}
        </Button>
        <p role="status" className="min-h-5" data-testid="email-link-result">
          {state.kind === "sent" ? (
            t("sent")
          ) : state.kind === "failed" ? (
            <span className="text-rose-700 dark:text-rose-400">{errorText(state.error)}</span>
          ) : (
            ""
          )}
        </p>
      </form>
    </details>
  );
}
