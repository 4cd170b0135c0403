"use client";
// "Continue your swap": on the start page, a banner for a swap this device made or opened that still
// waits for its deposit, with its time left. Its code loads only when this browser has saved swaps,
// so a first visit ships none of it.
import dynamic from "next/dynamic";
import { useMySwaps } from "@/lib/client/my-swaps";

const ContinueSwapBanners = dynamic(() => import("./continue-swap-banner").then((m) => m.ContinueSwapBanners), {
  ssr: false,
});

/** The newest saved swaps are the ones that can still wait: a deposit window lasts hours, not days. */
const CANDIDATES = 3;

export function ContinueSwap({ swapPath = "/swap", swapQuery = "" }: { swapPath?: string; swapQuery?: string }) {
  const swaps = useMySwaps();
  if (!swaps.length) return null;
  const newest = [...swaps].sort((a, b) => b.savedAt - a.savedAt).slice(0, CANDIDATES);
  return <ContinueSwapBanners swaps={newest} swapPath={swapPath} swapQuery={swapQuery} />;
}
