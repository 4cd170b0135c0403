"use client";
// The embed builder's snippet: the widget's current parameters as code to copy, for plain HTML or
// for a React app.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { CopyButton } from "../ui/copy-button";
import { card } from "../ui/panel";
import { segment } from "./segment";

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

/** `origin`: this app's; `src`: the widget's URL with the parameters chosen. */
export function EmbedSnippet({ origin, src }: { origin: string; src: string }) {
  const t = useTranslations("embed");
  const [tab, setTab] = useState<"html" | "react">("html");
  const snippet = tab === "html" ? htmlSnippet(origin, src) : reactSnippet(origin, src);
  return (
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
          <pre
            className="mt-2 rounded-lg bg-slate-100 p-3 text-xs [overflow-wrap:anywhere] whitespace-pre-wrap dark:bg-slate-950"
            data-testid="snippet"
          >
            <code>{snippet}</code>
          </pre>
        </div>
      </section>
    </div>
  );
}
