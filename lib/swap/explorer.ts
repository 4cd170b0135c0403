// A public block explorer's page for an address, per network: where a user sees that the payout
// arrived. The API carries no transaction hashes, so the address page is the best we can link.
const explorers: Record<string, (address: string) => string> = {
  bitcoin: (a) => `https://mempool.space/address/${a}`,
  litecoin: (a) => `https://litecoinspace.org/address/${a}`,
  dogecoin: (a) => `https://blockchair.com/dogecoin/address/${a}`,
  ethereum: (a) => `https://etherscan.io/address/${a}`,
  arbitrum: (a) => `https://arbiscan.io/address/${a}`,
  base: (a) => `https://basescan.org/address/${a}`,
  bsc: (a) => `https://bscscan.com/address/${a}`,
  polygon: (a) => `https://polygonscan.com/address/${a}`,
  tron: (a) => `https://tronscan.org/#/address/${a}`,
  solana: (a) => `https://solscan.io/account/${a}`,
  ton: (a) => `https://tonviewer.com/${a}`,
  xrpl: (a) => `https://livenet.xrpl.org/accounts/${a}`,
  stellar: (a) => `https://stellar.expert/explorer/public/account/${a}`,
  cosmos: (a) => `https://www.mintscan.io/cosmos/address/${a}`,
};

export function explorerAddressUrl(network: string, address: string): string | null {
  const page = explorers[network];
  return page ? page(encodeURIComponent(address)) : null;
}
