import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/**
 * The explore tables' data, from the indexer (apps/indexer/src/api/sdl.ts: `tokens`, `pools`,
 * `transactions`, `networks`). Every answer is validated here, entry by entry: a malformed row is
 * dropped, a malformed answer is an error (the page then shows the spec's data message).
 */

export const EXPLORE_PAGE_SIZE = 25

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const POOL_ID = /^0x[0-9a-fA-F]{64}$/
const HASH = /^0x[0-9a-fA-F]{64}$/
const DECIMAL = /^-?\d+(\.\d+)?$/
const INTEGER = /^-?\d{1,80}$/

const network = z.string().check(z.regex(NETWORK_SLUG_PATTERN))
const address = z.string().check(z.regex(ADDRESS))
/** Symbols and names are hostile input: any text, bounded, rendered as text only. */
const text = (max: number) => z.string().check(z.maxLength(max))
const decimal = z.string().check(z.regex(DECIMAL))
const integer = z.string().check(z.regex(INTEGER))
const cursor = z.nullable(z.string().check(z.maxLength(512)))

const tokenRowSchema = z.object({
  network,
  address,
  symbol: text(64),
  name: text(200),
  decimals: z.int().check(z.gte(0), z.lte(255)),
  safety: text(32),
  /** The token list's logo (a same-origin path; TokenMark checks it), null when it has none. */
  logoUrl: z.nullable(text(200)),
  priceUsd: z.nullable(decimal),
  priceChange1h: z.nullable(decimal),
  priceChange24h: z.nullable(decimal),
  fdvUsd: z.nullable(decimal),
  volume24hUsd: decimal,
  tvlUsd: decimal,
  sparkline: z.array(decimal).check(z.maxLength(100)),
})
export type TokenRow = z.infer<typeof tokenRowSchema>

const poolTokenSchema = z.object({
  address,
  symbol: text(64),
  decimals: z.int().check(z.gte(0), z.lte(255)),
  logoUrl: z.nullable(text(200)),
})

const poolRowSchema = z.object({
  network,
  address: z.nullable(address),
  poolId: z.nullable(z.string().check(z.regex(POOL_ID))),
  version: z.enum(['V2', 'V3', 'V4']),
  feeTier: z.int().check(z.gte(0), z.lte(16_777_215)),
  hooks: z.nullable(address),
  token0: poolTokenSchema,
  token1: poolTokenSchema,
  tvlUsd: decimal,
  apr: decimal,
  /** The LP rewards APR (percent); null where the pool is not incentivised. */
  rewardApr: z.optional(z.nullable(decimal)),
  volume24hUsd: decimal,
  volume30dUsd: decimal,
})
export type PoolRow = z.infer<typeof poolRowSchema> & { readonly id: string }

const transactionRowSchema = z.object({
  id: text(200),
  network,
  txHash: z.string().check(z.regex(HASH)),
  timestamp: z.int().check(z.gte(0)),
  type: z.enum(['SWAP', 'ADD', 'REMOVE']),
  account: address,
  amount0: integer,
  amount1: integer,
  valueUsd: z.nullable(decimal),
  pool: z.object({ token0: poolTokenSchema, token1: poolTokenSchema }),
})
export type TransactionRow = z.infer<typeof transactionRowSchema>

export interface Page<T> {
  readonly rows: readonly T[]
  readonly endCursor: string | null
  readonly hasNextPage: boolean
}

export type TokenSort = 'VOLUME_24H' | 'PRICE' | 'PRICE_CHANGE_1H' | 'PRICE_CHANGE_24H' | 'MARKET_CAP'
export type PoolSort = 'TVL' | 'APR' | 'VOLUME_24H' | 'VOLUME_30D'
export type TransactionSort = 'TIMESTAMP' | 'VALUE_USD'
export type Direction = 'ASC' | 'DESC'
/** The lists' first order (the tables start there; the route loaders prefetch it). */
export const TOKENS_DEFAULT_SORT: TokenSort = 'VOLUME_24H'
export const POOLS_DEFAULT_SORT: PoolSort = 'TVL'
/** Newest first: the order in which new blocks' transactions appear on top. */
export const TRANSACTIONS_DEFAULT_ORDER = { orderBy: 'TIMESTAMP', direction: 'DESC' } as const satisfies {
  orderBy: TransactionSort
  direction: Direction
}

const TOKEN_FIELDS =
  'network address symbol name decimals safety logoUrl priceUsd priceChange1h priceChange24h fdvUsd volume24hUsd tvlUsd sparkline'
const POOL_FIELDS = `network address poolId version feeTier hooks tvlUsd apr rewardApr volume24hUsd volume30dUsd
  token0 { address symbol decimals logoUrl } token1 { address symbol decimals logoUrl }`
export const TRANSACTION_FIELDS = `id network txHash timestamp type account amount0 amount1 valueUsd
  pool { token0 { address symbol decimals logoUrl } token1 { address symbol decimals logoUrl } }`

