import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'
import type { PositionHistory, V2PositionHistory } from './holdComparison.ts'
import type { PositionStatus } from './positionMath.ts'

/** One of the account's positions as the indexer lists it (apps/indexer/src/api/sdl.ts `positions`). */
export interface IndexedPosition {
  readonly network: string
  readonly version: 'v2' | 'v3' | 'v4'
  /** v3/v4: the NFT's token id (decimal); v2: the pair address (checksummed). */
  readonly tokenId: string
  readonly status: PositionStatus
  readonly tickLower: number | null
  readonly tickUpper: number | null
  /** v3/v4: the position's liquidity; v2: the LP-token balance. */
  readonly liquidity: bigint
  readonly pool: {
    readonly feeTier: number
    readonly hooks: string | null
    /** The pool's APR from fees and its LP rewards APR (percent; null: unknown / not incentivised). */
    readonly apr: number | null
    readonly rewardApr: number | null
    readonly token0: IndexedToken
    readonly token1: IndexedToken
  } | null
}

export interface IndexedToken {
  readonly address: string
  readonly symbol: string
  readonly decimals: number
  /** USD per whole token, when the indexer prices it. */
  readonly priceUsd: number | null
}

export const POSITIONS_QUERY = /* GraphQL */ `
  query Positions($owner: String!, $first: Int!) {
    positions(owner: $owner, first: $first) {
      nodes {
        network version tokenId status tickLower tickUpper liquidity
        pool {
          feeTier hooks apr rewardApr
          token0 { address symbol decimals priceUsd }
          token1 { address symbol decimals priceUsd }
        }
      }
    }
  }
`

/** The most positions listed (the indexer's page size cap). */
export const POSITIONS_PAGE = 100

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const token = z.object({
  address: z.string().check(z.regex(ADDRESS)),
  symbol: z.string().check(z.maxLength(64)),
  decimals: z.int().check(z.gte(0), z.lte(255)),
  priceUsd: z.nullable(z.string()),
})
const node = z.object({
  network: z.string().check(z.regex(NETWORK_SLUG_PATTERN)),
  version: z.enum(['V2', 'V3', 'V4']),
  tokenId: z.string().check(z.regex(/^(?:[0-9]{1,78}|0x[0-9a-fA-F]{40})$/)),
  status: z.enum(['IN_RANGE', 'OUT_OF_RANGE', 'CLOSED']),
  tickLower: z.nullable(z.int()),
  tickUpper: z.nullable(z.int()),
  liquidity: z.string().check(z.regex(/^[0-9]{1,78}$/)),
  pool: z.nullable(
    z.object({
      feeTier: z.int().check(z.gte(0), z.lte(0xffffff)),
      hooks: z.nullable(z.string().check(z.regex(ADDRESS))),
      apr: z.optional(z.nullable(z.string())),
      rewardApr: z.optional(z.nullable(z.string())),
      token0: token,
      token1: token,
    }),
  ),
})
const answer = z.object({ data: z.object({ positions: z.object({ nodes: z.array(z.unknown()) }) }) })

const percentOf = (value: string | null | undefined): number | null => {
  const n = value === null || value === undefined ? Number.NaN : Number(value)
  return Number.isFinite(n) ? n : null
}

const toToken = (t: z.infer<typeof token>): IndexedToken => {
  const price = t.priceUsd === null ? Number.NaN : Number(t.priceUsd)
  return {
    address: t.address,
    symbol: t.symbol.replace(/[^\p{L}\p{N}._\- ]/gu, '').slice(0, 32) || '?',
    decimals: t.decimals,
    priceUsd: Number.isFinite(price) ? price : null,
  }
}

/**
 * The account's v2 (LP tokens, one per pair), v3 and v4 positions on every indexed network; entries
 * that fail validation (a v2 entry whose id is not an address, a v3/v4 one whose id is not a number)
 * are dropped.
 */
export async function fetchPositions(
  url: string,
  owner: string,
  signal?: AbortSignal,
): Promise<IndexedPosition[]> {
  const body = answer.parse(await postGraphql(url, POSITIONS_QUERY, { owner, first: POSITIONS_PAGE }, signal))
  return body.data.positions.nodes.flatMap((entry) => {
    const parsed = node.safeParse(entry)
    if (!parsed.success) return []
    const p = parsed.data
    const version = p.version === 'V2' ? 'v2' : p.version === 'V3' ? 'v3' : 'v4'
    if ((version === 'v2') !== p.tokenId.startsWith('0x')) return []
    return [
      {
        network: p.network,
        version,
        tokenId: p.tokenId,
        status: p.status,
        tickLower: p.tickLower,
        tickUpper: p.tickUpper,
        liquidity: BigInt(p.liquidity),
        pool: p.pool
          ? {
              feeTier: p.pool.feeTier,
              hooks: p.pool.hooks,
              apr: percentOf(p.pool.apr),
              rewardApr: percentOf(p.pool.rewardApr),
              token0: toToken(p.pool.token0),
              token1: toToken(p.pool.token1),
            }
          : null,
      } satisfies IndexedPosition,
    ]
  })
}

export { fetchTokenPrices, TOKEN_PRICES_QUERY } from '../../../lib/tokenPrices.ts'

