// Assets in URLs: `SYMBOL` (its first network in the list) or `SYMBOL.network`.
import type { Asset } from "@/lib/schema/partner";

export const assetRef = (asset: Pick<Asset, "symbol" | "network">) => `${asset.symbol}.${asset.network}`;

export function findByRef(
  assets: readonly Asset[],
  ref: string | null | undefined,
  side: "send" | "receive",
): Asset | undefined {
  if (!ref) return undefined;
  const [symbol = "", network] = ref.split(".");
  const usable = assets.filter((a) => (side === "send" ? a.canSend : a.canReceive));
  return usable.find(
    (a) => a.symbol.toUpperCase() === symbol.toUpperCase() && (!network || a.network === network.toLowerCase()),
  );
}

const networkLabels: Record<string, string> = {
  bitcoin: "Bitcoin",
  ethereum: "Ethereum",
  bsc: "BNB Smart Chain",
  arbitrum: "Arbitrum One",
  base: "Base",
  polygon: "Polygon",
  tron: "Tron",
  solana: "Solana",
  ton: "TON",
  xrpl: "XRP Ledger",
  stellar: "Stellar",
  cosmos: "Cosmos Hub",
  litecoin: "Litecoin",
  dogecoin: "Dogecoin",
};

export const networkLabel = (network: string) =>
  networkLabels[network] ?? network.charAt(0).toUpperCase() + network.slice(1);

/** `USDT.tron` (or `USDT`) as people read it: "USDT (Tron)". */
export function assetRefName(ref: string): string {
  const [symbol = "", network] = ref.split(".");
  return network ? `${symbol.toUpperCase()} (${networkLabel(network.toLowerCase())})` : symbol.toUpperCase();
}

/** Other names people search a network by: its former or company name, its coin's ticker. */
export const networkAliases: Record<string, string> = {
  bsc: "Binance BNB BEP20",
  polygon: "Matic",
  xrpl: "Ripple",
  arbitrum: "ARB",
};

/** What a network calls the payout memo: the XRP Ledger, a destination tag (a whole number); others, a memo. */
/** What a deposit's memo is called on its chain: a destination tag on the XRP Ledger, a comment on TON, a memo elsewhere (Stellar, Cosmos). */
export const memoNameOf = (network: string): "tag" | "comment" | "memo" =>
  network === "xrpl" ? "tag" : network === "ton" ? "comment" : "memo";
export const memoKindOf = (network: string): "tag" | "memo" => (network === "xrpl" ? "tag" : "memo");

/** The token standard a network's tokens follow, shown next to the network; null for native coins. */
export function tokenStandard(network: string, contractAddress: string | null): string | null {
  if (!contractAddress) return null;
  switch (network) {
    case "tron":
      return "TRC-20";
    case "bsc":
      return "BEP-20";
    case "ethereum":
    case "arbitrum":
    case "base":
    case "polygon":
      return "ERC-20";
    case "solana":
      return "SPL";
    case "ton":
      return "Jetton";
    default:
      return null;
  }
}
