"use client";
import { useCallback, useEffect, useState } from "react";
import type { AssetList } from "@/lib/schema/partner";
import { Checkout, type CheckoutPreset } from "../checkout/checkout";
import { MySwapsSlot } from "../checkout/my-swaps-slot";
import { ConfigExpiredNotice } from "./config-refused";
import { useWidgetMessenger } from "./widget-shell";

type Props = {
  preset: CheckoutPreset;
  initialAssets?: AssetList;
  config?: string;
  locked?: { to?: string; destination?: { address: string; memo?: string } };
  includeToken: boolean;
  /** The widget's parameters (lib/schema/widget.ts, widgetQueryOf), passed on to its status page. */
  widgetQuery: string;
  /** When the signed config expires (ms): from then on nothing can be created, and the page says so. */
  configExpiresAt?: number;
};

/** The checkout inside the widget: its progress goes to the host page. */
export function WidgetCheckout({
  preset,
  initialAssets,
  config,
  locked,
  includeToken,
  widgetQuery,
  configExpiresAt,
}: Props) {
  const post = useWidgetMessenger();
  const expired = useExpired(configExpiresAt);
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
    <>
      {/* Said when it happens, not only after "Create swap" is refused; the form stays, so nothing typed is lost. */}
      {expired ? <ConfigExpiredNotice /> : null}
      <Checkout
        preset={preset}
        initialAssets={initialAssets}
        widgetConfig={config}
        locked={locked}
        swapPath="/widget/swap"
        swapQuery={widgetQuery}
        onEvent={onEvent}
      />
      {/* Swaps made in this widget on this site: a reload of the partner's page, or a return
          before sending, finds the deposit instructions again. */}
      <MySwapsSlot swapPath="/widget/swap" swapQuery={widgetQuery} />
    </>
  );
}

/** Whether `at` (ms) has passed, turning true at that moment. */
function useExpired(at: number | undefined): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (at === undefined) return;
    // Timers are capped near 24.8 days; a config lives at most a year, so wait in steps.
    const timer = setTimeout(() => setExpired(Date.now() >= at), Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, expired]);
  return expired;
}
