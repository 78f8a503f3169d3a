/**
 * Pure derivation rules shared by the indexing handlers and the API: activity types and their
 * precedence, time buckets, which side of a swap prices its USD volume.
 */
import { type ActivityType, NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'

/**
 * When several logs of one transaction concern one account, the most telling type names the row:
 * a swap moves tokens both ways but is a swap, not a send.
 */
export const activityPriority: Record<ActivityType, number> = {
  SWAP: 90,
  // Above a pool created on the way (a migration into a new v4 pool), below a swap.
  MIGRATE_LIQUIDITY: 88,
  CREATE_POOL: 85,
  LP_REWARDS_CLAIM: 85,
  LIQUIDITY_INCREASE: 80,
  LIQUIDITY_DECREASE: 80,
  COLLECT_FEES: 75,
  WRAP: 70,
  UNWRAP: 70,
  MINT: 60,
  SEND: 50,
  RECEIVE: 50,
  // A swap or a liquidity call that permits through Permit2 is named after the call.
  PERMIT: 45,
  APPROVE: 40,
  REVOKE: 40,
  // A delegation carried by another call (a 1-click swap's first batch) names the row after the call.
  DELEGATE: 30,
  REMOVE_DELEGATION: 30,
}

/** The native currency's token address in activity and balances: core's one constant. */
const NATIVE = NATIVE_CURRENCY_ADDRESS

export interface AssetChange {
  /** Token contract (lower-case); the zero address is the native currency. */
  token: string
  /** Base units, decimal string. */
  amount: string
  direction: 'IN' | 'OUT'
  /** Set for NFTs. */
  tokenId?: string
}

/**
 * Adds one movement to an activity's asset list, merging same-token same-direction amounts. The
 * native currency is netted across directions: a route may pay ETH out of one pool and wrap it for
 * the next within one transaction, and the account only sees the difference.
 */
export function mergeAssetChange(list: readonly AssetChange[], change: AssetChange): AssetChange[] {
  const out = [...list]
  if (change.token === NATIVE && change.tokenId === undefined) {
    const signed = (c: AssetChange) => (c.direction === 'IN' ? BigInt(c.amount) : -BigInt(c.amount))
    const i = out.findIndex((c) => c.token === NATIVE && c.tokenId === undefined)
    const existing = i >= 0 ? out[i] : undefined
    if (existing) {
      const net = signed(existing) + signed(change)
      if (net === 0n) out.splice(i, 1)
      else
        out[i] = {
          token: NATIVE,
          amount: (net < 0n ? -net : net).toString(),
          direction: net < 0n ? 'OUT' : 'IN',
        }
      return out
    }
  }
  if (change.tokenId === undefined) {
    const i = out.findIndex(
      (c) => c.token === change.token && c.direction === change.direction && c.tokenId === undefined,
    )
    const existing = i >= 0 ? out[i] : undefined
    if (existing) {
      out[i] = { ...existing, amount: (BigInt(existing.amount) + BigInt(change.amount)).toString() }
      return out
    }
  }
  out.push(change)
  return out
}

export const candlePeriods = [300, 3600, 86400] as const
export const windowPeriods = [3600, 86400] as const

export function bucketOf(timestamp: number, period: number): number {
  return timestamp - (timestamp % period)
}

export interface PricedSide {
  units: number
  priceUsd: number | null
  depth: number | null
}

/**
 * USD value of a swap: the side priced closest to a stablecoin, so a thinly-priced token does not
 * inflate volume.
 */
export function swapValueUsd(side0: PricedSide, side1: PricedSide): number {
  const candidates = [side0, side1].filter(
    (s): s is { units: number; priceUsd: number; depth: number } => s.priceUsd !== null && s.depth !== null,
  )
  if (candidates.length === 0) return 0
  candidates.sort((a, b) => a.depth - b.depth)
  const best = candidates[0] as { units: number; priceUsd: number }
  return best.units * best.priceUsd
}

/**
 * Whether a price derived through a pool should replace a token's current price: closer to a
 * stablecoin wins; at equal distance the pool with more anchor-side liquidity wins; the source pool
 * itself always refreshes its price.
 */
export function shouldReprice(
  current: {
    priceDepth: number | null
    priceSourcePool: string | null
    priceSourceLiquidityUsd: number | null
  },
  candidate: { depth: number; pool: string; liquidityUsd: number },
): boolean {
  if (candidate.liquidityUsd <= 0) return false
  if (current.priceDepth === null) return true
  if (current.priceSourcePool === candidate.pool) return true
  if (candidate.depth < current.priceDepth) return true
  return (
    candidate.depth === current.priceDepth && candidate.liquidityUsd >= (current.priceSourceLiquidityUsd ?? 0)
  )
}
