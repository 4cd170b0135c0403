"use client";
// What the checkout's form holds: the pair, the amount as typed and where the swap pays out, kept in
// the URL; choosing another asset or flipping the pair clears what no longer fits it.
import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Asset } from "@/lib/schema/partner";
import { assetRef, findByRef, networkLabel } from "@/lib/swap/asset-ref";
import { amountText, prepareAmountReading, readAmount } from "@/lib/swap/amount-input";
import { takePrefill } from "@/lib/client/my-swaps";
import { useInputsInUrl } from "@/lib/client/use-inputs-in-url";
import type { DestinationState } from "./destination-fields";

export type CheckoutPreset = { from?: string; to?: string; amount?: string };

/** Choices a partner fixed in a signed widget config. */
export type CheckoutLocks = { to?: string; destination?: { address: string; memo?: string } };

const DEFAULT_FROM = "BTC.bitcoin";
const DEFAULT_TO = "USDT.tron";

export function useCheckoutInputs(preset: CheckoutPreset, list: Asset[], locked: CheckoutLocks | undefined) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const [fromRef, setFromRef] = useState(preset.from ?? DEFAULT_FROM);
  const [toRef, setToRef] = useState(locked?.to ?? preset.to ?? DEFAULT_TO);
  // The field keeps what was typed ("25,000"); quotes, the URL and the checks use what it means.
  // Read in the language it was typed in: "1.000" typed in English is 1, and stays 1 (shown as
  // "1,000") if the page switches to Spanish, where "1.000" would read as a thousand.
  const [typed, setTyped] = useState(() => ({
    text: amountText(readAmount(preset.amount ?? "", "en") ?? "", locale),
    locale,
  }));
  const typedAmount =
    typed.locale === locale ? typed.text : amountText(readAmount(typed.text, typed.locale) ?? "", locale);
  const setTypedAmount = (text: string) => setTyped({ text, locale });
  /**
   * For the field's focus: the language's number data loads after the focus is painted (a frame,
   * then a task), not on the first digit typed.
   */
  const prepareTyping = () => requestAnimationFrame(() => setTimeout(() => prepareAmountReading(locale), 0));
  const readAmountValue = readAmount(typedAmount, locale);
  const unreadableAmount = readAmountValue === null;
  const amount = readAmountValue ?? "";
  const from = findByRef(list, fromRef, "send");
  const to = findByRef(list, toRef, "receive");

  const lockedDestination = locked?.destination;
  const emptyDestination: DestinationState = {
    address: lockedDestination?.address ?? "",
    memo: lockedDestination?.memo ?? "",
    refundAddress: "",
    email: "",
  };
  const [destination, setDestination] = useState<DestinationState>(emptyDestination);

  // "New quote, same details" from an expired swap hands over its payout address in this tab.
  useEffect(() => {
    if (lockedDestination) return;
    const prefill = takePrefill(toRef);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, so it is read after mount
    if (prefill) setDestination((d) => ({ ...d, ...prefill }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival: a later change of `to` must not prefill again
  }, []);

  useInputsInUrl({ from: from ? assetRef(from) : fromRef, to: to ? assetRef(to) : toRef, amount });

  const select = useCallback(
    (side: "from" | "to", asset: Asset) => {
      (side === "from" ? setFromRef : setToRef)(assetRef(asset));
      if (side === "to" && !lockedDestination) setDestination((d) => ({ ...d, address: "", memo: "" }));
      if (side === "from") setDestination((d) => ({ ...d, refundAddress: "" }));
    },
    [lockedDestination, setDestination], // setDestination is stable; the compiler asks for it here
  );

  const canFlip = !!from && !!to && from.canReceive && to.canSend && !locked?.to && !lockedDestination;
  // What the flip did, said: the picker buttons change their names silently, and the amount is
  // cleared (it was in the other asset's units).
  const [flipSaid, setFlipSaid] = useState("");
  function flip() {
    if (!from || !to || !canFlip) return;
    setFromRef(assetRef(to));
    setToRef(assetRef(from));
    setTypedAmount("");
    setDestination(emptyDestination);
    setFlipSaid(
      t("flipped", {
        from: to.symbol,
        fromNetwork: networkLabel(to.network),
        to: from.symbol,
        toNetwork: networkLabel(from.network),
      }),
    );
  }

  return {
    from,
    to,
    amount,
    typedAmount,
    setTypedAmount,
    prepareTyping,
    unreadableAmount,
    destination,
    setDestination,
    lockedDestination,
    select,
    canFlip,
    flip,
    flipSaid,
  };
}
