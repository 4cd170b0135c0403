// Progress events for the page that frames the widget. A message is posted once per allowed
// origin with that origin as the target, so the browser delivers it only to a parent that really is
// one of them — never "*".
import type { WidgetEventType } from "@/lib/schema/widget";

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
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? "#0f172a" : "#ffffff";
}
