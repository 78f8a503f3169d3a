import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/** The token page's data from the indexer (apps/indexer/src/api/sdl.ts: `token`, `tokens`). */

const DECIMAL = /^-?\d+(\.\d+)?$/
const decimal = z.string().check(z.regex(DECIMAL))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const network = z.string().check(z.regex(/^[a-z0-9-]{1,40}$/))

/** Chart ranges of the spec (section 9): 1H, 1D, 1W, 1M, 1Y, all time; the API's ChartRange. */
export const CHART_RANGES = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR', 'ALL'] as const
export type ChartRange = (typeof CHART_RANGES)[number]
/** The range a token page's chart opens on; a pool page's. */
export const TOKEN_CHART_DEFAULT_RANGE: ChartRange = 'DAY'
export const POOL_CHART_DEFAULT_RANGE: ChartRange = 'WEEK'

const tokenSchema = z.object({
  network,
  address,
  symbol: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  decimals: z.int().check(z.gte(0), z.lte(255)),
  safety: z.string().check(z.maxLength(32)),
  isNative: z.boolean(),
  priceUsd: z.nullable(decimal),
  priceChange24h: z.nullable(decimal),
  tvlUsd: decimal,
  marketCapUsd: z.nullable(decimal),
  fdvUsd: z.nullable(decimal),
  volume24hUsd: decimal,
  priceRange52w: z.nullable(z.object({ high: decimal, low: decimal })),
})
export type TokenDetails = z.infer<typeof tokenSchema>

const candleSchema = z.object({
  timestamp: z.int().check(z.gte(0)),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volumeUsd: decimal,
})
export interface Candle {
  readonly time: number
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
  readonly volumeUsd: number
}

export const TOKEN_QUERY = /* GraphQL */ `
  query TokenDetails($network: String!, $address: String!) {
    token(network: $network, address: $address) {
      network address symbol name decimals safety isNative priceUsd priceChange24h tvlUsd
      marketCapUsd fdvUsd volume24hUsd priceRange52w { high low }
    }
  }
`
export const TOKEN_CHART_QUERY = /* GraphQL */ `
  query TokenChart($network: String!, $address: String!, $range: ChartRange!) {
    token(network: $network, address: $address) {
      priceHistory(range: $range) { timestamp open high low close volumeUsd }
    }
  }
`
export const SAME_TOKEN_QUERY = /* GraphQL */ `
  query SameToken($filter: String!) {
    tokens(filter: $filter, first: 50) { nodes { network address symbol name } }
  }
`

const tokenAnswer = z.object({ data: z.object({ token: z.nullable(z.unknown()) }) })

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
  if (answer.data.data.token === null) return null
  const token = tokenSchema.safeParse(answer.data.data.token)
  if (!token.success) throw new Error('Unexpected answer from the indexer')
  return token.data
}

const chartAnswer = z.object({
  data: z.object({
    token: z.nullable(z.object({ priceHistory: z.array(z.unknown()).check(z.maxLength(400)) })),
  }),
})

export async function fetchTokenChart(
  graphqlUrl: string,
  network: string,
  tokenAddress: string,
  range: ChartRange,
  signal?: AbortSignal,
): Promise<Candle[]> {
  const answer = chartAnswer.safeParse(
    await postGraphql(graphqlUrl, TOKEN_CHART_QUERY, { network, address: tokenAddress, range }, signal),
  )
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return (answer.data.data.token?.priceHistory ?? []).flatMap((entry) => {
    const c = candleSchema.safeParse(entry)
    if (!c.success) return []
    return [
      {
        time: c.data.timestamp,
        open: Number(c.data.open),
        high: Number(c.data.high),
        low: Number(c.data.low),
        close: Number(c.data.close),
        volumeUsd: Number(c.data.volumeUsd),
      },
    ]
  })
}

const sameAnswer = z.object({ data: z.object({ tokens: z.object({ nodes: z.array(z.unknown()) }) }) })
const sameSchema = z.object({ network, address, symbol: z.string(), name: z.string() })

/** The same token (same symbol and name) on the other indexed networks. */
export async function fetchSameToken(
  graphqlUrl: string,
  token: Pick<TokenDetails, 'network' | 'address' | 'symbol' | 'name'>,
  isNetwork: (slug: string) => boolean,
  signal?: AbortSignal,
): Promise<{ network: string; address: string }[]> {
  const answer = sameAnswer.safeParse(
    await postGraphql(graphqlUrl, SAME_TOKEN_QUERY, { filter: token.symbol.slice(0, 100) }, signal),
  )
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return answer.data.data.tokens.nodes.flatMap((entry) => {
    const t = sameSchema.safeParse(entry)
    if (!t.success || !isNetwork(t.data.network) || t.data.network === token.network) return []
    if (t.data.symbol !== token.symbol || t.data.name !== token.name) return []
    return [{ network: t.data.network, address: t.data.address }]
  })
}
