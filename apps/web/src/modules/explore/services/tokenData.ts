import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'
import { CANDLE_FIELDS, type Candle, type ChartRange, candlesOf } from '../../../lib/tokenChart.ts'
import {
  EXPLORE_PAGE_SIZE,
  type Page,
  TRANSACTION_FIELDS,
  type TransactionRow,
  transactionsPageOf,
} from './exploreData.ts'

export {
  type Candle,
  CHART_RANGES,
  type ChartRange,
  fetchTokenChart,
  TOKEN_CHART_QUERY,
} from '../../../lib/tokenChart.ts'

/**
 * The token page's data from the indexer (apps/indexer/src/api/sdl.ts: `token`, `transactions`,
 * `tokenBalances`).
 */

const DECIMAL = /^-?\d+(\.\d+)?$/
const decimal = z.string().check(z.regex(DECIMAL))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const network = z.string().check(z.regex(NETWORK_SLUG_PATTERN))

/** The range a token page's chart opens on; a pool page's. */
export const TOKEN_CHART_DEFAULT_RANGE: ChartRange = 'DAY'
export const POOL_CHART_DEFAULT_RANGE: ChartRange = 'WEEK'

const tokenSchema = z.object({
  network,
  address,
  symbol: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  decimals: z.int().check(z.gte(0), z.lte(255)),
  /** The indexer's kind: 'native' and 'wrapped-native' (WETH) matter here. */
  kind: z.string().check(z.maxLength(32)),
  safety: z.string().check(z.maxLength(32)),
  /** The token list's logo (a same-origin path; TokenMark checks it), null when it has none. */
  logoUrl: z.nullable(z.string().check(z.maxLength(200))),
  isNative: z.boolean(),
  priceUsd: z.nullable(decimal),
  priceChange24h: z.nullable(decimal),
  tvlUsd: decimal,
  marketCapUsd: z.nullable(decimal),
  fdvUsd: z.nullable(decimal),
  volume24hUsd: decimal,
  priceRange52w: z.nullable(z.object({ high: decimal, low: decimal })),
  /** Basis points the token keeps on a buy and on a sell (fee-on-transfer); null when unknown. */
  buyFeeBps: z.nullable(z.int().check(z.gte(0), z.lte(10_000))),
  sellFeeBps: z.nullable(z.int().check(z.gte(0), z.lte(10_000))),
  /** The same token (symbol and name) on the other indexed networks. */
  sameTokens: z.array(z.object({ network, address })).check(z.maxLength(20)),
})
export type TokenDetails = z.infer<typeof tokenSchema>

const TOKEN_FIELDS = `network address symbol name decimals kind safety logoUrl isNative priceUsd priceChange24h tvlUsd
  marketCapUsd fdvUsd volume24hUsd priceRange52w { high low } buyFeeBps sellFeeBps sameTokens { network address }`

/** The token's stats (the page's refresh every few seconds). */
export const TOKEN_QUERY = /* GraphQL */ `
  query TokenDetails($network: String!, $address: String!) {
    token(network: $network, address: $address) { ${TOKEN_FIELDS} }
  }
`
/**
 * The whole token page in one round trip: the stats, the chart's first range and the first page of
 * the token's transactions.
 */
export const TOKEN_PAGE_QUERY = /* GraphQL */ `
  query TokenPage($network: String!, $address: String!, $range: ChartRange!, $first: Int!) {
    token(network: $network, address: $address) {
      ${TOKEN_FIELDS}
      priceHistory(range: $range) { ${CANDLE_FIELDS} }
    }
    transactions(networks: [$network], first: $first, token: $address) {
      nodes { ${TRANSACTION_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
`
export const TOKEN_BALANCES_QUERY = /* GraphQL */ `
  query TokenBalances($owner: String!, $tokens: [TokenRef!]!) {
    tokenBalances(owner: $owner, tokens: $tokens) { network amount valueUsd token { address symbol decimals } }
  }
`

