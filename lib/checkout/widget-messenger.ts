// Progress events for the page that frames the widget. A message is posted once per allowed
// origin with that origin as the target, so the browser delivers it only to a parent that really is
// one of them — never "*".
import type { WidgetEventType } from "@/lib/schema/widget";
import { relativeLuminance } from "./contrast";

export type WidgetMessenger = (type: WidgetEventType, payload: Record<string, unknown>) => void;

export function createWidgetMessenger(allowedOrigins: readonly string[]): WidgetMessenger {
  return (type, payload) => {
    if (typeof window === "undefined" || window.parent === window) return;
    const targets = new Set([...allowedOrigins, window.location.origin]);
    for (const origin of targets) {
      try {
        window.parent.postMessage({ source: "swap-checkout", type, payload }, origin);
      } catch {
        // an origin string the browser rejects: skip it
      }
    }
  };
}

/** Text colour that stays readable on the partner's accent colour. */
export function accentForeground(hex: string): string {
  return relativeLuminance(hex) > 0.4 ? "#0f172a" : "#ffffff";
}
