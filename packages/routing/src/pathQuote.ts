/** Quoting one path hop by hop (exact input forwards, exact output backwards) with its gas estimate. */

import type { Path } from './paths.ts'
import { type Address, type HopResult, hopExactIn, hopExactOut, type PoolState } from './pools.ts'

/** Gas units of the parts of a Universal Router swap (calibrated on the devnet, see README). */
export const GAS = {
  base: 22_000,
  perLeg: 7_000,
  v2Hop: 61_000,
  v3Hop: 67_000,
  v4Hop: 70_000,
  v4Hook: 15_000,
  wrapHop: 24_000,
  perTickCrossed: 22_000,
} as const

export interface PathQuote {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly hops: readonly HopResult[]
  readonly gas: number
}

function hopGas(pool: PoolState, hop: HopResult): number {
  switch (pool.kind) {
    case 'wrap':
      return GAS.wrapHop
    case 'v2':
      return GAS.v2Hop
    case 'v3':
      return GAS.v3Hop + hop.ticksCrossed * GAS.perTickCrossed
    case 'v4':
      return (
        GAS.v4Hop +
        hop.ticksCrossed * GAS.perTickCrossed +
        (pool.hooks !== undefined && BigInt(pool.hooks) !== 0n ? GAS.v4Hook : 0)
      )
  }
}

/** Exact-input quote along a path (hop by hop). */
export function quotePathExactIn(path: Path, amountIn: bigint): PathQuote | undefined {
  const hops: HopResult[] = []
  let amount = amountIn
  let gas = GAS.perLeg
  for (let i = 0; i < path.pools.length; i++) {
    const pool = path.pools[i] as PoolState
    const hop = hopExactIn(pool, path.tokens[i] as Address, amount)
    if (!hop) return undefined
    hops.push(hop)
    gas += hopGas(pool, hop)
    amount = hop.amountOut
  }
  return { amountIn, amountOut: amount, hops, gas }
}

/** Exact-output quote along a path (computed backwards from the last hop). */
export function quotePathExactOut(path: Path, amountOut: bigint): PathQuote | undefined {
  const hops: HopResult[] = []
  let amount = amountOut
  let gas = GAS.perLeg
  for (let i = path.pools.length - 1; i >= 0; i--) {
    const pool = path.pools[i] as PoolState
    const hop = hopExactOut(pool, path.tokens[i] as Address, amount)
    if (!hop) return undefined
    hops.unshift(hop)
    gas += hopGas(pool, hop)
    amount = hop.amountIn
  }
  return { amountIn: amount, amountOut, hops, gas }
}
