import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'
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
          feeTier hooks
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
  network: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/)),
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
      token0: token,
      token1: token,
    }),
  ),
})
const answer = z.object({ data: z.object({ positions: z.object({ nodes: z.array(z.unknown()) }) }) })

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
              token0: toToken(p.pool.token0),
              token1: toToken(p.pool.token1),
            }
          : null,
      } satisfies IndexedPosition,
    ]
  })
}

export const TOKEN_PRICES_QUERY = /* GraphQL */ `
  query TokenPrices($tokens: [TokenRef!]!) { tokenPrices(tokens: $tokens) { network address priceUsd } }
`
const pricesAnswer = z.object({
  data: z.object({
    tokenPrices: z.array(
      z.object({ network: z.string(), address: z.string(), priceUsd: z.nullable(z.string()) }),
    ),
  }),
})

/** USD prices of tokens, keyed `network:lowercase address` (missing when unpriced). */
export async function fetchTokenPrices(
  url: string,
  tokens: readonly { network: string; address: string }[],
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const prices = new Map<string, number>()
  if (tokens.length === 0) return prices
  const body = pricesAnswer.parse(await postGraphql(url, TOKEN_PRICES_QUERY, { tokens }, signal))
  for (const p of body.data.tokenPrices) {
    const price = p.priceUsd === null ? Number.NaN : Number(p.priceUsd)
    if (Number.isFinite(price)) prices.set(`${p.network}:${p.address.toLowerCase()}`, price)
  }
  return prices
}
