"use client";
// For partner developers: set the widget's parameters, watch it live, copy the snippet.
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { CopyButton } from "../ui/copy-button";

type Params = { from: string; to: string; amount: string; theme: "auto" | "light" | "dark"; accent: string; locale: "" | "en" | "es" | "ru"; config: string };
type LoggedEvent = { at: string; type: string; payload: string };

const field = "h-10 w-full rounded-lg bg-white px-2.5 ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-700";

export function EmbedBuilder({ origin }: { origin: string }) {
  const t = useTranslations("embed");
  const [params, setParams] = useState<Params>({ from: "BTC", to: "USDT.tron", amount: "0.01", theme: "auto", accent: "", locale: "", config: "" });
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const frame = useRef<HTMLIFrameElement>(null);

  const src = useMemo(() => {
    const url = new URL("/widget", origin);
    for (const [key, value] of Object.entries(params)) if (value && !(key === "theme" && value === "auto")) url.searchParams.set(key, value);
    return url.toString();
  }, [params, origin]);

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

  const snippet = `<div id="swap-checkout"></div>
<script src="${origin}/embed.js"></script>
<script>
  SwapCheckout.mount(document.getElementById("swap-checkout"), {
    src: "${src}",
    onEvent: function (event) { console.log(event.type, event.payload); },
  });
</script>`;

  const set = (key: keyof Params) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setParams((p) => ({ ...p, [key]: e.target.value }));

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <div className="flex flex-col gap-4">
        <form className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800" onSubmit={(e) => e.preventDefault()}>
          <label className="flex flex-col gap-1 text-sm font-medium">
            from
            <input className={field} value={params.from} onChange={set("from")} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            to
            <input className={field} value={params.to} onChange={set("to")} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            amount
            <input className={field} value={params.amount} inputMode="decimal" onChange={set("amount")} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            accent
            <input className={field} value={params.accent} placeholder="18e299" onChange={set("accent")} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            theme
            <select className={field} value={params.theme} onChange={set("theme")}>
              <option value="auto">auto</option>
              <option value="light">light</option>
              <option value="dark">dark</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            locale
            <select className={field} value={params.locale} onChange={set("locale")}>
              <option value="">{t("localeAuto")}</option>
              <option value="en">en</option>
              <option value="es">es</option>
              <option value="ru">ru</option>
            </select>
          </label>
          <label className="col-span-2 flex flex-col gap-1 text-sm font-medium">
            config
            <input className={`${field} font-mono text-xs`} value={params.config} placeholder={t("configPlaceholder")} onChange={set("config")} />
          </label>
          <p className="col-span-2 text-sm text-slate-600 dark:text-slate-400">{t("configHelp")}</p>
        </form>

        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold">{t("snippet")}</h2>
            <CopyButton value={snippet} label={t("snippet")} />
          </div>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs dark:bg-slate-950">
            <code>{snippet}</code>
          </pre>
        </section>

        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800" aria-live="polite">
          <h2 className="font-semibold">{t("events")}</h2>
          {events.length === 0 ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("noEvents")}</p> : null}
          <ol className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto font-mono text-xs">
            {events.map((e, i) => (
              <li key={`${e.at}-${i}`} className="truncate">
                <span className="text-slate-500">{e.at}</span> <span className="font-semibold">{e.type}</span> {e.payload}
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section aria-label={t("preview")} className="rounded-2xl ring-1 ring-slate-200 dark:ring-slate-800">
        <iframe ref={frame} key={src} src={src} title={t("preview")} className="min-h-[40rem] w-full rounded-2xl" />
      </section>
    </div>
  );
}
