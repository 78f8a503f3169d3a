import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/** The search modal's data, from the indexer (apps/indexer/src/api/sdl.ts: `search`, `nftCollections`). */
export interface TokenResult {
  readonly network: string
  readonly address: string
  readonly symbol: string
  readonly name: string
  /** The indexer's safety level: a 'blocked' token's row offers no swap, send or buy. */
  readonly safety: string
  /** The token list's logo (a same-origin path; TokenMark checks it), null when it has none. */
  readonly logoUrl: string | null
}
export interface PoolResult {
  readonly network: string
  /** Pool address (v2/v3) or v4 pool id: what /explore/pools/:chainName/:poolAddress takes. */
  readonly id: string
  readonly version: 'V2' | 'V3' | 'V4'
  readonly token0: string
  readonly token1: string
  /** Hundredths of a basis point (3000 = 0.3%). */
  readonly feeTier: number
}
export interface NftCollectionResult {
  readonly network: string
  readonly address: string
  readonly name: string
}
export interface SearchResults {
  readonly tokens: readonly TokenResult[]
  readonly pools: readonly PoolResult[]
  readonly nftCollections: readonly NftCollectionResult[]
}

const COLLECTION_FIELDS = 'network address name'

export const SEARCH_QUERY = /* GraphQL */ `
  query Search($query: String!, $networks: [String!], $first: Int!) {
    search(query: $query, networks: $networks, first: $first) {
      tokens { network address symbol name safety logoUrl }
      pools { network address poolId version feeTier token0 { symbol } token1 { symbol } }
      nftCollections { ${COLLECTION_FIELDS} }
    }
  }
`

export const POPULAR_NFT_COLLECTIONS_QUERY = /* GraphQL */ `
  query PopularNftCollections($networks: [String!], $first: Int!) {
    nftCollections(networks: $networks, first: $first) { ${COLLECTION_FIELDS} }
  }
`

export const TRENDING_QUERY = /* GraphQL */ `
  query Trending($networks: [String!], $first: Int!) {
    trendingTokens(networks: $networks, first: $first) { network address symbol name safety logoUrl }
    trendingPools(networks: $networks, first: $first) {
      network address poolId version feeTier token0 { symbol } token1 { symbol }
    }
  }
`

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const POOL_ID = /^0x[0-9a-fA-F]{64}$/
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))
const network = z.string().check(z.regex(NETWORK_SLUG_PATTERN))
const tokenSchema = z.object({
  network,
  address: z.string().check(z.regex(ADDRESS)),
  symbol: text(32),
  name: text(100),
  safety: text(32),
  logoUrl: z.nullable(z.string().check(z.maxLength(200))),
})
const poolSchema = z.object({
  network,
  /** v2/v3: the pool's address; v4: null, and poolId is set. */
  address: z.nullable(z.string().check(z.regex(ADDRESS))),
  poolId: z.nullable(z.string().check(z.regex(POOL_ID))),
  version: z.enum(['V2', 'V3', 'V4']),
  feeTier: z.int().check(z.gte(0), z.lte(1_000_000)),
  token0: z.object({ symbol: text(32) }),
  token1: z.object({ symbol: text(32) }),
})
const collectionSchema = z.object({ network, address: z.string().check(z.regex(ADDRESS)), name: text(100) })

/** Keeps the entries that validate and are on a network this app knows; drops the others one by one. */
function each<T extends { network: string }>(
  list: unknown,
  schema: z.ZodMiniType<T>,
  isNetwork: (slug: string) => boolean,
): T[] {
  if (!Array.isArray(list)) throw new Error('Unexpected answer from the indexer')
  return list.flatMap((entry) => {
    const parsed = schema.safeParse(entry)
    return parsed.success && isNetwork(parsed.data.network) ? [parsed.data] : []
  })
}

const searchAnswer = z.object({
  data: z.object({
    search: z.object({ tokens: z.unknown(), pools: z.unknown(), nftCollections: z.unknown() }),
  }),
})
const popularAnswer = z.object({ data: z.object({ nftCollections: z.unknown() }) })

export function parseSearchResults(json: unknown, isNetwork: (slug: string) => boolean): SearchResults {
  const answer = searchAnswer.safeParse(json)
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  const { tokens, pools, nftCollections } = answer.data.data.search
  return {
    tokens: each(tokens, tokenSchema, isNetwork),
    pools: poolResults(pools, isNetwork),
    nftCollections: each(nftCollections, collectionSchema, isNetwork),
  }
}

/** The indexer's pools as rows: the id a pool page takes (address, or the v4 pool id). */
function poolResults(list: unknown, isNetwork: (slug: string) => boolean): PoolResult[] {
  return each(list, poolSchema, isNetwork).flatMap((pool) => {
    const id = pool.address ?? pool.poolId
    if (!id) return []
    return [
      {
        network: pool.network,
        id,
        version: pool.version,
        feeTier: pool.feeTier,
        token0: pool.token0.symbol,
        token1: pool.token1.symbol,
      },
    ]
  })
}

export interface TrendingResults {
  /** By 1-day volume, descending (the indexer's order), cut to the page size. */
  readonly tokens: readonly TokenResult[]
  readonly pools: readonly PoolResult[]
}

const trendingAnswer = z.object({
  data: z.object({ trendingTokens: z.unknown(), trendingPools: z.unknown() }),
})

export function parseTrending(json: unknown, isNetwork: (slug: string) => boolean): TrendingResults {
  const answer = trendingAnswer.safeParse(json)
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return {
    tokens: each(answer.data.data.trendingTokens, tokenSchema, isNetwork),
    pools: poolResults(answer.data.data.trendingPools, isNetwork),
  }
}

export function parsePopularNftCollections(
  json: unknown,
  isNetwork: (slug: string) => boolean,
): NftCollectionResult[] {
  const answer = popularAnswer.safeParse(json)
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return each(answer.data.data.nftCollections, collectionSchema, isNetwork)
}

export interface SearchRequest {
  readonly graphqlUrl: string
  /** The networks searched (never empty: to the indexer that means every network). */
  readonly networks: readonly string[]
  readonly first: number
  readonly isNetwork: (slug: string) => boolean
  readonly signal?: AbortSignal
}

export async function fetchSearchResults(request: SearchRequest & { query: string }): Promise<SearchResults> {
  const json = await postGraphql(
    request.graphqlUrl,
    SEARCH_QUERY,
    { query: request.query, networks: request.networks, first: request.first },
    request.signal,
  )
  return parseSearchResults(json, request.isNetwork)
}

/** The lists shown before anything is typed take the same variables: the networks and a count. */
const postListing = (query: string, request: SearchRequest) =>
  postGraphql(request.graphqlUrl, query, { networks: request.networks, first: request.first }, request.signal)

export async function fetchPopularNftCollections(request: SearchRequest): Promise<NftCollectionResult[]> {
  return parsePopularNftCollections(
    await postListing(POPULAR_NFT_COLLECTIONS_QUERY, request),
    request.isNetwork,
  )
}

export async function fetchTrending(request: SearchRequest): Promise<TrendingResults> {
  return parseTrending(await postListing(TRENDING_QUERY, request), request.isNetwork)
}
