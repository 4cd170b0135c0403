// The deposit asset a swap answer carries (its contract or mint and decimals), so the page builds a
// wallet link from facts about this swap and never from a guess: the browser's own asset list may
// be refused (429), empty (a new instance), or no longer carry the asset.
import "server-only";
import type { DepositAsset, SwapAnswer } from "@/lib/schema/bff";
import type { Swap } from "@/lib/schema/partner";
import { assetAtHand, assetsAtHand } from "./assets";
import { store } from "./upstream/shared-store";

/** Past the deposit window (4 h) and any processing: a week covers every swap a person still follows. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const depositAssetKey = (swapId: string) => `swap:deposit-asset:${swapId}`;

const asDepositAsset = (asset: { contractAddress: string | null; decimals: number }): DepositAsset => ({
  contractAddress: asset.contractAddress,
  decimals: asset.decimals,
});

/** Notes the deposit asset when a swap is made (the list is at hand then: its quote just read it). */
export async function noteDepositAsset(swap: Swap, requestId: string): Promise<DepositAsset | null> {
  const { network, token } = swap.deposit;
  const listed = (await assetsAtHand(requestId))?.assets.find((a) => a.network === network && a.symbol === token);
  if (!listed) return null;
  const asset = asDepositAsset(listed);
  await store().set(depositAssetKey(swap.id), JSON.stringify(asset), KEEP_MS);
  return asset;
}

/** The deposit asset for an answer: from the list at hand, else as noted at creation, else null. */
export async function depositAssetOf(swap: Swap, requestId: string): Promise<DepositAsset | null> {
  const listed = assetAtHand(swap.deposit.network, swap.deposit.token, requestId);
  if (listed) return asDepositAsset(listed);
  const raw = await store().get(depositAssetKey(swap.id));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<DepositAsset>;
    const contract = parsed.contractAddress;
    if (
      (contract === null || typeof contract === "string") &&
      Number.isInteger(parsed.decimals) &&
      (parsed.decimals as number) >= 0
    )
      return { contractAddress: contract, decimals: parsed.decimals as number };
  } catch {
    // A record this version cannot read is as good as none: the page shows the bare address.
  }
  return null;
}

/** The swap as the BFF answers it. */
export const withDepositAsset = (swap: Swap, depositAsset: DepositAsset | null): SwapAnswer => ({
  ...swap,
  depositAsset,
});