export const TOKENS_QUERY = /* GraphQL */ `
  query ExploreTokens($networks: [String!], $orderBy: TokenOrderBy, $orderDirection: OrderDirection, $first: Int!, $after: String, $filter: String) {
    tokens(networks: $networks, orderBy: $orderBy, orderDirection: $orderDirection, first: $first, after: $after, filter: $filter) {
      nodes { ${TOKEN_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
`
export const POOLS_QUERY = /* GraphQL */ `
  query ExplorePools($networks: [String!], $orderBy: PoolOrderBy, $orderDirection: OrderDirection, $first: Int!, $after: String, $filter: String) {
    pools(networks: $networks, orderBy: $orderBy, orderDirection: $orderDirection, first: $first, after: $after, filter: $filter) {
      nodes { ${POOL_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
`
export const TRANSACTIONS_QUERY = /* GraphQL */ `
  query ExploreTransactions($networks: [String!], $orderBy: TransactionOrderBy, $orderDirection: OrderDirection, $first: Int!, $after: String, $token: String, $pool: String, $filter: String) {
    transactions(networks: $networks, orderBy: $orderBy, orderDirection: $orderDirection, first: $first, after: $after, token: $token, pool: $pool, filter: $filter) {
      nodes { ${TRANSACTION_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
`
export const NETWORKS_QUERY = /* GraphQL */ `
  query ExploreNetworks { networks { network blockNumber blockTimestamp } }
`

const connection = (field: string) =>
  z.object({
    data: z.object({
      [field]: z.object({
        nodes: z.array(z.unknown()),
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: cursor }),
      }),
    }),
  })

function pageOf<T>(
  json: unknown,
  field: string,
  schema: z.ZodMiniType<T>,
  isNetwork: (slug: string) => boolean,
): Page<T> {
  const answer = connection(field).safeParse(json)
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  const list = (answer.data.data as Record<string, z.infer<ReturnType<typeof connection>>['data'][string]>)[
    field
  ]
  if (!list) throw new Error('Unexpected answer from the indexer')
  const rows = list.nodes.flatMap((entry) => {
    const parsed = schema.safeParse(entry)
    return parsed.success && isNetwork((parsed.data as { network: string }).network) ? [parsed.data] : []
  })
  return { rows, endCursor: list.pageInfo.endCursor, hasNextPage: list.pageInfo.hasNextPage }
}

export interface ListRequest {
  readonly graphqlUrl: string
  /** Network slugs; null for every network. */
  readonly networks: readonly string[] | null
  readonly after: string | null
  readonly isNetwork: (slug: string) => boolean
  readonly signal?: AbortSignal
}

/** One sorted, filtered page of the tokens or pools table: both take the same variables. */
type SortedListRequest<Sort> = ListRequest & { orderBy: Sort; direction: Direction; filter: string }

const postSortedList = <Sort>(query: string, request: SortedListRequest<Sort>) =>
  postGraphql(
    request.graphqlUrl,
    query,
    {
      networks: request.networks,
      orderBy: request.orderBy,
      orderDirection: request.direction,
      first: EXPLORE_PAGE_SIZE,
      after: request.after,
      filter: request.filter || null,
    },
    request.signal,
  )

export async function fetchTokensPage(request: SortedListRequest<TokenSort>): Promise<Page<TokenRow>> {
  const json = await postSortedList(TOKENS_QUERY, request)
  return pageOf(json, 'tokens', tokenRowSchema, request.isNetwork)
}

export async function fetchPoolsPage(request: SortedListRequest<PoolSort>): Promise<Page<PoolRow>> {
  const json = await postSortedList(POOLS_QUERY, request)
  const page = pageOf(json, 'pools', poolRowSchema, request.isNetwork)
  return {
    ...page,
    rows: page.rows.flatMap((p) => {
      const id = p.version === 'V4' ? p.poolId : p.address
      return id ? [{ ...p, id }] : []
    }),
  }
}

/** A `transactions` connection of an indexer answer as a table page. */
export const transactionsPageOf = (
  json: unknown,
  isNetwork: (slug: string) => boolean,
): Page<TransactionRow> => pageOf(json, 'transactions', transactionRowSchema, isNetwork)

/** One page of transactions in the asked order, narrowed by token, pool and the filter box's text. */
export async function fetchTransactionsPage(
  request: ListRequest & {
    token?: string
    pool?: string
    orderBy: TransactionSort
    direction: Direction
    filter: string
  },
): Promise<Page<TransactionRow>> {
  const json = await postGraphql(
    request.graphqlUrl,
    TRANSACTIONS_QUERY,
    {
      networks: request.networks,
      orderBy: request.orderBy,
      orderDirection: request.direction,
      first: EXPLORE_PAGE_SIZE,
      after: request.after,
      token: request.token ?? null,
      pool: request.pool ?? null,
      filter: request.filter || null,
    },
    request.signal,
  )
  return transactionsPageOf(json, request.isNetwork)
}

const networksAnswer = z.object({
  data: z.object({
    networks: z.array(z.object({ network, blockNumber: z.string().check(z.regex(/^\d{1,30}$/)) })),
  }),
})

/** The latest indexed block of each network the indexer serves. */
export async function fetchIndexedBlocks(
  graphqlUrl: string,
  signal?: AbortSignal,
): Promise<Map<string, bigint>> {
  const answer = networksAnswer.safeParse(await postGraphql(graphqlUrl, NETWORKS_QUERY, {}, signal))
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return new Map(answer.data.data.networks.map((n) => [n.network, BigInt(n.blockNumber)]))
}

/** The chain's head, read from the network's RPC (eth_blockNumber). */
export async function fetchChainHead(rpcUrl: string, signal?: AbortSignal): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(`The node answered ${response.status}`)
  const body = z
    .object({ result: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/)) })
    .safeParse(await response.json())
  if (!body.success) throw new Error('Unexpected answer from the node')
  return BigInt(body.data.result)
}

/** Blocks the indexer may trail a chain's head before the page says its data may be outdated. */
export const OUTDATED_AFTER_BLOCKS = 20n
