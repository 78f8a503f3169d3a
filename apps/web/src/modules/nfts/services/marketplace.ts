/**
 * An NFT's marketplace page (OpenSea, opened in a new tab). Only in the mainnet environment: the
 * local devnet's collections exist nowhere else. OpenSea names some networks its own way.
 */
const OPENSEA_CHAINS: Readonly<Record<string, string>> = {
  ethereum: 'ethereum',
  base: 'base',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
  polygon: 'matic',
  zora: 'zora',
  avalanche: 'avalanche',
  blast: 'blast',
  bnb: 'bsc',
  unichain: 'unichain',
  soneium: 'soneium',
}

export function marketplaceUrl(
  environment: 'local' | 'mainnet',
  network: string,
  collection: string,
  tokenId: string,
): string | null {
  const chain = OPENSEA_CHAINS[network]
  if (environment !== 'mainnet' || chain === undefined) return null
  return `https://opensea.io/assets/${chain}/${collection}/${tokenId}`
}
