"use client";
// On the embed page, for an operator signed in to the dashboard: a widget config signed by this
// server (POST /api/partner/widget-config) and put in the preview and the snippet, with no command
// line. The key stays on the server; the browser sends only the fields.
import { useId, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { BffError } from "@/lib/client/bff";
import { signWidgetConfig } from "@/lib/client/sign-widget-config";
import { networkLabel } from "@/lib/swap/asset-ref";
import { ErrorNotice } from "../error-notice";
import { Button } from "../ui/button";
import { join } from "../ui/join";
import { card } from "../ui/panel";

/** What the page knows of the visitor: an operator with a session, one who could sign in, or no dashboard. */
export type Signing = "signed-in" | "sign-in" | "off";

const LIFETIMES = { hour: 3_600, day: 86_400, month: 30 * 86_400 } as const;
const field =
  "h-10 w-full rounded-lg bg-white px-2.5 font-normal ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700";

export function SignConfig({
  signing,
  to,
  onSigned,
}: {
  signing: Signing;
  to: string;
  onSigned: (config: string) => void;
}) {
  const t = useTranslations("embed");
  const locale = useLocale();
  const id = useId();
  const [externalId, setExternalId] = useState("");
  const [customerId, setCustomerId] = useState("");
  const [lockTo, setLockTo] = useState(false);
  const [lifetime, setLifetime] = useState<keyof typeof LIFETIMES>("day");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BffError | null>(null);
  const [signedUntil, setSignedUntil] = useState<number | null>(null);

  if (signing === "off") return null;
  const [symbol = "", network = ""] = to.split(".");
  const toText = network ? `${symbol} (${networkLabel(network)})` : symbol;

  async function sign(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const signed = await signWidgetConfig({
        exp: Math.floor(Date.now() / 1000) + LIFETIMES[lifetime],
        ...(externalId.trim() ? { externalId: externalId.trim() } : {}),
        ...(customerId.trim() ? { customerId: customerId.trim() } : {}),
        ...(lockTo ? { to } : {}),
      });
      onSigned(signed.config);
      setSignedUntil(signed.exp);
    } catch (e) {
      setSignedUntil(null);
      setError(e instanceof BffError ? e : new BffError("internal_error", String(e), 0));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={join(card, "flex flex-col gap-3")} aria-labelledby={`${id}-title`} data-testid="sign-config">
      <h2 id={`${id}-title`} className="font-semibold">
        {t("signTitle")}
      </h2>
      {signing === "sign-in" ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("signSignIn")}{" "}
          <a href="/partner/login" className="font-medium underline underline-offset-2">
            {t("signSignInLink")}
          </a>
        </p>
      ) : (
        <form className="grid grid-cols-2 gap-3" onSubmit={sign}>
          <p className="col-span-2 text-sm text-slate-600 dark:text-slate-400">{t("signHelp")}</p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("signExternalId")}
            <input
              className={join(field, "font-mono")}
              value={externalId}
              maxLength={128}
              onChange={(e) => setExternalId(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("signCustomerId")}
            <input
              className={join(field, "font-mono")}
              value={customerId}
              maxLength={128}
              onChange={(e) => setCustomerId(e.target.value)}
            />
          </label>
          <label className="col-span-2 flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-4" checked={lockTo} onChange={(e) => setLockTo(e.target.checked)} />
            {t("signLockTo", { asset: toText })}
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("signLifetime")}
            <select
              className={field}
              value={lifetime}
              onChange={(e) => setLifetime(e.target.value as keyof typeof LIFETIMES)}
            >
              <option value="hour">{t("signHour")}</option>
              <option value="day">{t("signDay")}</option>
              <option value="month">{t("signMonth")}</option>
            </select>
          </label>
          <div className="flex items-end">
            <Button type="submit" variant="operator" className="w-full" disabled={busy} aria-busy={busy || undefined}>
              {t("signButton")}
            </Button>
          </div>
          <p
            role="status"
            className="col-span-2 text-sm text-slate-700 empty:hidden dark:text-slate-300"
            data-testid="sign-status"
          >
            {signedUntil
              ? t("signDone", {
                  until: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
                    new Date(signedUntil * 1000),
                  ),
                })
              : ""}
          </p>
          {error ? <ErrorNotice error={error} className="col-span-2" /> : null}
        </form>
      )}
    </section>
  );
}
