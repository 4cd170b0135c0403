"use client";
// The widget's frame: theme and accent from the embed, a compact layout, and the host-page events
// (ready, resize) that let the partner size the iframe to its content.
import { createContext, useContext, useEffect, useMemo, useRef } from "react";
import { accentForeground } from "@/lib/swap/contrast";
import { createWidgetMessenger, type WidgetMessenger } from "@/lib/client/widget-messenger";
import { SandboxBadge } from "../sandbox-badge";
import { join } from "../ui/join";

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
  const messenger = useMemo(() => createWidgetMessenger(allowedOrigins), [allowedOrigins]);
  const root = useRef<HTMLElement>(null);

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
      // 0 only while the page is swapped for the next one (the checkout for its status page): the
      // content is never that small, and the host would shrink the frame and jump back.
      if (height > 0 && height !== last) {
        last = height;
        messenger("resize", { height });
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [messenger]);

  const style = accent
    ? ({ "--accent": `#${accent}`, "--accent-fg": accentForeground(accent) } as React.CSSProperties)
    : undefined;
  return (
    <MessengerContext value={messenger}>
      <div
        style={style}
        className={join(
          theme === "dark" && "dark",
          theme === "light" && "light",
          "min-h-dvh bg-slate-50 text-slate-900 [color-scheme:light] dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]",
        )}
        data-testid="widget-document"
      >
        {/* At most ~480 px wide and centred; the measured box is the content, so resize events stay honest. */}
        <main
          id="main"
          ref={root}
          className="mx-auto w-full max-w-[480px] p-(--page-gutter) [--page-gutter:--spacing(2)] sm:[--page-gutter:--spacing(3)]"
          data-testid="widget-frame"
        >
          {sandbox ? <SandboxBadge placement="widget" /> : null}
          {children}
        </main>
      </div>
    </MessengerContext>
  );
}
