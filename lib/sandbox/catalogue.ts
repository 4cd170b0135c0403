// The sandbox's asset catalogue: real networks, real contract addresses, a fixed USD price table.
// Prices are frozen so quotes are reproducible; bounds are roughly $20 … $50,000 per swap.

export type CatalogueEntry = {
  symbol: string;
  name: string;
  network: string;
  decimals: number;
  contractAddress: string | null;
  canSend: boolean;
  canReceive: boolean;
  requiresMemo: boolean;
  supportsMemo: boolean;
  /** USD price of one unit, a decimal string. */
  usd: string;
  minAmountIn: string;
  maxAmountIn: string;
  /** Typical time from deposit to payout, seconds. */
  etaSeconds: number;
  /**
   * What the service leaves null for this asset, as the real one may (its docs allow null for a
   * quote's `rate`, `minAmountIn` and `maxAmountIn`, and an asset's `logoUrl`): so clients meet it here.
   * `bounds`: quotes from it carry no bounds (amounts outside them are still refused); `rate`: quotes
   * from or to it carry no rate; `logo`: it has no logo.
   */
  unpublished?: { bounds?: true; rate?: true; logo?: true };
};

type Row = Omit<CatalogueEntry, "requiresMemo" | "supportsMemo" | "canSend" | "canReceive" | "unpublished"> &
  Pick<CatalogueEntry, "unpublished"> &
  Partial<Pick<CatalogueEntry, "requiresMemo" | "supportsMemo" | "canSend" | "canReceive">>;

const row = (r: Row): CatalogueEntry => ({
  canSend: true,
  canReceive: true,
  requiresMemo: false,
  supportsMemo: false,
  ...r,
});

/** Ether, native on Ethereum and on its rollups. */
const eth = (network: string, etaSeconds: number): CatalogueEntry =>
  row({
    symbol: "ETH",
    name: "Ethereum",
    network,
    decimals: 18,
    contractAddress: null,
    usd: "3425",
    minAmountIn: "0.006",
    maxAmountIn: "15",
    etaSeconds,
  });
const usdt = (network: string, decimals: number, contractAddress: string): CatalogueEntry =>
  row({
    symbol: "USDT",
    name: "Tether USD",
    network,
    decimals,
    contractAddress,
    usd: "1",
    minAmountIn: "20",
    maxAmountIn: "50000",
    etaSeconds: 300,
  });
const usdc = (network: string, decimals: number, contractAddress: string, extra: Partial<Row> = {}): CatalogueEntry =>
  row({
    symbol: "USDC",
    name: "USD Coin",
    network,
    decimals,
    contractAddress,
    usd: "1",
    minAmountIn: "20",
    maxAmountIn: "50000",
    etaSeconds: 300,
    ...extra,
  });

