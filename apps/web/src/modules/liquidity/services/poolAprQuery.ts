import * as z from 'zod/mini'
import { postGraphql } from '../../../lib/graphql.ts'

/** A pool's APR figures as the indexer derives them (percent; null: unknown / not incentivised). */
export interface PoolApr {
  readonly apr: number | null
  readonly rewardApr: number | null
}

const POOL_APR_QUERY = /* GraphQL */ `
  query PoolApr($network: String!, $id: String!) {
    pool(network: $network, id: $id) { apr rewardApr }
  }
`
const answer = z.object({
  data: z.object({
    pool: z.nullable(
      z.object({ apr: z.nullable(z.string()), rewardApr: z.optional(z.nullable(z.string())) }),
    ),
  }),
})

const percent = (value: string | null | undefined): number | null => {
  const n = value === null || value === undefined ? Number.NaN : Number(value)
  return Number.isFinite(n) ? n : null
}

/** The base and LP-rewards APR of a pool (v3 address or v4 pool id); null when the indexer lacks it. */
export async function fetchPoolApr(
  url: string,
  network: string,
  id: string,
  signal?: AbortSignal,
): Promise<PoolApr | null> {
  const body = answer.parse(await postGraphql(url, POOL_APR_QUERY, { network, id }, signal))
  const pool = body.data.pool
  return pool ? { apr: percent(pool.apr), rewardApr: percent(pool.rewardApr) } : null
}
