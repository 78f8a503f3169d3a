import { feeTierPercent as corePercent, FEE_TIER_DIVISOR, V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'
import { amount0Delta, amount1Delta, MAX_TICK, MIN_TICK, sqrtPriceAtTick } from '@oxbow/routing'

/** The spec's position statuses. */
export type PositionStatus = 'IN_RANGE' | 'OUT_OF_RANGE' | 'CLOSED'

/** v4's dynamic-fee flag in a pool key's fee (LPFeeLibrary.DYNAMIC_FEE_FLAG); its home is @oxbow/core. */
export const DYNAMIC_FEE = V4_DYNAMIC_FEE_FLAG
export { FEE_TIER_DIVISOR }

const Q128 = 1n << 128n
const UINT256 = 1n << 256n

/** The position's tokens at the pool's current price, as removing all of it would pay (rounded down). */
export function positionAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidity: bigint,
): { amount0: bigint; amount1: bigint } {
  const lower = sqrtPriceAtTick(tickLower)
  const upper = sqrtPriceAtTick(tickUpper)
  if (liquidity === 0n) return { amount0: 0n, amount1: 0n }
  if (sqrtPriceX96 <= lower) return { amount0: amount0Delta(lower, upper, liquidity, false), amount1: 0n }
  if (sqrtPriceX96 >= upper) return { amount0: 0n, amount1: amount1Delta(lower, upper, liquidity, false) }
  return {
    amount0: amount0Delta(sqrtPriceX96, upper, liquidity, false),
    amount1: amount1Delta(lower, sqrtPriceX96, liquidity, false),
  }
}

/**
 * Fees owed since the position's last update (Position.update in v3 and v4): the fee growth inside
 * the range moved from `last` to `now` (uint256 arithmetic that wraps), times the liquidity, / 2^128.
 */
export function feesOwed(now: bigint, last: bigint, liquidity: bigint): bigint {
  const growth = (((now - last) % UINT256) + UINT256) % UINT256
  return (growth * liquidity) / Q128
}

/** IN_RANGE when the pool's tick is in [tickLower, tickUpper), CLOSED without liquidity. */
export function positionStatus(
  liquidity: bigint,
  tick: number,
  tickLower: number,
  tickUpper: number,
): PositionStatus {
  if (liquidity === 0n) return 'CLOSED'
  return tickLower <= tick && tick < tickUpper ? 'IN_RANGE' : 'OUT_OF_RANGE'
}

/** token1 per token0 (in whole tokens) at a tick. */
export function priceAtTick(tick: number, decimals0: number, decimals1: number): number {
  return 1.0001 ** tick * 10 ** (decimals0 - decimals1)
}

/** token1 per token0 (in whole tokens) at a sqrt price. */
export { priceAtSqrtPrice } from '@oxbow/routing'

/** Where the current price sits on the range bar, 0..1 (clamped), and where the range is on it. */
export function rangeBar(
  tick: number,
  tickLower: number,
  tickUpper: number,
): { lower: number; upper: number; current: number } {
  // The bar spans the range plus half its width on each side, so out-of-range prices stay visible.
  const width = Math.max(1, tickUpper - tickLower)
  const start = tickLower - width / 2
  const span = width * 2
  const at = (t: number) => Math.min(1, Math.max(0, (t - start) / span))
  return { lower: at(tickLower), upper: at(tickUpper), current: at(tick) }
}

/** Ticks at the protocol's bounds for a tick spacing: the "full range". */
export function fullRangeTicks(tickSpacing: number): { tickLower: number; tickUpper: number } {
  return {
    tickLower: Math.ceil(MIN_TICK / tickSpacing) * tickSpacing,
    tickUpper: Math.floor(MAX_TICK / tickSpacing) * tickSpacing,
  }
}

/** True when the range covers every usable tick of its spacing. */
export function isFullRange(tickLower: number, tickUpper: number, tickSpacing: number): boolean {
  const full = fullRangeTicks(tickSpacing)
  return tickLower <= full.tickLower && tickUpper >= full.tickUpper
}

/** The share of `liquidity` a percentage (1..100) removes; 100 removes exactly all of it. */
export function liquidityShare(liquidity: bigint, percent: number): bigint {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100)
    throw new RangeError('percent must be 1..100')
  return percent === 100 ? liquidity : (liquidity * BigInt(percent)) / 100n
}

/** An amount less a slippage tolerance in basis points (rounded down). */
export function withSlippage(amount: bigint, bps: number): bigint {
  return (amount * BigInt(10_000 - bps)) / 10_000n
}

/** The fee tier as the spec displays it: feeTier / 10,000 with a percent sign; dynamic v4 fees by name. */
export function feeTierPercent(feeTier: number): number | 'dynamic' {
  return feeTier === DYNAMIC_FEE ? 'dynamic' : corePercent(feeTier)
}
