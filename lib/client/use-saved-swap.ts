"use client";
// One saved swap's status, read once when something on the page needs it (the list of this
// device's swaps, the review's check for one still waiting): one cache entry per swap, so both
// share a single read. No polling here; the swap's own page polls.
import useSWR from "swr";
import { fetchSwap, type BffError, type SwapSnapshot } from "@/lib/client/bff";
import type { MySwap } from "./my-swaps";

export const useSavedSwap = (saved: MySwap) =>
  useSWR<SwapSnapshot, BffError>([`/api/v1/swap/${saved.id}`, saved.token], fetchSwap, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
