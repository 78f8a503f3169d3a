import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/** The pool page's data from the indexer (apps/indexer/src/api/sdl.ts: `pool`). */

const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))
const integer = z.string().check(z.regex(/^-?\d{1,80}$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const poolToken = z.object({
  address,
  symbol: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  decimals: z.int().check(z.gte(0), z.lte(255)),
})

const poolSchema = z.object({
  network: z.string().check(z.regex(NETWORK_SLUG_PATTERN)),
  address: z.nullable(address),
  poolId: z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))),
  version: z.enum(['V2', 'V3', 'V4']),
  feeTier: z.int().check(z.gte(0), z.lte(16_777_215)),
  hooks: z.nullable(address),
  tick: z.nullable(z.int()),
  token0: poolToken,
  token1: poolToken,
  reserve0: integer,
  reserve1: integer,
  token0Price: z.nullable(decimal),
  tvlUsd: decimal,
  volume24hUsd: decimal,
  volume30dUsd: decimal,
  fees24hUsd: decimal,
  apr: decimal,
  /** The LP rewards APR (percent); null where the pool is not incentivised. */
  rewardApr: z.optional(z.nullable(decimal)),
  liquidityByTick: z
    .array(z.object({ tick: z.int(), price0: decimal, liquidity: integer }))
    .check(z.maxLength(400)),
})
export type PoolDetails = z.infer<typeof poolSchema>

/** Whether a path segment can be a pool: a v2/v3 address (20 bytes) or a v4 pool id (32 bytes). */
export const isPoolIdentifier = (value: string) => /^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/.test(value)

export const POOL_QUERY = /* GraphQL */ `
  query PoolDetails($network: String!, $id: String!) {
    pool(network: $network, id: $id) {
      network address poolId version feeTier hooks tick
      token0 { address symbol name decimals } token1 { address symbol name decimals }
      reserve0 reserve1 token0Price tvlUsd volume24hUsd volume30dUsd fees24hUsd apr rewardApr
      liquidityByTick { tick price0 liquidity }
    }
  }
`

const answer = z.object({ data: z.object({ pool: z.nullable(z.unknown()) }) })

/** The pool, or null when the indexer does not know it (the page's not-found state). */
export async function fetchPoolDetails(
  graphqlUrl: string,
  network: string,
  id: string,
  signal?: AbortSignal,
): Promise<PoolDetails | null> {
  const parsed = answer.safeParse(await postGraphql(graphqlUrl, POOL_QUERY, { network, id }, signal))
  if (!parsed.success) throw new Error('Unexpected answer from the indexer')
  if (parsed.data.data.pool === null) return null
  const pool = poolSchema.safeParse(parsed.data.data.pool)
  if (!pool.success) throw new Error('Unexpected answer from the indexer')
  return pool.data
}
