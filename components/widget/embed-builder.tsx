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
import { CopyButton } from "../ui/copy-button";
import { SignConfig, type Signing } from "./sign-config";
import { cn } from "../ui/cn";
import { card } from "../ui/panel";

type Params = { from: string; to: string; amount: string; theme: "auto" | "light" | "dark"; accent: string; locale: "" | Locale; config: string };
type LoggedEvent = { at: string; type: string; payload: string };

const field = "h-10 w-full rounded-lg bg-white px-2.5 ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700";
/** A choice in a small segmented control (the preview's width, the snippet's format): filled when chosen. */
const segment = (on: boolean) =>
  cn(
    "h-8 rounded-lg px-3 text-sm font-medium ring-1",
    on
      ? "bg-slate-900 text-white ring-slate-900 dark:bg-slate-100 dark:text-slate-900 dark:ring-slate-100"
      : "ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800",
  );
const LIGHT_PAGE = "ffffff";
const DARK_PAGE = "020617";

const paramNames = ["from", "to", "amount", "theme", "accent", "locale", "config"] as const;
const eventNames = ["ready", "resize", "quote", "swap_created", "status", "terminal", "config_refused"] as const;

const previewSrc = (src: string) => {
  const url = new URL(src);
  return url.pathname + url.search;
};

function htmlSnippet(origin: string, src: string) {
  return `<div id="swap-checkout"></div>
<script src="${origin}/embed.js"></script>
<script>
  SwapCheckout.mount(document.getElementById("swap-checkout"), {
    src: "${src}",
    onEvent: function (event) { console.log(event.type, event.payload); },
  });
</script>`;
}

