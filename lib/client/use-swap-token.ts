"use client";
// The swap page's access token: from the URL fragment (#t=…), or, for a link that lost it, from
// the swaps this device keeps. It never leaves the browser except in the x-swap-token header to our
// own API.
import { useEffect, useState } from "react";
import { listMySwaps } from "./my-swaps";
import { tokenFromHash } from "./use-swap-status";

/** The token of swap `id`: undefined before the page has read its address, null when there is none. */
export function useSwapToken(id: string): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => {
      const fromLink = tokenFromHash(window.location.hash);
      // A link that lost its #t= part (pasted short, or cut by a mail client), opened in the browser
      // that already holds this swap: its saved token opens it, and the address bar gets the whole
      // link back, so what is copied from there works elsewhere.
      const saved = fromLink ? null : (listMySwaps().find((s) => s.id === id)?.token ?? null);
      if (saved) window.history.replaceState(window.history.state, "", `#t=${saved}`);
      setToken(fromLink ?? saved);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [id]);
  return token;
}
