"use client";
// The checkout's inputs in the page's URL, so a reload or a shared link keeps them.
import { useEffect } from "react";

/** `from` and `to` as asset references (`USDT.tron`); an empty amount leaves the URL. */
export function useInputsInUrl({ from, to, amount }: { from: string; to: string; amount: string }) {
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set("from", from);
    url.searchParams.set("to", to);
    if (amount) url.searchParams.set("amount", amount);
    else url.searchParams.delete("amount");
    if (url.toString() !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [from, to, amount]);
}
