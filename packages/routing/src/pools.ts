/**
 * Pool states the router searches over, and one hop of a swap through each kind. Addresses are
 * plain strings compared as given: callers pass checksummed addresses consistently.
 */
import { clQuote } from './clQuote.ts'
import type { ClState } from './clSwap.ts'
import { SwapMathError } from './math.ts'
import { v2AmountIn, v2AmountOut } from './v2Math.ts'

/** A 0x-prefixed address: the same template type as viem's `Address`, without depending on viem. */
export type Address = `0x${string}`

export interface V2PoolState {
  readonly kind: 'v2'
  /** Pair address. */
  readonly id: string
  readonly token0: Address
  readonly token1: Address
  readonly reserve0: bigint
  readonly reserve1: bigint
}

export interface ClPoolState extends ClState {
  readonly kind: 'v3' | 'v4'
  /** v3: pool address; v4: pool id. */
  readonly id: string
  /** v4: the zero address is the native currency. */
  readonly token0: Address
  readonly token1: Address
  /** The fee tier in the pool key (v4: 0x800000 marks a dynamic fee; `fee` then holds the current LP fee). */
  readonly keyFee: number
  /** v4 hooks contract (zero address: none). */
  readonly hooks?: Address
}

/** 1:1 wrap/unwrap of the native currency (token0, the zero address) into its wrapper (token1). */
export interface WrapState {
  readonly kind: 'wrap'
  readonly id: string
  readonly token0: Address
  readonly token1: Address
}

export type PoolState = V2PoolState | ClPoolState | WrapState

export interface HopResult {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly ticksCrossed: number
}

/** Output of swapping exactly `amountIn` of `tokenIn`; undefined if the pool cannot fill it. */
export function hopExactIn(pool: PoolState, tokenIn: Address, amountIn: bigint): HopResult | undefined {
  if (amountIn <= 0n) return undefined
  const zeroForOne = tokenIn === pool.token0
  switch (pool.kind) {
    case 'wrap':
      return { amountIn, amountOut: amountIn, ticksCrossed: 0 }
    case 'v2': {
      const [rin, rout] = zeroForOne ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
      const out = v2AmountOut(amountIn, rin, rout)
      return out > 0n ? { amountIn, amountOut: out, ticksCrossed: 0 } : undefined
    }
    default: {
      if (pool.liquidity === 0n && pool.ticks.length === 0) return undefined
      try {
        const r = clQuote(pool, zeroForOne, amountIn, true)
        if (!r.complete || r.amountOut <= 0n) return undefined
        return { amountIn, amountOut: r.amountOut, ticksCrossed: r.ticksCrossed }
      } catch (error) {
        if (error instanceof SwapMathError) return undefined
        throw error
      }
    }
  }
}

/** Input needed to receive exactly `amountOut` of the other token; undefined if impossible. */
export function hopExactOut(pool: PoolState, tokenIn: Address, amountOut: bigint): HopResult | undefined {
  if (amountOut <= 0n) return undefined
  const zeroForOne = tokenIn === pool.token0
  switch (pool.kind) {
    case 'wrap':
      return { amountIn: amountOut, amountOut, ticksCrossed: 0 }
    case 'v2': {
      const [rin, rout] = zeroForOne ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
      const amountIn = v2AmountIn(amountOut, rin, rout)
      return amountIn === undefined ? undefined : { amountIn, amountOut, ticksCrossed: 0 }
    }
    default: {
      if (pool.liquidity === 0n && pool.ticks.length === 0) return undefined
      try {
        const r = clQuote(pool, zeroForOne, amountOut, false)
        if (!r.complete) return undefined
        return { amountIn: r.amountIn, amountOut, ticksCrossed: r.ticksCrossed }
      } catch (error) {
        if (error instanceof SwapMathError) return undefined
        throw error
      }
    }
  }
}

/** Marginal price of token1 in token0 units... as a float: units of `tokenOut` per unit of `tokenIn`, fees excluded. */
export function midPrice(pool: PoolState, tokenIn: Address): number {
  let price: number
  switch (pool.kind) {
    case 'wrap':
      return 1
    case 'v2':
      price = Number(pool.reserve1) / Number(pool.reserve0)
      break
    default: {
      const s = Number(pool.sqrtPriceX96) / 2 ** 96
      price = s * s
    }
  }
  return tokenIn === pool.token0 ? price : 1 / price
}

const HOOK_BEFORE_SWAP = 1 << 7
const HOOK_BEFORE_SWAP_RETURNS_DELTA = 1 << 3
const HOOK_AFTER_SWAP_RETURNS_DELTA = 1 << 2

/**
 * Why a pool cannot be quoted exactly, or undefined if it can. v4 hooks declare their callbacks
 * in the low bits of their address: a hook that runs before the swap may override the fee or
 * the amounts, and one that returns deltas changes what the swapper pays or receives. A hook
 * that only observes after the swap (and may set the next dynamic fee) is fine: the current LP
 * fee is read from slot0.
 */
export function poolExclusionReason(pool: PoolState): string | undefined {
  if (pool.kind !== 'v4' || pool.hooks === undefined) return undefined
  const flags = Number(BigInt(pool.hooks) & 0x3fffn)
  if (flags & HOOK_BEFORE_SWAP) return 'v4 hook runs before swaps (may override fee or amounts)'
  if (flags & (HOOK_BEFORE_SWAP_RETURNS_DELTA | HOOK_AFTER_SWAP_RETURNS_DELTA)) {
    return 'v4 hook returns swap deltas (changes amounts)'
  }
  return undefined
}
