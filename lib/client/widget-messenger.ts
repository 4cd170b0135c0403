// Progress events for the page that frames the widget, never posted to "*": a message goes only to
// a parent whose origin is allowed. Where the browser names the parent's origin
// (location.ancestorOrigins: Chromium, Safari), it is posted to that origin once, and not at all
// to a parent that is not allowed. Elsewhere it is posted once per allowed origin with that origin
// as the target, and the browser delivers only the one that matches (and notes the others in the
// console).
import type { WidgetEventType } from "@/lib/schema/widget";

export type WidgetMessenger = (type: WidgetEventType, payload: Record<string, unknown>) => void;

export function createWidgetMessenger(allowedOrigins: readonly string[]): WidgetMessenger {
  return (type, payload) => {
    if (typeof window === "undefined" || window.parent === window) return;
    const allowed = new Set([...allowedOrigins, window.location.origin]);
    const parent = window.location.ancestorOrigins?.[0];
    const targets = parent === undefined ? allowed : allowed.has(parent) ? [parent] : [];
    for (const origin of targets) {
      try {
        window.parent.postMessage({ source: "swap-checkout", type, payload }, origin);
      } catch {
        // an origin string the browser rejects: skip it
      }
    }
  };
}
