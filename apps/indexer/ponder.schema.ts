/**
 * Indexed and derived tables. Token amounts are `t.bigint()` (numeric(78)); USD figures are
 * double precision (derived, display-grade) and leave the API as decimal strings. Every row carries
 * its chain id; pools are keyed by address (v2/v3) or pool id (v4), lower-case hex.
 */
import { index, onchainTable, primaryKey } from 'ponder'

/** Latest block seen per network: the API's notion of "now" and its cache key. */
export const networkState = onchainTable('network_state', (t) => ({
  chainId: t.integer().primaryKey(),
  blockNumber: t.bigint().notNull(),
  blockHash: t.hex().notNull(),
  timestamp: t.integer().notNull(),
}))

export const token = onchainTable(
  'token',
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    symbol: t.text().notNull(),
    name: t.text().notNull(),
    decimals: t.integer().notNull(),
    kind: t.text().notNull(),
    safety: t.text().notNull(),
    /** Known when every mint and burn was indexed (manifest tokens); null otherwise. */
    totalSupply: t.bigint(),
    priceUsd: t.doublePrecision(),
    /** Hops to a stablecoin the price was derived through (0 = a stablecoin). */
    priceDepth: t.integer(),
    priceSourcePool: t.text(),
    priceSourceLiquidityUsd: t.doublePrecision(),
    volumeUsd: t.doublePrecision().notNull().default(0),
    txCount: t.integer().notNull().default(0),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
)

/** OHLC of a token's USD price; period in seconds (300, 3600, 86400), bucket = start time. */
export const tokenCandle = onchainTable(
  'token_candle',
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    period: t.integer().notNull(),
    bucket: t.integer().notNull(),
    open: t.doublePrecision().notNull(),
    high: t.doublePrecision().notNull(),
    low: t.doublePrecision().notNull(),
    close: t.doublePrecision().notNull(),
    volumeUsd: t.doublePrecision().notNull().default(0),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.token, table.period, table.bucket] }) }),
)

export const pool = onchainTable(
  'pool',
  (t) => ({
    chainId: t.integer().notNull(),
    /** v2/v3: pool address; v4: pool id. Lower-case hex. */
    id: t.hex().notNull(),
    version: t.text().notNull(),
    token0: t.hex().notNull(),
    token1: t.hex().notNull(),
    /** Hundredths of a basis point (3000 = 0.3%); 0x800000 marks a v4 dynamic fee. */
    fee: t.integer().notNull(),
    tickSpacing: t.integer(),
    hooks: t.hex(),
    /** Token balances held for the pool (v2 reserves; v3/v4 from event deltas). */
    reserve0: t.bigint().notNull().default(0n),
    reserve1: t.bigint().notNull().default(0n),
    sqrtPriceX96: t.bigint(),
    tick: t.integer(),
    liquidity: t.bigint().notNull().default(0n),
    /** token1 per token0, decimals applied. */
    price0: t.doublePrecision(),
    /** v4: fee growth per unit of liquidity (Q128) and the initialized ticks (src/lib/v4Fees.ts). */
    feeGrowthGlobal0: t.bigint().notNull().default(0n),
    feeGrowthGlobal1: t.bigint().notNull().default(0n),
    ticks: t.json(),
    /** v4: false once a swap could not be replayed (fees paid out are then unknown). */
    feesExact: t.boolean().notNull().default(true),
    volumeUsd: t.doublePrecision().notNull().default(0),
    feesUsd: t.doublePrecision().notNull().default(0),
    txCount: t.integer().notNull().default(0),
    createdAt: t.integer().notNull(),
    createdBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.id] }) }),
)

/**
 * OHLC of a pool's price (price0: token1 per token0, decimals applied) per hour (3600) and day
 * (86400), bucket = start time: the position and pool pages' price charts.
 */
export const poolCandle = onchainTable(
  'pool_candle',
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    period: t.integer().notNull(),
    bucket: t.integer().notNull(),
    open: t.doublePrecision().notNull(),
    high: t.doublePrecision().notNull(),
    low: t.doublePrecision().notNull(),
    close: t.doublePrecision().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.period, table.bucket] }) }),
)