/** Short: the widget as a client component, loading embed.js once and mounting it (StrictMode's second mount included). */
function reactSnippet(origin: string, src: string) {
  return `"use client";
import { useEffect, useRef } from "react";

type WidgetEvent = { type: string; payload: unknown };
type Embed = { mount(el: HTMLElement, o: { src: string; onEvent: (e: WidgetEvent) => void }): { destroy(): void } };

export function SwapCheckout({ onEvent }: { onEvent?: (event: WidgetEvent) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const handler = useRef(onEvent);
  useEffect(() => void (handler.current = onEvent));
  useEffect(() => {
    let widget: { destroy(): void } | undefined;
    const script = Object.assign(document.createElement("script"), { src: "${origin}/embed.js" });
    script.onload = () => (widget = (window as unknown as { SwapCheckout: Embed }).SwapCheckout.mount(host.current!, { src: "${src}", onEvent: (e) => handler.current?.(e) }));
    document.head.append(script);
    return () => { script.onload = null; script.remove(); widget?.destroy(); };
  }, []);
  return <div ref={host} />;
}`;
}

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
  const [params, setParams] = useState<Params>({ from: "BTC.bitcoin", to: "USDT.tron", amount: "0.01", theme: "auto", accent: "", locale: "", config: "" });
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const [tab, setTab] = useState<"html" | "react">("html");
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
      if (data.type === "resize" && frame.current && typeof (data.payload as { height?: unknown })?.height === "number") {
        frame.current.style.height = `${(data.payload as { height: number }).height}px`;
      }
      setEvents((list) => [{ at: new Date().toLocaleTimeString(), type: data.type!, payload: JSON.stringify(data.payload) }, ...list].slice(0, 30));
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const snippet = tab === "html" ? htmlSnippet(origin, src) : reactSnippet(origin, src);
  const set = (key: keyof Params) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setParams((p) => ({ ...p, [key]: e.target.value }));

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
  const lowContrast = accentHex ? backgrounds.map(([name, bg]) => ({ name: name!, ratio: contrastRatio(accentHex, bg!) })).filter((c) => c.ratio < 3) : [];

  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
      <div className="flex min-w-0 flex-col gap-4">
        <form className={cn(card, "grid grid-cols-2 gap-3")} onSubmit={(e) => e.preventDefault()}>
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
                className={cn(field, "font-mono")}
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
                    .map((c) => t("contrastLow", { ratio: c.ratio.toFixed(1), background: c.name === "light" ? t("themeLight") : t("themeDark") }))
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
            <input className={`${field} font-mono text-xs`} value={params.config} placeholder={t("configPlaceholder")} onChange={set("config")} />
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
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300" data-testid="accent-sample">
            <span>{t("accentSample")}</span>
            <span
              aria-hidden="true"
              style={accentHex ? ({ "--accent": `#${accentHex}`, "--accent-fg": accentForeground(accentHex) } as React.CSSProperties) : undefined}
              className="inline-flex h-11 items-center rounded-xl bg-accent px-4 font-medium text-accent-fg shadow-sm"
              data-testid="accent-sample-button"
            >
              {tc("review")}
            </span>
          </div>
          <div className={cn("rounded-2xl ring-1 ring-slate-200 dark:ring-slate-800", phone && "mx-auto w-[390px] max-w-full")}>
            {/* By path: the preview is this app's own page, wherever the page was reached. */}
            <iframe ref={frame} key={preview} src={preview} title={t("preview")} className="min-h-[40rem] w-full rounded-2xl" />
          </div>
        </section>
      </div>
      <div className="min-w-0 lg:col-span-2">
        <section className={card} aria-labelledby="snippet-title">
          <div className="flex items-center justify-between gap-2">
            <h2 id="snippet-title" className="font-semibold">
              {t("snippet")}
            </h2>
            <CopyButton value={snippet} label={t("snippet")} />
          </div>
          <div role="tablist" aria-label={t("snippetFormat")} className="mt-2 flex gap-1">
            {(["html", "react"] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`snippet-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="snippet-panel"
                onClick={() => setTab(name)}
                className={segment(tab === name)}
              >
                {name === "html" ? t("tabHtml") : t("tabReact")}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="snippet-panel" aria-labelledby={`snippet-tab-${tab}`}>
            {tab === "react" ? <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("reactHint")}</p> : null}
            <pre className="mt-2 rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-slate-950" data-testid="snippet">
              <code>{snippet}</code>
            </pre>
          </div>
        </section>
      </div>
      <div className="grid min-w-0 gap-4 lg:col-span-2 lg:grid-cols-2">
        <section className={card} aria-labelledby="reference-title">
          <h2 id="reference-title" className="font-semibold">
            {t("reference")}
          </h2>
          <h3 className="mt-3 text-sm font-semibold">{t("parameters")}</h3>
          <ReferenceList names={paramNames} t={t} />
          <h3 className="mt-4 text-sm font-semibold">{t("eventsReference")}</h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t("eventsShape")}</p>
          <ReferenceList names={eventNames} t={t} />
        </section>
        {/* A log to read, not a live region: resize and quote events arrive all the time. */}
        <section className={card}>
          <h2 className="font-semibold">{t("events")}</h2>
          {events.length === 0 ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("noEvents")}</p> : null}
          {/* Focusable: it scrolls once many events arrive, and a keyboard must be able to scroll it. */}
          <ol tabIndex={0} aria-label={t("events")} className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto rounded font-mono text-xs">
            {events.map((e, i) => (
              <li key={`${e.at}-${i}`} className="break-all">
                <span className="text-slate-600 dark:text-slate-400">{e.at}</span> <span className="font-semibold">{e.type}</span> {e.payload}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useTranslations<"embed">>;
type ReferenceName = (typeof paramNames)[number] | (typeof eventNames)[number];

/** Parameters or events as they are written in code, each with what it means. */
function ReferenceList({ names, t }: { names: readonly ReferenceName[]; t: T }) {
  return (
    <dl className="mt-1 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1.5 text-sm">
      {names.map((name) => (
        <div key={name} className="contents">
          <dt className="font-mono text-xs leading-5 font-medium">{name}</dt>
          <dd className="text-slate-700 dark:text-slate-300">{referenceText[name](t)}</dd>
        </div>
      ))}
    </dl>
  );
}

// Spelled out one by one, so the catalogue check sees every key.
const referenceText: Record<ReferenceName, (t: T) => string> = {
  from: (t) => t("ref.from"),
  to: (t) => t("ref.to"),
  amount: (t) => t("ref.amount"),
  theme: (t) => t("ref.theme"),
  accent: (t) => t("ref.accent"),
  locale: (t) => t("ref.locale"),
  config: (t) => t("ref.config"),
  ready: (t) => t("ref.ready"),
  resize: (t) => t("ref.resize"),
  quote: (t) => t("ref.quote"),
  swap_created: (t) => t("ref.swap_created"),
  status: (t) => t("ref.status"),
  terminal: (t) => t("ref.terminal"),
  config_refused: (t) => t("ref.config_refused"),
};
