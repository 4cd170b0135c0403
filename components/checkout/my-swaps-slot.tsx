"use client";
// Where "my swaps on this device" goes on the checkout. The list's code loads only when this
// browser has saved swaps, so a first visit ships none of it.
import dynamic from "next/dynamic";
import { useMySwaps } from "@/lib/client/my-swaps";

const MySwapsList = dynamic(() => import("./my-swaps-list").then((m) => m.MySwapsList), { ssr: false });

export function MySwapsSlot({ swapPath = "/swap", swapQuery = "" }: { swapPath?: string; swapQuery?: string }) {
  const swaps = useMySwaps();
  return swaps.length ? <MySwapsList swaps={swaps} swapPath={swapPath} swapQuery={swapQuery} /> : null;
}