/** Volume and fees of a pool per hour (3600) and day (86400). */
export const poolWindow = onchainTable(
  'pool_window',
  (t) => ({
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    period: t.integer().notNull(),
    bucket: t.integer().notNull(),
    volumeUsd: t.doublePrecision().notNull().default(0),
    feesUsd: t.doublePrecision().notNull().default(0),
    txCount: t.integer().notNull().default(0),
    tvlUsd: t.doublePrecision().notNull().default(0),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.pool, table.period, table.bucket] }) }),
)

export const balance = onchainTable(
  'balance',
  (t) => ({
    chainId: t.integer().notNull(),
    token: t.hex().notNull(),
    owner: t.hex().notNull(),
    amount: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.token, table.owner] }),
    ownerIdx: index().on(table.owner),
  }),
)

/**
 * One row per (transaction, account): the spec's transaction type as seen by that account. Several
 * logs of one transaction fold into one row; the most telling type wins (see activityPriority).
 */
export const activity = onchainTable(
  'activity',
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    account: t.hex().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.integer().notNull(),
    type: t.text().notNull(),
    priority: t.integer().notNull(),
    /** Token movements of the account in this transaction (AssetChange[] of src/lib/derive.ts). */
    assetChanges: t.json().notNull(),
    counterparty: t.hex(),
    pool: t.hex(),
    nftCollection: t.hex(),
    nftTokenId: t.bigint(),
    /** The pool the account removed liquidity from in this transaction (a migration's source). */
    liquidityOut: t.hex(),
    /** The pool the account added liquidity to in this transaction (a migration's destination). */
    liquidityIn: t.hex(),
  }),
  (table) => ({ accountIdx: index().on(table.account, table.timestamp) }),
)

/** Pool-level events for the explore transactions tab. */
export const poolEvent = onchainTable(
  'pool_event',
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    pool: t.hex().notNull(),
    txHash: t.hex().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.integer().notNull(),
    type: t.text().notNull(),
    account: t.hex().notNull(),
    amount0: t.bigint().notNull(),
    amount1: t.bigint().notNull(),
    valueUsd: t.doublePrecision(),
  }),
  (table) => ({
    timeIdx: index().on(table.timestamp),
    poolIdx: index().on(table.chainId, table.pool),
    // Explore transactions by USD value (api/resolvers/context.ts eventOrderBy): unknown values
    // last in both directions, ties by time in the same direction; one index per direction.
    valueDescIdx: index().on(
      table.valueUsd.desc().nullsLast(),
      table.timestamp.desc(),
      table.blockNumber.desc(),
      table.logIndex.desc(),
      table.id.desc(),
    ),
    valueAscIdx: index().on(table.valueUsd, table.timestamp, table.blockNumber, table.logIndex, table.id),
  }),
)

export const position = onchainTable(
  'position',
  (t) => ({
    chainId: t.integer().notNull(),
    version: t.text().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    pool: t.hex(),
    tickLower: t.integer(),
    tickUpper: t.integer(),
    liquidity: t.bigint().notNull().default(0n),
    deposited0: t.bigint().notNull().default(0n),
    deposited1: t.bigint().notNull().default(0n),
    withdrawn0: t.bigint().notNull().default(0n),
    withdrawn1: t.bigint().notNull().default(0n),
    collected0: t.bigint().notNull().default(0n),
    collected1: t.bigint().notNull().default(0n),
    createdAt: t.integer().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.version, table.tokenId] }),
    ownerIdx: index().on(table.owner),
  }),
)

/**
 * v2 LP-token balance per (network, pair, owner): the account's v2 position. Mints (from the zero
 * address), burns (to it), the MINIMUM_LIQUIDITY locked at the zero address, the dead address and
 * the pair itself (which holds LP tokens only between a router's transfer and its burn) get no row.
 * A row stays at 0 once emptied (a closed position); createdAt = the first LP tokens received.
 */
