import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import { ACTIVITY_TYPES } from '@oxbow/core'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/**
 * The drawer's data from the indexer (apps/indexer/src/api/sdl.ts: `portfolio`, `activity`,
 * `positions`, `nfts`). USD figures are the indexer's pool-derived prices. Answers are validated;
 * an entry that does not validate is dropped on its own, a malformed answer is an error.
 */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const address = z.string().check(z.regex(ADDRESS))
const network = z.string().check(z.regex(NETWORK_SLUG_PATTERN))
const integer = z.string().check(z.regex(/^-?\d{1,80}$/))
const decimal = z.string().check(z.regex(/^-?\d{1,40}(\.\d{1,40})?$/))
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))
const HASH = /^0x[0-9a-fA-F]{64}$/

const tokenSchema = z.object({
  address,
  symbol: text(32),
  name: text(100),
  decimals: z.int().check(z.gte(0), z.lte(36)),
  isSpam: z.boolean(),
  isNative: z.boolean(),
})
export type PortfolioToken = z.infer<typeof tokenSchema>

const balanceSchema = z.object({
  id: z.string(),
  network,
  token: tokenSchema,
  amount: integer,
  valueUsd: z.nullable(decimal),
  change24hPercent: z.nullable(decimal),
})
export type PortfolioBalance = z.infer<typeof balanceSchema>

export interface Portfolio {
  readonly totalValueUsd: number
  readonly change24hUsd: number
  readonly change24hPercent: number | null
  readonly balances: readonly PortfolioBalance[]
  /**
   * The networks shown (testnet mode: the registry's testnets) run nowhere here: nothing was asked
   * of the indexer, and the drawer says so instead of showing other networks' data.
   */
  readonly unavailable?: readonly string[]
}

/** The answer for networks this environment does not run: empty, and marked unavailable. */
export function unavailablePortfolio(networks: readonly string[]): Portfolio {
  return { totalValueUsd: 0, change24hUsd: 0, change24hPercent: null, balances: [], unavailable: networks }
}

const TOKEN_FIELDS = 'address symbol name decimals isSpam isNative'

export const PORTFOLIO_QUERY = /* GraphQL */ `
  query Portfolio($owner: String!, $networks: [String!], $hideSmallBalances: Boolean!, $hideSpam: Boolean!) {
    portfolio(owner: $owner, networks: $networks, hideSmallBalances: $hideSmallBalances, hideSpam: $hideSpam) {
      totalValueUsd
      change24hUsd
      change24hPercent
      balances { id network amount valueUsd change24hPercent token { ${TOKEN_FIELDS} } }
    }
  }
`

function dataOf(body: unknown, field: string): unknown {
  if (typeof body !== 'object' || body === null) throw new Error('Unexpected answer from the indexer')
  const { data, errors } = body as { data?: Record<string, unknown> | null; errors?: unknown }
  if (!data || data[field] === undefined || data[field] === null) {
    throw new Error(
      Array.isArray(errors) ? 'The indexer refused the query' : 'Unexpected answer from the indexer',
    )
  }
  return data[field]
}

