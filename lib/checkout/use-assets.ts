"use client";
import useSWR from "swr";
import { assetListAnswer } from "@/lib/schema/answers";
import type { AssetList } from "@/lib/schema/partner";
import { bff } from "@/lib/client/bff";

export function useAssets(fallback?: AssetList) {
  return useSWR("/api/v1/assets", (path: string) => bff(path, assetListAnswer), {
    fallbackData: fallback,
    revalidateOnFocus: false,
    revalidateOnMount: !fallback,
    dedupingInterval: 60_000,
  });
}
