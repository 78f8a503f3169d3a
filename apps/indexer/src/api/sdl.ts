/**
 * The data API's GraphQL schema, shaped after the app's screens. Conventions: `network` is the
 * registry slug (packages/chains); USD figures and percentages are decimal strings; token amounts
 * are base-unit integer strings; lists are cursor-paginated connections (`first` <= 100, `after`).
 */
import { ACTIVITY_TYPES } from '@oxbow/core'

export const typeDefs = /* GraphQL */ `
  enum OrderDirection { ASC DESC }
  enum TokenOrderBy { VOLUME_24H TVL PRICE PRICE_CHANGE_1H PRICE_CHANGE_24H MARKET_CAP SYMBOL }
  enum PoolOrderBy { TVL VOLUME_24H VOLUME_30D APR FEES_24H TX_COUNT }
  enum TransactionOrderBy { TIMESTAMP VALUE_USD }
  enum ChartRange { HOUR DAY WEEK MONTH YEAR ALL }
  enum ProtocolVersion { V2 V3 V4 }
  enum PositionStatus { IN_RANGE OUT_OF_RANGE CLOSED }
  enum PoolTransactionType { SWAP ADD REMOVE }
  enum TransactionType { ${ACTIVITY_TYPES.join(' ')} }

  type PageInfo { hasNextPage: Boolean! endCursor: String }

  type NetworkStatus {
    network: String!
    chainId: Int!
    blockNumber: String!
    blockTimestamp: Int!
  }

  "OHLC: a token's USD price, or a pool's price (Pool.priceHistory)."
  type Candle {
    "Bucket start, unix seconds."
    timestamp: Int!
    open: String!
    high: String!
    low: String!
    close: String!
    volumeUsd: String!
  }

  type Token {
    "network:address (lower-case)"
    id: ID!
    network: String!
    chainId: Int!
    "Checksummed; the zero address is the network's native currency."
    address: String!
    symbol: String!
    name: String!
    decimals: Int!
    kind: String!
    "verified, medium, blocked, malicious, spam, honeypot, impersonator"
    safety: String!
    "The token list's logo: a same-origin path (/token-logos/<name>.svg) the web app serves; null when the list has none."
    logoUrl: String
    "Share (basis points) the token keeps when bought from a pool (a fee-on-transfer token's transfer fee); null when unknown."
    buyFeeBps: Int
    "Share (basis points) the token keeps when sold to a pool; null when unknown."
    sellFeeBps: Int
    isSpam: Boolean!
    isNative: Boolean!
    priceUsd: String
    priceChange1h: String
    priceChange24h: String
    volume24hUsd: String!
    volumeAllTimeUsd: String!
    tvlUsd: String!
    totalSupply: String
    marketCapUsd: String
    "Fully diluted valuation: price × total supply (null when either is unknown)."
    fdvUsd: String
    "Hourly closing prices (USD) of the last 24 h, oldest first."
    sparkline: [String!]!
    "Highest and lowest price of the last 52 weeks (daily candles), null when never traded."
    priceRange52w: PriceRange
    txCount: Int!
    priceHistory(range: ChartRange!): [Candle!]!
    pools(first: Int = 20): [Pool!]!
    "The same token (same symbol and name; spam and impersonators left out) on the other indexed networks, at most 20."
    sameTokens: [Token!]!
  }

  type PriceRange { high: String! low: String! }

  "Active liquidity of a v3/v4 pool at each initialized tick range, from the indexed positions."
  type TickLiquidity {
    "Lower tick of the range where this liquidity is active."
    tick: Int!
    "token1 per token0 at this tick."
    price0: String!
    liquidity: String!
  }

  type PoolBucket {
    timestamp: Int!
    volumeUsd: String!
    feesUsd: String!
    tvlUsd: String!
    txCount: Int!
  }

  type Pool {
    "network:pool (address or v4 pool id, lower-case)"
    id: ID!
    network: String!
    chainId: Int!
    version: ProtocolVersion!
    "v2/v3 pool address; null for v4"
    address: String
    "v4 pool id; null for v2/v3"
    poolId: String
    token0: Token!
    token1: Token!
    "Hundredths of a basis point (3000 = 0.30%); 8388608 = dynamic (v4)"
    feeTier: Int!
    tickSpacing: Int
    hooks: String
    reserve0: String!
    reserve1: String!
    sqrtPriceX96: String
    tick: Int
    liquidity: String!
    "token1 per token0"
    token0Price: String
    "token0 per token1"
    token1Price: String
    tvlUsd: String!
    volume24hUsd: String!
    volume30dUsd: String!
    fees24hUsd: String!
    "Percent, annualised from the last day of fees"
    apr: String!
    "Percent: the LP rewards programme's reward for this pool in its latest epoch, at the reward token's price, annualised over the epoch's length, over the TVL; null when the pool is not incentivised (or unpriced)"
    rewardApr: String
    txCount: Int!
    createdAt: Int!
    history(range: ChartRange!): [PoolBucket!]!
    "OHLC of the pool's price (token1 per token0, decimals applied, as token0Price), hourly for HOUR, DAY and WEEK, daily beyond; volumeUsd is the pool's in the bucket. At most 400, oldest first."
    priceHistory(range: ChartRange!): [Candle!]!
    transactions(first: Int = 20, after: String): PoolTransactionConnection!
    "v3/v4: active liquidity from each initialized tick up to the next (at most 400 ranges); empty for v2."
    liquidityByTick: [TickLiquidity!]!
  }

  type PoolTransaction {
    id: ID!
    network: String!
    txHash: String!
    blockNumber: String!
    timestamp: Int!
    type: PoolTransactionType!
    pool: Pool!
    account: String!
    "Pool perspective: positive = into the pool (base units)"
    amount0: String!
    amount1: String!
    valueUsd: String
  }

  type TokenBalance {
    id: ID!
    network: String!
    token: Token!
    amount: String!
    valueUsd: String
    change24hUsd: String
    change24hPercent: String
  }

  type Portfolio {
    owner: String!
    networks: [String!]!
    totalValueUsd: String!
    change24hUsd: String!
    change24hPercent: String
    balances: [TokenBalance!]!
  }

  type AssetChange {
    token: Token
    "Set for NFTs"
    nftCollection: NftCollection
    tokenId: String
    amount: String!
    direction: String!
  }

  type Activity {
    id: ID!
    network: String!
    chainId: Int!
    txHash: String!
    blockNumber: String!
    timestamp: Int!
    type: TransactionType!
    account: String!
    counterparty: String
    pool: Pool
    assetChanges: [AssetChange!]!
  }

  "A v3/v4 position NFT, or a v2 LP-token holding (version V2: tokenId is the pair address, liquidity the LP-token balance, status IN_RANGE while it is above 0 else CLOSED, no ticks or prices)."
  type Position {
    id: ID!
    network: String!
    version: ProtocolVersion!
    "v3/v4: the NFT token id; v2: the pair address."
    tokenId: String!
    owner: String!
    pool: Pool
    status: PositionStatus!
    tickLower: Int
    tickUpper: Int
    "token1 per token0 at the range bounds"
    priceLower: String
    priceUpper: String
    liquidity: String!
    deposited0: String!
    deposited1: String!
    withdrawn0: String!
    withdrawn1: String!
    "Deposited (v3 IncreaseLiquidity, v4 principal added), withdrawn (principal removed) and collected amounts in base units. v3 collected counts everything Collect paid (withdrawn principal included); v4 collected counts only the fees each ModifyLiquidity paid out (the principal is in withdrawn). v2: deposited = the owner's mints plus the pro-rata basis of LP tokens received, less that of LP tokens sent to others; withdrawn = what its burns paid (fees included); collected = the swap fees inside those burns."
    collected0: String!
    collected1: String!
    "v2: the invariant √(amount0 · amount1) the LP tokens held now were acquired with (pro rata); what their invariant grew beyond it is their unwithdrawn fees. Null for v3/v4."
    lpBasisInvariant: String
    "When the position was opened (unix seconds): its NFT's mint, or the first LP tokens received (v2)."
    openedAt: Int!
  }

  type NftCollection {
    id: ID!
    network: String!
    address: String!
    name: String!
    symbol: String!
    totalSupply: Int!
    transferCount: Int!
    "Distinct current holders."
    ownerCount: Int!
    "The lowest token id's image (see Nft.imageUrl), as the collection's picture."
    imageUrl: String
  }

  "A trait from an NFT's metadata; both strings are the contract's (untrusted, render as text)."
  type NftAttribute { traitType: String! value: String! }

  type Nft {
    id: ID!
    network: String!
    collection: NftCollection!
    tokenId: String!
    owner: String!
    "From the tokenURI's inline JSON metadata (untrusted text, capped, control characters removed); null when absent."
    name: String
    description: String
    "Only an https URL, an ipfs://<cid>[/path] link (the client picks the gateway), or a data:image URI (png, jpeg, gif, webp, svg+xml); else null."
    imageUrl: String
    attributes: [NftAttribute!]!
  }

  "A token on a network, for tokenPrices."
  input TokenRef { network: String! address: String! }

  type TokenPrice {
    network: String!
    "As given, checksummed; the zero address is the network's native currency."
    address: String!
    "USD, derived from the indexed pools; null when no pool prices the token (or it is unknown)."
    priceUsd: String
    "Timestamp of the latest indexed block of the network: the price is as of that block."
    asOf: Int!
  }

  type TokenConnection { nodes: [Token!]! pageInfo: PageInfo! totalCount: Int! }
  type PoolConnection { nodes: [Pool!]! pageInfo: PageInfo! totalCount: Int! }
  type PoolTransactionConnection { nodes: [PoolTransaction!]! pageInfo: PageInfo! }
  type ActivityConnection { nodes: [Activity!]! pageInfo: PageInfo! }
  type PositionConnection { nodes: [Position!]! pageInfo: PageInfo! totalCount: Int! }
  type NftConnection { nodes: [Nft!]! pageInfo: PageInfo! }

  type SearchResults {
    tokens: [Token!]!
    pools: [Pool!]!
    nftCollections: [NftCollection!]!
  }

  type Query {
    "Indexed networks and their latest indexed block."
    networks: [NetworkStatus!]!
    "USD prices of the given tokens (up to 100), in the order given: stablecoins anchor at 1, every other price follows its pools to a stablecoin as of the latest indexed block; the native currency is priced as its wrapped token."
    tokenPrices(tokens: [TokenRef!]!): [TokenPrice!]!
    "Explore tokens. networks: omitted or empty = all indexed networks. filter: part of the symbol or name, or an address prefix (1-100 characters)."
    tokens(networks: [String!], orderBy: TokenOrderBy = VOLUME_24H, orderDirection: OrderDirection = DESC, first: Int = 20, after: String, includeSpam: Boolean = false, filter: String): TokenConnection!
    token(network: String!, address: String!): Token
    "Explore pools; token filters to pools containing that token address; filter: a token symbol or name part, a pair ('ETH/USDC'), or an address/pool id prefix."
    pools(networks: [String!], orderBy: PoolOrderBy = TVL, orderDirection: OrderDirection = DESC, first: Int = 20, after: String, token: String, version: ProtocolVersion, filter: String): PoolConnection!
    "id: pool address (v2/v3) or v4 pool id."
    pool(network: String!, id: String!): Pool
    "Explore transactions, newest first by default; VALUE_USD puts transactions of unknown value last in either direction; ties go by time in the same direction. filter: a token symbol or name part or a pair ('ETH/USDC'), matched on the pool's tokens, or the start of the wallet's address or of the transaction hash (0x…). A cursor pages only the list (order, filter, networks, pool, token) it came from."
    transactions(networks: [String!], orderBy: TransactionOrderBy = TIMESTAMP, orderDirection: OrderDirection = DESC, first: Int = 20, after: String, pool: String, token: String, filter: String): PoolTransactionConnection!
    portfolio(owner: String!, networks: [String!], hideSmallBalances: Boolean = false, hideSpam: Boolean = true): Portfolio!
    "The owner's balance of each given token (up to 20), in the order given, 0 where it holds none; tokens the indexer does not know are left out, and so is a native balance the node did not give."
    tokenBalances(owner: String!, tokens: [TokenRef!]!): [TokenBalance!]!
    activity(address: String!, networks: [String!], first: Int = 20, after: String, types: [TransactionType!]): ActivityConnection!
    "One v3/v4 position by its NFT token id (decimal); null when the indexer has none."
    position(network: String!, version: ProtocolVersion!, tokenId: String!): Position
    "One owner's v2 LP-token holding of a pair (pair: its address); null when the owner never held its LP tokens."
    v2Position(network: String!, pair: String!, owner: String!): Position
    "The owner's v2 LP-token holdings and v3/v4 positions, newest first."
    positions(owner: String!, networks: [String!], status: [PositionStatus!], first: Int = 20, after: String): PositionConnection!
    nfts(owner: String!, networks: [String!], first: Int = 20, after: String): NftConnection!
    "By 24 h volume."
    trendingTokens(networks: [String!], first: Int = 10): [Token!]!
    trendingPools(networks: [String!], first: Int = 10): [Pool!]!
    "By transfer count."
    nftCollections(networks: [String!], first: Int = 10): [NftCollection!]!
    nftCollection(network: String!, address: String!): NftCollection
    "A collection's tokens by token id."
    collectionNfts(network: String!, address: String!, first: Int = 20, after: String): NftConnection!
    "Tokens by symbol, name or address; pools by pair (e.g. 'ETH/USDC'), address or v4 pool id; NFT collections by name, symbol or address."
    search(query: String!, networks: [String!], first: Int = 10): SearchResults!
  }
`