export const catalogue: readonly CatalogueEntry[] = [
  row({
    symbol: "BTC",
    name: "Bitcoin",
    network: "bitcoin",
    decimals: 8,
    contractAddress: null,
    usd: "97250",
    minAmountIn: "0.0003",
    maxAmountIn: "0.5",
    etaSeconds: 1800,
  }),
  eth("ethereum", 600),
  usdt("ethereum", 6, "0xdAC17F958D2ee523a2206206994597C13D831ec7"),
  usdc("ethereum", 6, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
  row({
    symbol: "DAI",
    name: "Dai Stablecoin",
    network: "ethereum",
    decimals: 18,
    contractAddress: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
    usd: "1",
    minAmountIn: "20",
    maxAmountIn: "50000",
    etaSeconds: 600,
    canSend: false,
  }),
  row({
    symbol: "WBTC",
    name: "Wrapped Bitcoin",
    network: "ethereum",
    decimals: 8,
    contractAddress: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
    usd: "97100",
    minAmountIn: "0.0003",
    maxAmountIn: "0.5",
    etaSeconds: 600,
    canReceive: false,
  }),
  usdt("tron", 6, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
  row({
    symbol: "TRX",
    name: "TRON",
    network: "tron",
    decimals: 6,
    contractAddress: null,
    usd: "0.245",
    minAmountIn: "85",
    maxAmountIn: "200000",
    etaSeconds: 300,
  }),
  usdt("bsc", 18, "0x55d398326f99059fF775485246999027B3197955"),
  row({
    symbol: "BNB",
    name: "BNB",
    network: "bsc",
    decimals: 18,
    contractAddress: null,
    usd: "655",
    minAmountIn: "0.031",
    maxAmountIn: "75",
    etaSeconds: 300,
  }),
  eth("arbitrum", 300),
  usdc("arbitrum", 6, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"),
  eth("base", 300),
  usdc("base", 6, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
  row({
    symbol: "POL",
    name: "Polygon",
    network: "polygon",
    decimals: 18,
    contractAddress: null,
    usd: "0.48",
    minAmountIn: "42",
    maxAmountIn: "100000",
    etaSeconds: 300,
  }),
  usdt("polygon", 6, "0xc2132D05D31c914a87C6611C10748AEb04B58e8F"),
  usdc("polygon", 6, "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", { canSend: false }),
  row({
    symbol: "SOL",
    name: "Solana",
    network: "solana",
    decimals: 9,
    contractAddress: null,
    usd: "182.5",
    minAmountIn: "0.11",
    maxAmountIn: "275",
    etaSeconds: 180,
  }),
  usdc("solana", 6, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
  row({
    symbol: "TON",
    name: "Toncoin",
    network: "ton",
    decimals: 9,
    contractAddress: null,
    usd: "5.6",
    minAmountIn: "3.6",
    maxAmountIn: "9000",
    etaSeconds: 180,
    supportsMemo: true,
  }),
  row({
    symbol: "USDT",
    name: "Tether USD",
    network: "ton",
    decimals: 6,
    contractAddress: "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
    usd: "1",
    minAmountIn: "20",
    maxAmountIn: "50000",
    etaSeconds: 180,
    supportsMemo: true,
  }),
  // The XRP Ledger destination tag: most receiving addresses belong to exchanges that set
  // RequireDest, so the sandbox asks for it, as most swap services do.
  row({
    symbol: "XRP",
    name: "XRP",
    network: "xrpl",
    decimals: 6,
    contractAddress: null,
    usd: "2.35",
    minAmountIn: "8.5",
    maxAmountIn: "21000",
    etaSeconds: 120,
    supportsMemo: true,
    requiresMemo: true,
  }),
  row({
    symbol: "XLM",
    name: "Stellar Lumens",
    network: "stellar",
    decimals: 7,
    contractAddress: null,
    usd: "0.42",
    minAmountIn: "48",
    maxAmountIn: "120000",
    etaSeconds: 120,
    supportsMemo: true,
  }),
  usdc("stellar", 7, "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN", { supportsMemo: true }),
  row({
    symbol: "ATOM",
    name: "Cosmos Hub",
    network: "cosmos",
    decimals: 6,
    contractAddress: null,
    usd: "6.8",
    minAmountIn: "3",
    maxAmountIn: "7300",
    etaSeconds: 240,
    supportsMemo: true,
  }),
  row({
    symbol: "LTC",
    name: "Litecoin",
    network: "litecoin",
    decimals: 8,
    contractAddress: null,
    usd: "102",
    minAmountIn: "0.2",
    maxAmountIn: "490",
    etaSeconds: 900,
    unpublished: { bounds: true, rate: true },
  }),
  row({
    symbol: "DOGE",
    name: "Dogecoin",
    network: "dogecoin",
    decimals: 8,
    contractAddress: null,
    usd: "0.38",
    minAmountIn: "53",
    maxAmountIn: "130000",
    etaSeconds: 900,
    unpublished: { logo: true },
  }),
];

/** Routes the sandbox's liquidity does not cover, so `unsupported_pair` is reachable. */
const unsupportedPairs: ReadonlyArray<readonly [string, string]> = [
  ["DOGE.dogecoin", "TON.ton"],
  ["DOGE.dogecoin", "USDT.ton"],
  ["LTC.litecoin", "ATOM.cosmos"],
];

const assetKey = (a: { symbol: string; network: string }) => `${a.symbol}.${a.network}`;

export function findAsset(network: string, token: string): CatalogueEntry | undefined {
  return catalogue.find((a) => a.network === network && a.symbol === token);
}

export function isSupportedPair(from: CatalogueEntry, to: CatalogueEntry): boolean {
  if (assetKey(from) === assetKey(to)) return false;
  return !unsupportedPairs.some(([f, t]) => f === assetKey(from) && t === assetKey(to));
}

export const logoPath = (entry: { symbol: string }) => `/token/${entry.symbol.toLowerCase()}.svg`;
