"use client";
// For partner developers: choose the widget's parameters, watch it live (full width or at phone
// width), read the events it sends, and copy a snippet for plain HTML or for React.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { findByRef, assetRef } from "@/lib/swap/asset-ref";
import { accentForeground, contrastRatio, isHexColor } from "@/lib/swap/contrast";
import { useAssets } from "@/lib/client/use-assets";
import { localeNames, locales, type Locale } from "@/lib/i18n/locales";
import { AssetPicker } from "../checkout/asset-picker";
import { EmbedReference } from "./embed-reference";
import { EmbedSnippet } from "./embed-snippet";
import { segment } from "./segment";
import { SignConfig, type Signing } from "./sign-config";
import { join } from "../ui/join";
import { card } from "../ui/panel";

type Params = {
  from: string;
  to: string;
  amount: string;
  theme: "auto" | "light" | "dark";
  accent: string;
  locale: "" | Locale;
  config: string;
};
type LoggedEvent = { at: string; type: string; payload: string };

const field = "h-10 w-full rounded-lg bg-white px-2.5 ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700";
const LIGHT_PAGE = "ffffff";
const DARK_PAGE = "020617";

const previewSrc = (src: string) => {
  const url = new URL(src);
  return url.pathname + url.search;
};

const noSubscription = () => () => {};

/**
 * This app's origin for the snippet: the address bar's once in the browser (what the partner
 * developer reached, whatever headers the request carried), the server's rendering of it before.
 */
function useAppOrigin(rendered: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => rendered,
  );
}

