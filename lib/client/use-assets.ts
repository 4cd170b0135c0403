"use client";
import useSWR from "swr";
import { assetListAnswer } from "@/lib/schema/answers";
import type { DepositAsset, SwapAnswer } from "@/lib/schema/bff";
import type { AssetList } from "@/lib/schema/partner";
import { bff } from "@/lib/client/bff";

const ASSETS_PATH = "/api/v1/assets";
const fetchAssets = (path: string) => bff(path, assetListAnswer);

export function useAssets(fallback?: AssetList) {
  return useSWR(ASSETS_PATH, fetchAssets, {
    fallbackData: fallback,
    revalidateOnFocus: false,
    revalidateOnMount: !fallback,
    dedupingInterval: 60_000,
  });
}

/**
 * A swap's deposit asset as its answer carries it; the asset list is asked only when the answer
 * does not say (an older server, or one that knew neither). Undefined while that list loads; null
 * when nothing knows the asset: never a guess, so a token is never taken for the native coin.
 */
export function useDepositAsset(swap: SwapAnswer | undefined): DepositAsset | null | undefined {
  const answered = swap?.depositAsset;
  const assets = useSWR(swap && !answered ? ASSETS_PATH : null, fetchAssets, {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
  if (!swap) return undefined;
  if (answered) return answered;
  const listed = assets.data?.assets.find((a) => a.network === swap.deposit.network && a.symbol === swap.deposit.token);
  if (listed) return { contractAddress: listed.contractAddress, decimals: listed.decimals };
  return assets.data || assets.error ? null : undefined;
}