function each<T>(list: unknown, schema: z.ZodMiniType<T>): T[] {
  if (!Array.isArray(list)) throw new Error('Unexpected answer from the indexer')
  return list.flatMap((entry) => {
    const parsed = schema.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

const totalsSchema = z.object({
  totalValueUsd: decimal,
  change24hUsd: decimal,
  change24hPercent: z.nullable(decimal),
  balances: z.array(z.unknown()),
})

/** The account's balances on `networks` (omitted: every indexed network), valued with the indexer's prices. */
export async function fetchPortfolio(
  graphqlUrl: string,
  owner: string,
  options: { hideSmallBalances: boolean; hideSpam: boolean; networks?: readonly string[] },
  signal?: AbortSignal,
): Promise<Portfolio> {
  const body = await postGraphql(graphqlUrl, PORTFOLIO_QUERY, { owner, ...options }, signal)
  const totals = totalsSchema.parse(dataOf(body, 'portfolio'))
  return {
    totalValueUsd: Number(totals.totalValueUsd),
    change24hUsd: Number(totals.change24hUsd),
    change24hPercent: totals.change24hPercent === null ? null : Number(totals.change24hPercent),
    balances: each(totals.balances, balanceSchema),
  }
}

const assetChangeSchema = z.object({
  token: z.nullable(
    z.object({ symbol: text(32), decimals: z.int().check(z.gte(0), z.lte(36)), isSpam: z.boolean() }),
  ),
  nftCollection: z.nullable(z.object({ name: text(100) })),
  tokenId: z.nullable(z.string()),
  amount: integer,
  direction: z.enum(['IN', 'OUT']),
})
export type AssetChange = z.infer<typeof assetChangeSchema>

const activitySchema = z.object({
  id: z.string(),
  network,
  chainId: z.int().check(z.positive()),
  txHash: z.string().check(z.regex(HASH)),
  timestamp: z.int().check(z.gte(0)),
  type: z.enum(ACTIVITY_TYPES),
  counterparty: z.nullable(address),
  assetChanges: z.array(assetChangeSchema),
})
export type ActivityEntry = z.infer<typeof activitySchema>

export const ACTIVITY_QUERY = /* GraphQL */ `
  query Activity($address: String!, $networks: [String!], $first: Int!) {
    activity(address: $address, networks: $networks, first: $first) {
      nodes {
        id network chainId txHash timestamp type counterparty
        assetChanges { amount direction tokenId token { symbol decimals isSpam } nftCollection { name } }
      }
    }
  }
`

/** The account's activity on `networks` (omitted: every indexed network), newest first. */
export async function fetchActivity(
  graphqlUrl: string,
  address: string,
  first: number,
  signal?: AbortSignal,
  networks?: readonly string[],
): Promise<readonly ActivityEntry[]> {
  const body = await postGraphql(graphqlUrl, ACTIVITY_QUERY, { address, first, networks }, signal)
  const connection = dataOf(body, 'activity') as { nodes?: unknown }
  return each(connection.nodes, activitySchema)
}

const positionSchema = z.object({
  id: z.string(),
  network,
  version: z.enum(['V2', 'V3', 'V4']),
  tokenId: z.string(),
  status: z.enum(['IN_RANGE', 'OUT_OF_RANGE', 'CLOSED']),
  pool: z.nullable(
    z.object({
      feeTier: z.int(),
      token0: z.object({ symbol: text(32) }),
      token1: z.object({ symbol: text(32) }),
    }),
  ),
})
export type PositionEntry = z.infer<typeof positionSchema>

export const POSITIONS_QUERY = /* GraphQL */ `
  query Positions($owner: String!) {
    positions(owner: $owner, status: [IN_RANGE, OUT_OF_RANGE], first: 50) {
      nodes { id network version tokenId status pool { feeTier token0 { symbol } token1 { symbol } } }
    }
  }
`

/** The account's open liquidity positions (in range and out of range). */
export async function fetchPositions(
  graphqlUrl: string,
  owner: string,
  signal?: AbortSignal,
): Promise<readonly PositionEntry[]> {
  const body = await postGraphql(graphqlUrl, POSITIONS_QUERY, { owner }, signal)
  return each((dataOf(body, 'positions') as { nodes?: unknown }).nodes, positionSchema)
}

const nftSchema = z.object({
  id: z.string(),
  network,
  tokenId: z.string().check(z.regex(/^\d{1,80}$/)),
  collection: z.object({ name: text(100), address }),
})
export type NftEntry = z.infer<typeof nftSchema>

export const NFTS_QUERY = /* GraphQL */ `
  query Nfts($owner: String!) {
    nfts(owner: $owner, first: 50) { nodes { id network tokenId collection { name address } } }
  }
`

export async function fetchNfts(
  graphqlUrl: string,
  owner: string,
  signal?: AbortSignal,
): Promise<readonly NftEntry[]> {
  const body = await postGraphql(graphqlUrl, NFTS_QUERY, { owner }, signal)
  return each((dataOf(body, 'nfts') as { nodes?: unknown }).nodes, nftSchema)
}