export const POSITION_HISTORY_QUERY = /* GraphQL */ `
  query PositionHistory($network: String!, $version: ProtocolVersion!, $tokenId: String!) {
    networks { network blockNumber }
    position(network: $network, version: $version, tokenId: $tokenId) {
      deposited0 deposited1 withdrawn0 withdrawn1 collected0 collected1 openedAt
    }
  }
`
const units = z.string().check(z.regex(/^[0-9]{1,78}$/))
/** The indexer's networks and the block each has reached. */
const indexedNetworks = z.array(z.object({ network: z.string(), blockNumber: units }))
/** What went into and came out of a position (v2, v3 or v4), in token units. */
const flowsAnswer = z.object({
  deposited0: units,
  deposited1: units,
  withdrawn0: units,
  withdrawn1: units,
  collected0: units,
  collected1: units,
  openedAt: z.int().check(z.gte(0)),
})
const flowsOf = (p: z.infer<typeof flowsAnswer>): PositionHistory => ({
  deposited0: BigInt(p.deposited0),
  deposited1: BigInt(p.deposited1),
  withdrawn0: BigInt(p.withdrawn0),
  withdrawn1: BigInt(p.withdrawn1),
  collected0: BigInt(p.collected0),
  collected1: BigInt(p.collected1),
  openedAt: p.openedAt,
})

/** Throws IndexerBehindError unless the indexer has reached `atBlock` on the network. */
function assertIndexedAt(networks: z.infer<typeof indexedNetworks>, network: string, atBlock: bigint): void {
  const indexed = networks.find((n) => n.network === network)
  if (!indexed || BigInt(indexed.blockNumber) < atBlock) throw new IndexerBehindError(network)
}

const historyAnswer = z.object({
  data: z.object({
    networks: indexedNetworks,
    position: z.nullable(flowsAnswer),
  }),
})

/** The indexer has not yet reached the block the page read from the chain: ask again shortly. */
export class IndexerBehindError extends Error {
  override readonly name = 'IndexerBehindError'
}

/**
 * What went into and came out of a v3/v4 position since it was opened, from the indexer (its mint,
 * increase, decrease and collect events), as of `atBlock` or later so it adds up with figures read
 * from the chain at that block; null when the indexer has not seen the position.
 */
export async function fetchPositionHistory(
  url: string,
  network: string,
  version: 'v3' | 'v4',
  tokenId: bigint,
  atBlock: bigint,
  signal?: AbortSignal,
): Promise<PositionHistory | null> {
  const body = historyAnswer.parse(
    await postGraphql(
      url,
      POSITION_HISTORY_QUERY,
      { network, version: version.toUpperCase(), tokenId: tokenId.toString() },
      signal,
    ),
  )
  assertIndexedAt(body.data.networks, network, atBlock)
  const p = body.data.position
  if (!p) return null
  return flowsOf(p)
}

export const V2_POSITION_HISTORY_QUERY = /* GraphQL */ `
  query V2PositionHistory($network: String!, $pair: String!, $owner: String!) {
    networks { network blockNumber }
    v2Position(network: $network, pair: $pair, owner: $owner) {
      liquidity deposited0 deposited1 withdrawn0 withdrawn1 collected0 collected1 lpBasisInvariant openedAt
    }
  }
`
const v2HistoryAnswer = z.object({
  data: z.object({
    networks: indexedNetworks,
    v2Position: z.nullable(z.extend(flowsAnswer, { liquidity: units, lpBasisInvariant: units })),
  }),
})

/**
 * An owner's v2 LP history in a pair from the indexer (its mints, burns and LP transfers), as of
 * `atBlock` or later; null when the owner never held the pair's LP tokens.
 */
export async function fetchV2PositionHistory(
  url: string,
  network: string,
  pair: string,
  owner: string,
  atBlock: bigint,
  signal?: AbortSignal,
): Promise<V2PositionHistory | null> {
  const body = v2HistoryAnswer.parse(
    await postGraphql(url, V2_POSITION_HISTORY_QUERY, { network, pair, owner }, signal),
  )
  assertIndexedAt(body.data.networks, network, atBlock)
  const p = body.data.v2Position
  if (!p) return null
  return { ...flowsOf(p), lpBalance: BigInt(p.liquidity), basisInvariant: BigInt(p.lpBasisInvariant) }
}

export const POOL_DEPTH_QUERY = /* GraphQL */ `
  query PoolDepth($network: String!, $id: String!) {
    pool(network: $network, id: $id) { liquidityByTick { tick liquidity } }
  }
`
const depthAnswer = z.object({
  data: z.object({
    pool: z.nullable(
      z.object({
        liquidityByTick: z.array(z.object({ tick: z.int(), liquidity: units })).check(z.maxLength(400)),
      }),
    ),
  }),
})

/**
 * A v3/v4 pool's active liquidity from each initialized tick to the next, from the indexer (the
 * create flow's depth chart); empty when the indexer does not know the pool.
 */
export async function fetchPoolDepth(
  url: string,
  network: string,
  id: string,
  signal?: AbortSignal,
): Promise<{ tick: number; liquidity: bigint }[]> {
  const body = depthAnswer.parse(await postGraphql(url, POOL_DEPTH_QUERY, { network, id }, signal))
  return (body.data.pool?.liquidityByTick ?? []).map((r) => ({
    tick: r.tick,
    liquidity: BigInt(r.liquidity),
  }))
}
