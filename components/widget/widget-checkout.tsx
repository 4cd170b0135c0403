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
  /** The widget's look (theme, accent, locale), kept on its status page. */
  lookQuery: string;
};

/** The checkout inside the widget: its progress goes to the host page. */
export function WidgetCheckout({ preset, initialAssets, config, locked, includeToken, lookQuery }: Props) {
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
      swapQuery={lookQuery}
      onEvent={onEvent}
    />
  );
}

/** The swap's status inside the widget: status changes and the end go to the host page. */
export function WidgetSwapView({ id, sandbox, lookQuery }: { id: string; sandbox: boolean; lookQuery: string }) {
  const post = useWidgetMessenger();
  const onEvent = useCallback((type: string, payload: Record<string, unknown>) => post(type === "terminal" ? "terminal" : "status", payload), [post]);
  return <SwapView id={id} sandbox={sandbox} onEvent={onEvent} newSwapHref={`/widget${lookQuery}`} />;
}
