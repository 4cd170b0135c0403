"use client";
// The widget's frame: theme and accent from the embed, a compact layout, and the host-page events
// (ready, resize) that let the partner size the iframe to its content.
import { createContext, useContext, useEffect, useMemo, useRef } from "react";
import { useTranslations } from "next-intl";
import { accentForeground, createWidgetMessenger, type WidgetMessenger } from "@/lib/checkout/widget-messenger";
import { cn } from "../ui/cn";

const MessengerContext = createContext<WidgetMessenger>(() => {});
export const useWidgetMessenger = () => useContext(MessengerContext);

type Props = {
  theme?: "light" | "dark" | "auto";
  accent?: string;
  allowedOrigins: readonly string[];
  sandbox: boolean;
  children: React.ReactNode;
};

export function WidgetShell({ theme = "auto", accent, allowedOrigins, sandbox, children }: Props) {
  const t = useTranslations("app");
  const messenger = useMemo(() => createWidgetMessenger(allowedOrigins), [allowedOrigins]);
  const root = useRef<HTMLDivElement>(null);

  // theme=dark darkens the whole document, not only the card: no light band under a short page.
  useEffect(() => {
    if (theme === "auto") return;
    const html = document.documentElement;
    html.classList.add(theme);
    return () => html.classList.remove(theme);
  }, [theme]);

  useEffect(() => {
    messenger("ready", {});
    const element = root.current;
    if (!element) return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        messenger("resize", { height });
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [messenger]);

  const style = accent ? ({ "--accent": `#${accent}`, "--accent-fg": accentForeground(accent) } as React.CSSProperties) : undefined;
  return (
    <MessengerContext value={messenger}>
      <div
        style={style}
        className={cn(
          theme === "dark" && "dark",
          theme === "light" && "light",
          "min-h-dvh bg-slate-50 text-slate-900 [color-scheme:light] dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]",
        )}
        data-testid="widget-document"
      >
        {/* At most ~480 px wide and centred; the measured box is the content, so resize events stay honest. */}
        <div ref={root} className="mx-auto w-full max-w-[480px] p-2 sm:p-3" data-testid="widget-frame">
          {sandbox ? (
            <p className="mb-2 text-center">
              <span
                className="rounded-full bg-violet-100 px-2.5 py-1 text-xs font-semibold text-violet-900 ring-1 ring-violet-300 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-800"
                title={t("sandboxHint")}
              >
                {t("sandboxBadge")}
              </span>
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </MessengerContext>
  );
}