const tokenAnswer = z.object({ data: z.object({ token: z.nullable(z.unknown()) }) })

function tokenOf(value: unknown): TokenDetails | null {
  if (value === null) return null
  const token = tokenSchema.safeParse(value)
  if (!token.success) throw new Error('Unexpected answer from the indexer')
  return token.data
}

/** The token, or null when the indexer does not know it (the page's not-found state). */
export async function fetchTokenDetails(
  graphqlUrl: string,
  network: string,
  tokenAddress: string,
  signal?: AbortSignal,
): Promise<TokenDetails | null> {
  const answer = tokenAnswer.safeParse(
    await postGraphql(graphqlUrl, TOKEN_QUERY, { network, address: tokenAddress }, signal),
  )
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return tokenOf(answer.data.data.token)
}

export interface TokenPageData {
  readonly token: TokenDetails | null
  /** The candles of the range asked for (empty for an unknown token). */
  readonly chart: Candle[]
  readonly transactions: Page<TransactionRow>
}

const historyOf = z.object({ priceHistory: z.array(z.unknown()).check(z.maxLength(400)) })

/** The token page's first screen (TOKEN_PAGE_QUERY); `token` null when the indexer does not know it. */
export async function fetchTokenPage(
  graphqlUrl: string,
  network: string,
  tokenAddress: string,
  range: ChartRange,
  isNetwork: (slug: string) => boolean,
  signal?: AbortSignal,
): Promise<TokenPageData> {
  const json = await postGraphql(
    graphqlUrl,
    TOKEN_PAGE_QUERY,
    { network, address: tokenAddress, range, first: EXPLORE_PAGE_SIZE },
    signal,
  )
  const answer = tokenAnswer.safeParse(json)
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  const raw = answer.data.data.token
  const history =
    raw === null ? { success: true as const, data: { priceHistory: [] } } : historyOf.safeParse(raw)
  if (!history.success) throw new Error('Unexpected answer from the indexer')
  return {
    token: tokenOf(raw),
    chart: candlesOf(history.data.priceHistory),
    transactions: transactionsPageOf(json, isNetwork),
  }
}

export interface TokenBalance {
  readonly network: string
  readonly address: string
  /** The token's symbol: the page's token, or its native or wrapped counterpart (ETH next to WETH). */
  readonly symbol: string
  /** Base units. */
  readonly amount: bigint
  readonly decimals: number
  readonly valueUsd: string | null
}

const balancesAnswer = z.object({ data: z.object({ tokenBalances: z.array(z.unknown()) }) })
const balanceSchema = z.object({
  network,
  amount: z.string().check(z.regex(/^\d{1,80}$/)),
  valueUsd: z.nullable(decimal),
  token: z.object({
    address,
    symbol: z.string().check(z.maxLength(64)),
    decimals: z.int().check(z.gte(0), z.lte(255)),
  }),
})

/** The owner's balance of each of `tokens` (one per network), as the indexer has them. */
export async function fetchTokenBalances(
  graphqlUrl: string,
  owner: string,
  tokens: readonly { network: string; address: string }[],
  isNetwork: (slug: string) => boolean,
  signal?: AbortSignal,
): Promise<TokenBalance[]> {
  const answer = balancesAnswer.safeParse(
    await postGraphql(graphqlUrl, TOKEN_BALANCES_QUERY, { owner, tokens }, signal),
  )
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return answer.data.data.tokenBalances.flatMap((entry) => {
    const b = balanceSchema.safeParse(entry)
    if (!b.success || !isNetwork(b.data.network)) return []
    return [
      {
        network: b.data.network,
        address: b.data.token.address,
        symbol: b.data.token.symbol,
        amount: BigInt(b.data.amount),
        decimals: b.data.token.decimals,
        valueUsd: b.data.valueUsd,
      },
    ]
  })
}
