"use client";
import { useCallback } from "react";
import type { AssetList } from "@/lib/schema/partner";
import { Checkout, type CheckoutPreset } from "../checkout/checkout";
import { SwapView } from "../swap/swap-view";
import { useWidgetMessenger } from "./widget-shell";

type Props = {
  preset: CheckoutPreset;
  initialAssets?: AssetList;
  config?: string;
  locked?: { to?: string; destination?: { address: string; memo?: string } };
  includeToken: boolean;
  /** The widget's parameters (lib/schema/widget.ts, widgetQueryOf), passed on to its status page. */
  widgetQuery: string;
};

/** The checkout inside the widget: its progress goes to the host page. */
export function WidgetCheckout({ preset, initialAssets, config, locked, includeToken, widgetQuery }: Props) {
  const post = useWidgetMessenger();
  const onEvent = useCallback(
    (type: string, payload: Record<string, unknown>) => {
      if (type === "quote") post("quote", payload);
      if (type === "swap_created") {
        const { accessToken, ...rest } = payload;
        post("swap_created", includeToken ? { ...rest, accessToken } : rest);
      }
    },
    [post, includeToken],
  );
  return (
    <Checkout
      preset={preset}
      initialAssets={initialAssets}
      widgetConfig={config}
      locked={locked}
      swapPath="/widget/swap"
      swapQuery={widgetQuery}
      onEvent={onEvent}
    />
  );
}

/**
 * The swap's status inside the widget: status changes and the end go to the host page. "Start a new
 * swap" opens the checkout as the partner embedded it (`widgetQuery`).
 */
export function WidgetSwapView({ id, sandbox, widgetQuery }: { id: string; sandbox: boolean; widgetQuery: string }) {
  const post = useWidgetMessenger();
  const onEvent = useCallback((type: string, payload: Record<string, unknown>) => post(type === "terminal" ? "terminal" : "status", payload), [post]);
  return <SwapView id={id} sandbox={sandbox} onEvent={onEvent} newSwapHref={`/widget${widgetQuery}`} />;
}
