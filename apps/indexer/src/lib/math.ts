/**
 * Turns v4 ModifyLiquidity events into token amounts with the exact contract math of
 * @oxbow/routing (TickMath, SqrtPriceMath), plus display-grade prices.
 */
import { amount0Delta, amount1Delta, sqrtPriceAtTick } from '@oxbow/routing'

export { MAX_TICK, MIN_TICK, sqrtPriceAtTick } from '@oxbow/routing'

/**
 * Token amounts that enter (positive liquidityDelta) or leave (negative) a pool when liquidity is
 * added to or removed from [tickLower, tickUpper) at the current price: Pool.modifyLiquidity's rules.
 */
export function amountsForLiquidityDelta(
  sqrtPriceX96: bigint,
  tickCurrent: number,
  tickLower: number,
  tickUpper: number,
  liquidityDelta: bigint,
): { amount0: bigint; amount1: bigint } {
  if (liquidityDelta === 0n) return { amount0: 0n, amount1: 0n }
  const roundUp = liquidityDelta > 0n
  const liquidity = liquidityDelta < 0n ? -liquidityDelta : liquidityDelta
  const sign = liquidityDelta < 0n ? -1n : 1n
  const sqrtLower = sqrtPriceAtTick(tickLower)
  const sqrtUpper = sqrtPriceAtTick(tickUpper)
  let amount0 = 0n
  let amount1 = 0n
  if (tickCurrent < tickLower) {
    amount0 = amount0Delta(sqrtLower, sqrtUpper, liquidity, roundUp)
  } else if (tickCurrent < tickUpper) {
    amount0 = amount0Delta(sqrtPriceX96, sqrtUpper, liquidity, roundUp)
    amount1 = amount1Delta(sqrtLower, sqrtPriceX96, liquidity, roundUp)
  } else {
    amount1 = amount1Delta(sqrtLower, sqrtUpper, liquidity, roundUp)
  }
  return { amount0: amount0 * sign, amount1: amount1 * sign }
}

/** Price of token0 in token1 (decimals applied) from a Q64.96 square-root price. */
export { priceAtSqrtPrice as priceFromSqrtX96 } from '@oxbow/routing'

/** Price of token0 in token1 (decimals applied) from reserves. */
export function priceFromReserves(
  reserve0: bigint,
  reserve1: bigint,
  decimals0: number,
  decimals1: number,
): number | null {
  if (reserve0 === 0n || reserve1 === 0n) return null
  return toUnits(reserve1, decimals1) / toUnits(reserve0, decimals0)
}

/** Base units to a float amount of whole tokens (display and USD math only). */
export function toUnits(amount: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const frac = amount % scale
  return Number(whole) + Number(frac) / Number(scale)
}

export function abs(value: bigint): bigint {
  return value < 0n ? -value : value
}
