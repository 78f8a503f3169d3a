import * as z from 'zod/mini'
import { postGraphql } from './graphql.ts'

/**
 * Price histories from the indexer (apps/indexer/src/api/sdl.ts): a token's USD price
 * (`token.priceHistory`, the explore token page) and a pool's price (`pool.priceHistory`, the
 * explore pool page and the liquidity position page's range chart). Generic, so a module draws them
 * without importing another module's internals.
 */

const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))

/** Chart ranges of the spec (section 9): 1H, 1D, 1W, 1M, 1Y, all time; the API's ChartRange. */
export const CHART_RANGES = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR', 'ALL'] as const
export type ChartRange = (typeof CHART_RANGES)[number]

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

/** The candle fields every price-history query selects. */
export const CANDLE_FIELDS = 'timestamp open high low close volumeUsd'

export const TOKEN_CHART_QUERY = /* GraphQL */ `
  query TokenChart($network: String!, $address: String!, $range: ChartRange!) {
    token(network: $network, address: $address) {
      priceHistory(range: $range) { ${CANDLE_FIELDS} }
    }
  }
`

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
  return candlesOf(answer.data.data.token?.priceHistory ?? [])
}

export const POOL_CHART_QUERY = /* GraphQL */ `
  query PoolChart($network: String!, $id: String!, $range: ChartRange!) {
    pool(network: $network, id: $id) {
      priceHistory(range: $range) { ${CANDLE_FIELDS} }
    }
  }
`

const poolChartAnswer = z.object({
  data: z.object({
    pool: z.nullable(z.object({ priceHistory: z.array(z.unknown()).check(z.maxLength(400)) })),
  }),
})

/**
 * A pool's price history (`pool.priceHistory`: token1 per token0, decimals applied; volume in USD),
 * by pool address (v2/v3) or v4 pool id: the explore pool page's chart and the position page's
 * range chart.
 */
export async function fetchPoolChart(
  graphqlUrl: string,
  network: string,
  poolId: string,
  range: ChartRange,
  signal?: AbortSignal,
): Promise<Candle[]> {
  const answer = poolChartAnswer.safeParse(
    await postGraphql(graphqlUrl, POOL_CHART_QUERY, { network, id: poolId, range }, signal),
  )
  if (!answer.success) throw new Error('Unexpected answer from the indexer')
  return candlesOf(answer.data.data.pool?.priceHistory ?? [])
}

/** The valid candles of an answer (a malformed one is dropped, not drawn). */
export function candlesOf(entries: readonly unknown[]): Candle[] {
  return entries.flatMap((entry) => {
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