export function EmbedBuilder({ origin: rendered, signing = "off" }: { origin: string; signing?: Signing }) {
  const t = useTranslations("embed");
  const tc = useTranslations("checkout");
  const origin = useAppOrigin(rendered);
  const [params, setParams] = useState<Params>({
    from: "BTC.bitcoin",
    to: "USDT.tron",
    amount: "0.01",
    theme: "auto",
    accent: "",
    locale: "",
    config: "",
  });
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const [phone, setPhone] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const assets = useAssets().data?.assets ?? [];
  const pickers = [
    { side: "from", label: t("from"), list: assets.filter((a) => a.canSend), role: "send" },
    { side: "to", label: t("to"), list: assets.filter((a) => a.canReceive), role: "receive" },
  ] as const;

  const accentValid = params.accent === "" || isHexColor(params.accent);
  const src = useMemo(() => {
    const url = new URL("/widget", origin);
    for (const [key, value] of Object.entries(params)) {
      if (!value || (key === "theme" && value === "auto") || (key === "accent" && !isHexColor(value))) continue;
      url.searchParams.set(key, key === "accent" ? value.replace(/^#/, "").toLowerCase() : value);
    }
    return url.toString();
  }, [params, origin]);
  const preview = previewSrc(src);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { source?: string; type?: string; payload?: unknown };
      if (data?.source !== "swap-checkout" || !data.type) return;
      if (
        data.type === "resize" &&
        frame.current &&
        typeof (data.payload as { height?: unknown })?.height === "number"
      ) {
        frame.current.style.height = `${(data.payload as { height: number }).height}px`;
      }
      setEvents((list) =>
        [
          { at: new Date().toLocaleTimeString(), type: data.type!, payload: JSON.stringify(data.payload) },
          ...list,
        ].slice(0, 30),
      );
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const set = (key: keyof Params) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setParams((p) => ({ ...p, [key]: e.target.value }));

  // Outlines, links and focus rings are drawn in the accent on the page's background: WCAG asks 3:1.
  const accentHex = isHexColor(params.accent) ? params.accent.replace(/^#/, "") : null;
  const backgrounds =
    params.theme === "light"
      ? [["light", LIGHT_PAGE]]
      : params.theme === "dark"
        ? [["dark", DARK_PAGE]]
        : [
            ["light", LIGHT_PAGE],
            ["dark", DARK_PAGE],
          ];
  const lowContrast = accentHex
    ? backgrounds
        .map(([name, bg]) => ({ name: name!, ratio: contrastRatio(accentHex, bg!) }))
        .filter((c) => c.ratio < 3)
    : [];

  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
      <div className="flex min-w-0 flex-col gap-4">
        <form className={join(card, "grid grid-cols-2 gap-3")} onSubmit={(e) => e.preventDefault()}>
          {pickers.map(({ side, label, list, role }) => (
            <div key={side} className="col-span-2 flex flex-col gap-1 text-sm font-medium">
              <span aria-hidden="true">{label}</span>
              <AssetPicker
                label={label}
                assets={list}
                selected={findByRef(list, params[side], role)}
                onSelect={(a) => setParams((p) => ({ ...p, [side]: assetRef(a) }))}
              />
            </div>
          ))}
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("amount")}
            <input className={field} value={params.amount} inputMode="decimal" onChange={set("amount")} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("theme")}
            <select className={field} value={params.theme} onChange={set("theme")}>
              <option value="auto">{t("themeAuto")}</option>
              <option value="light">{t("themeLight")}</option>
              <option value="dark">{t("themeDark")}</option>
            </select>
          </label>
          <div className="col-span-2 flex flex-col gap-1 text-sm font-medium">
            <label htmlFor="embed-accent">{t("accent")}</label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t("accentSwatch")}
                value={`#${accentHex && accentHex.length === 6 ? accentHex : "18e299"}`}
                onChange={(e) => setParams((p) => ({ ...p, accent: e.target.value.slice(1) }))}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-lg bg-white ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700"
              />
              <input
                id="embed-accent"
                className={join(field, "font-mono")}
                value={params.accent}
                placeholder="18e299"
                onChange={set("accent")}
                aria-invalid={!accentValid}
                aria-describedby="embed-accent-note"
              />
            </div>
            {/* Polite, not an alert: it changes with nearly every keystroke of a colour being typed. */}
            <p id="embed-accent-note" className="text-xs font-normal" aria-live="polite">
              {!accentValid ? (
                <span className="text-rose-700 dark:text-rose-400">{t("accentInvalid")}</span>
              ) : lowContrast.length ? (
                <span className="text-amber-800 dark:text-amber-300">
                  {lowContrast
                    .map((c) =>
                      t("contrastLow", {
                        ratio: c.ratio.toFixed(1),
                        background: c.name === "light" ? t("themeLight") : t("themeDark"),
                      }),
                    )
                    .join(" ")}
                </span>
              ) : (
                <span className="text-slate-600 dark:text-slate-400">{t("accentHelp")}</span>
              )}
            </p>
          </div>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("locale")}
            <select className={field} value={params.locale} onChange={set("locale")}>
              <option value="">{t("localeAuto")}</option>
              {locales.map((l) => (
                <option key={l} value={l} lang={l}>
                  {localeNames[l]}
                </option>
              ))}
            </select>
          </label>
          <label className="col-span-2 flex flex-col gap-1 text-sm font-medium">
            {t("config")}
            <input
              className={`${field} font-mono text-xs`}
              value={params.config}
              placeholder={t("configPlaceholder")}
              onChange={set("config")}
            />
          </label>
          <p className="col-span-2 text-sm text-slate-600 dark:text-slate-400">{t("configHelp")}</p>
        </form>
        <SignConfig signing={signing} to={params.to} onSigned={(config) => setParams((p) => ({ ...p, config }))} />
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby="preview-title" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="preview-title" className="font-semibold">
              {t("preview")}
            </h2>
            <div role="group" aria-label={t("previewWidth")} className="flex gap-1">
              {[false, true].map((narrow) => (
                <button
                  key={String(narrow)}
                  type="button"
                  aria-pressed={phone === narrow}
                  onClick={() => setPhone(narrow)}
                  className={segment(phone === narrow)}
                >
                  {narrow ? t("phone") : t("wide")}
                </button>
              ))}
            </div>
          </div>
          {/* The widget's own button waits for a payout address, so it is never seen enabled in the
              preview: the accent on an enabled button, beside it, as the checkout draws it. */}
          <div
            className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300"
            data-testid="accent-sample"
          >
            <span>{t("accentSample")}</span>
            <span
              aria-hidden="true"
              style={
                accentHex
                  ? ({ "--accent": `#${accentHex}`, "--accent-fg": accentForeground(accentHex) } as React.CSSProperties)
                  : undefined
              }
              className="inline-flex h-11 items-center rounded-xl bg-accent px-4 font-medium text-accent-fg shadow-sm"
              data-testid="accent-sample-button"
            >
              {tc("review")}
            </span>
          </div>
          <div
            className={join(
              "rounded-2xl ring-1 ring-slate-200 dark:ring-slate-800",
              phone && "mx-auto w-[390px] max-w-full",
            )}
          >
            {/* By path: the preview is this app's own page, wherever the page was reached. */}
            <iframe
              ref={frame}
              key={preview}
              src={preview}
              title={t("preview")}
              className="min-h-[40rem] w-full rounded-2xl"
            />
          </div>
        </section>
      </div>
      <EmbedSnippet origin={origin} src={src} />
      <div className="grid min-w-0 gap-4 lg:col-span-2 lg:grid-cols-2">
        <EmbedReference />
        {/* A log to read, not a live region: resize and quote events arrive all the time. */}
        <section className={card}>
          <h2 className="font-semibold">{t("events")}</h2>
          {events.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("noEvents")}</p>
          ) : null}
          {/* Focusable: it scrolls once many events arrive, and a keyboard must be able to scroll it. */}
          <ol
            tabIndex={0}
            aria-label={t("events")}
            className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto rounded font-mono text-xs"
          >
            {events.map((e, i) => (
              <li key={`${e.at}-${i}`} className="break-all">
                <span className="text-slate-600 dark:text-slate-400">{e.at}</span>{" "}
                <span className="font-semibold">{e.type}</span> {e.payload}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