export const v2LpBalance = onchainTable(
  'v2_lp_balance',
  (t) => ({
    chainId: t.integer().notNull(),
    pair: t.hex().notNull(),
    owner: t.hex().notNull(),
    amount: t.bigint().notNull(),
    createdAt: t.integer().notNull(),
    /**
     * The position's history against holding (issue #13): deposited = what the owner's mints paid
     * in plus the basis of LP tokens received, less the basis of LP tokens sent away; withdrawn =
     * what its burns paid out; fees0/1 = the swap fees inside those payouts.
     */
    deposited0: t.bigint().notNull().default(0n),
    deposited1: t.bigint().notNull().default(0n),
    withdrawn0: t.bigint().notNull().default(0n),
    withdrawn1: t.bigint().notNull().default(0n),
    fees0: t.bigint().notNull().default(0n),
    fees1: t.bigint().notNull().default(0n),
    /**
     * The basis of the LP tokens held now (pro rata on burns and transfers): the amounts and the
     * invariant √(x·y) (packages/routing v2Invariant) they were acquired with.
     */
    basis0: t.bigint().notNull().default(0n),
    basis1: t.bigint().notNull().default(0n),
    basisInvariant: t.bigint().notNull().default(0n),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.pair, table.owner] }),
    ownerIdx: index().on(table.owner),
  }),
)

/**
 * A v2 LP-token movement a pair's Mint or Burn event completes in the same transaction, keyed
 * chain:txHash:pair:kind: a mint's recipient (the Transfer from the zero address comes first, the
 * Mint names only the router) and a burn's owner (who sent the LP tokens to the pair).
 */
export const v2LiquidityContext = onchainTable('v2_liquidity_context', (t) => ({
  id: t.text().primaryKey(),
  owner: t.hex().notNull(),
  liquidity: t.bigint().notNull(),
}))

export const nftCollection = onchainTable(
  'nft_collection',
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    name: t.text().notNull(),
    symbol: t.text().notNull(),
    totalSupply: t.integer().notNull(),
    transferCount: t.integer().notNull().default(0),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
)

export const nft = onchainTable(
  'nft',
  (t) => ({
    chainId: t.integer().notNull(),
    collection: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    /** tokenURI as read at mint (capped; null when the call failed): decoded by the API, never trusted. */
    tokenUri: t.text(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.collection, table.tokenId] }),
    collectionIdx: index().on(table.chainId, table.collection),
    ownerIdx: index().on(table.owner),
  }),
)

export const uniswapxFill = onchainTable('uniswapx_fill', (t) => ({
  id: t.text().primaryKey(),
  chainId: t.integer().notNull(),
  orderHash: t.hex().notNull(),
  filler: t.hex().notNull(),
  swapper: t.hex().notNull(),
  nonce: t.bigint().notNull(),
  txHash: t.hex().notNull(),
  timestamp: t.integer().notNull(),
}))

/** v4 positions' fee state (Position.State), keyed chain:pool:owner:tickLower:tickUpper:salt. */
export const v4PositionFees = onchainTable('v4_position_fees', (t) => ({
  id: t.text().primaryKey(),
  liquidity: t.bigint().notNull(),
  last0: t.bigint().notNull(),
  last1: t.bigint().notNull(),
}))

/**
 * The v3 pool Mint that the position manager caused in a transaction: its IncreaseLiquidity event
 * follows and names the token id, the pool Mint names the pool and the range. Avoids historical
 * eth_calls (a devnet restored from a dump has no historical state).
 */
export const v3MintContext = onchainTable('v3_mint_context', (t) => ({
  id: t.text().primaryKey(),
  pool: t.hex().notNull(),
  tickLower: t.integer().notNull(),
  tickUpper: t.integer().notNull(),
}))

/**
 * Transactions whose native-currency flows were read from the node's call trace (per
 * chain:txHash): `traced` false when the node could not trace it (a devnet restored from a dump
 * has no transaction history) and the logs' reading applies instead.
 */
export const nativeTrace = onchainTable('native_trace', (t) => ({
  id: t.text().primaryKey(),
  traced: t.boolean().notNull(),
}))
