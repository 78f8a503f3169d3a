/**
 * Uniswap v3/v4 fixed-point math in bigint (TickMath.getSqrtRatioAtTick and SqrtPriceMath amount
 * deltas), used to turn v4 ModifyLiquidity events into token amounts, plus display-grade prices.
 */

const Q96 = 1n << 96n
const Q32 = 1n << 32n
const MAX_UINT256 = (1n << 256n) - 1n
export const MIN_TICK = -887272
export const MAX_TICK = 887272

// Ratios 1/sqrt(1.0001)^(2^i) in Q128, as in TickMath.sol.
const RATIOS: readonly bigint[] = [
  0xfff97272373d413259a46990580e213an,
  0xfff2e50f5f656932ef12357cf3c7fdccn,
  0xffe5caca7e10e4e61c3624eaa0941cd0n,
  0xffcb9843d60f6159c9db58835c926644n,
  0xff973b41fa98c081472e6896dfb254c0n,
  0xff2ea16466c96a3843ec78b326b52861n,
  0xfe5dee046a99a2a811c461f1969c3053n,
  0xfcbe86c7900a88aedcffc83b479aa3a4n,
  0xf987a7253ac413176f2b074cf7815e54n,
  0xf3392b0822b70005940c7a398e4b70f3n,
  0xe7159475a2c29b7443b29c7fa6e889d9n,
  0xd097f3bdfd2022b8845ad8f792aa5825n,
  0xa9f746462d870fdf8a65dc1f90e061e5n,
  0x70d869a156d2a1b890bb3df62baf32f7n,
  0x31be135f97d08fd981231505542fcfa6n,
  0x9aa508b5b7a84e1c677de54f3e99bc9n,
  0x5d6af8dedb81196699c329225ee604n,
  0x2216e584f5fa1ea926041bedfe98n,
  0x48a170391f7dc42444e8fa2n,
]

/** sqrt(1.0001^tick) as a Q64.96, rounded up like the contracts. */
export function sqrtPriceAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK || tick > MAX_TICK)
    throw new RangeError(`tick ${tick} out of range`)
  const absTick = BigInt(Math.abs(tick))
  let ratio = (absTick & 1n) !== 0n ? 0xfffcb933bd6fad37aa2d162d1a594001n : 1n << 128n
  for (let i = 0; i < RATIOS.length; i++) {
    if ((absTick & (1n << BigInt(i + 1))) !== 0n) ratio = (ratio * (RATIOS[i] as bigint)) >> 128n
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio
  return (ratio >> 32n) + (ratio % Q32 === 0n ? 0n : 1n)
}

function mulDiv(a: bigint, b: bigint, d: bigint, roundUp: boolean): bigint {
  const product = a * b
  const q = product / d
  return roundUp && product % d !== 0n ? q + 1n : q
}

function amount0Delta(sqrtA: bigint, sqrtB: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lo, hi] = sqrtA < sqrtB ? [sqrtA, sqrtB] : [sqrtB, sqrtA]
  const numerator1 = liquidity << 96n
  const numerator2 = hi - lo
  if (roundUp) {
    const inner = mulDiv(numerator1, numerator2, hi, true)
    return inner / lo + (inner % lo === 0n ? 0n : 1n)
  }
  return mulDiv(numerator1, numerator2, hi, false) / lo
}

function amount1Delta(sqrtA: bigint, sqrtB: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lo, hi] = sqrtA < sqrtB ? [sqrtA, sqrtB] : [sqrtB, sqrtA]
  return mulDiv(liquidity, hi - lo, Q96, roundUp)
}

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
export function priceFromSqrtX96(sqrtPriceX96: bigint, decimals0: number, decimals1: number): number {
  const sqrt = Number(sqrtPriceX96) / 2 ** 96
  return sqrt * sqrt * 10 ** (decimals0 - decimals1)
}

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
