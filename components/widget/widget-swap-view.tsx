"use client";
// A module of its own, apart from the widget's checkout: the status page's code (deposit card, QR,
// receipt) is no part of the checkout's first load (it was 11 KiB gzip of /widget).
import { useCallback } from "react";
import { SwapView } from "../swap/swap-view";
import { useWidgetMessenger } from "./widget-shell";

/**
 * The swap's status inside the widget: status changes and the end go to the host page. "Start a new
 * swap" opens the checkout as the partner embedded it (`widgetQuery`).
 */
export function WidgetSwapView({ id, sandbox, widgetQuery }: { id: string; sandbox: boolean; widgetQuery: string }) {
  const post = useWidgetMessenger();
  const onEvent = useCallback(
    (type: string, payload: Record<string, unknown>) => post(type === "terminal" ? "terminal" : "status", payload),
    [post],
  );
  return <SwapView id={id} sandbox={sandbox} onEvent={onEvent} newSwapHref={`/widget${widgetQuery}`} />;
}
