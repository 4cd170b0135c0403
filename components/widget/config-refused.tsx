"use client";
// A signed config the widget cannot go on with: said to the person, and to the host page as a
// `config_refused` event, so a partner's page can sign a fresh config and mount the widget again.
import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { useWidgetMessenger } from "./widget-shell";

export type ConfigRefusal = "expired" | "invalid";

/** The whole widget when its config was refused on arrival. */
export function ConfigRefusedPanel({ reason }: { reason: ConfigRefusal }) {
  const t = useTranslations("widget");
  useConfigRefusedEvent(reason);
  return (
    <section
      role="alert"
      className="rounded-3xl bg-white p-5 ring-1 ring-rose-200 dark:bg-slate-900 dark:ring-rose-900"
    >
      <h1 className="text-lg font-semibold">{t("refusedTitle")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {reason === "expired" ? t("refusedExpired") : t("refusedInvalid")}
      </p>
    </section>
  );
}

/** Said above the checkout when the config expires while it is open: nothing can be created any more. */
export function ConfigExpiredNotice() {
  const t = useTranslations("widget");
  useConfigRefusedEvent("expired");
  return (
    <section
      role="alert"
      className="mb-3 rounded-2xl bg-rose-50 p-4 text-rose-950 ring-1 ring-rose-200 dark:bg-rose-950/50 dark:text-rose-50 dark:ring-rose-900"
      data-testid="config-expired"
    >
      <h2 className="font-semibold">{t("expiredWhileOpenTitle")}</h2>
      <p className="mt-1 text-sm">{t("refusedExpired")}</p>
    </section>
  );
}

function useConfigRefusedEvent(reason: ConfigRefusal) {
  const post = useWidgetMessenger();
  useEffect(() => post("config_refused", { reason }), [post, reason]);
}
