/** The collection page of a collection: /nfts/collection/:contractAddress?chain=<network slug>. */
export const collectionPath = (network: string, address: string) =>
  `/nfts/collection/${address}?chain=${encodeURIComponent(network)}`

/** The network a collection page is on when the URL names none (the spec's default chain). */
export const DEFAULT_NFT_NETWORK = 'ethereum'
