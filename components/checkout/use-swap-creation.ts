"use client";
// The checkout's last step: create the swap for the reviewed quote, tell the host page, and go to
// the swap's page; a refused price asks for a new one.
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { Asset } from "@/lib/schema/partner";
import { BffError } from "@/lib/client/bff";
import { createSwap } from "@/lib/client/create-swap";
import { focusHeadingOnArrival } from "@/lib/client/heading-focus";
import { rememberSwap } from "@/lib/client/my-swaps";
import type { AddressCheckState } from "@/lib/client/use-address-check";
import { forgetOrder, type QuoteState } from "@/lib/client/use-quote";
import type { DestinationState } from "./destination-fields";
import { repriceCodes } from "./reprice";

type Order = {
  quote: QuoteState;
  to: Asset | undefined;
  destination: DestinationState;
  addressCheck: AddressCheckState;
};
type Target = {
  widgetConfig?: string;
  swapPath: string;
  swapQuery: string;
  onEvent?: (type: string, payload: Record<string, unknown>) => void;
};

export function useSwapCreation(
  { quote, to, destination, addressCheck }: Order,
  { widgetConfig, swapPath, swapQuery, onEvent }: Target,
) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<BffError | null>(null);
  // This device keeps the created swap, with the refund address only the checkout knows, once the
  // checkout has left the screen: saved sooner, the list of past swaps on this page would pop up
  // under the review while the swap page loads.
  const toRemember = useRef<Parameters<typeof rememberSwap> | null>(null);
  useEffect(
    () => () => {
      if (toRemember.current) rememberSwap(...toRemember.current);
      toRemember.current = null;
    },
    [],
  );

  async function confirm() {
    if (!quote.quote || creating || quote.change) return;
    setCreating(true);
    setCreateError(null);
    try {
      const body = {
        quoteId: quote.quote.id,
        destination: {
          address: destination.address,
          memo: to?.supportsMemo && destination.memo ? destination.memo : null,
        },
        refundAddress: destination.refundAddress || null,
        notificationEmail: destination.email || null,
      };
      const normalizedAddress = addressCheck.state === "done" ? addressCheck.result.normalizedAddress : null;
      const created = await createSwap(body, { widgetConfig, normalizedAddress });
      forgetOrder();
      toRemember.current = [created.swap.id, created.accessToken, { refundAddress: destination.refundAddress }];
      onEvent?.("swap_created", {
        id: created.swap.id,
        externalId: created.swap.externalId,
        accessToken: created.accessToken,
      });
      focusHeadingOnArrival();
      router.push(`${swapPath}/${created.swap.id}${swapQuery}#t=${created.accessToken}`);
    } catch (error) {
      setCreating(false);
      const e = error instanceof BffError ? error : new BffError("internal_error", String(error), 0);
      setCreateError(e);
      if (repriceCodes.has(e.code)) quote.refresh(true);
    }
  }

  return { creating, createError, setCreateError, confirm };
}
