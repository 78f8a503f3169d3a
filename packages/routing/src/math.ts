import { CoreError } from '@oxbow/core'

/**
 * Exact v3/v4 step math in bigint, as the contracts do it (`TickMath`, `SqrtPriceMath`,
 * `SwapMath.computeSwapStep`), so a quote equals the executed amount to the wei on unchanged state.
 * The swap loop is in clSwap.ts, memoised quotes in clQuote.ts, v2 in v2Math.ts.
 */

export const Q96 = 1n << 96n
const Q96_MASK = Q96 - 1n
export const MIN_TICK = -887272
export const MAX_TICK = 887272
export const MIN_SQRT_PRICE = 4295128739n
export const MAX_SQRT_PRICE = 1461446703485210103287273052203988822378723970342n
const MAX_UINT160 = (1n << 160n) - 1n
const MAX_UINT256 = (1n << 256n) - 1n
export const FEE_DENOMINATOR = 1_000_000n

/** The swap math cannot go on (a price or amount out of range, inconsistent pool state). */
export class SwapMathError extends CoreError {
  override readonly name = 'SwapMathError'
  constructor(shortMessage: string) {
    super(shortMessage, { code: 'SWAP_MATH' })
  }
}

export function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b) / d
}
// Operands are never negative here. Rounding up checks the quotient with a multiplication: a
// second BigInt division (for the remainder) costs several times more.
export function mulDivUp(a: bigint, b: bigint, d: bigint): bigint {
  const p = a * b
  const q = p / d
  return q * d === p ? q : q + 1n
}
export function divUp(a: bigint, b: bigint): bigint {
  const q = a / b
  return q * b === a ? q : q + 1n
}

// Multipliers of TickMath.getSqrtRatioAtTick (Q128.128 values of 1/sqrt(1.0001)^(2^i)).
const TICK_FACTORS = [
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

const sqrtCache = new Map<number, bigint>()

/** TickMath.getSqrtRatioAtTick / getSqrtPriceAtTick (identical in v3 and v4). */
export function sqrtPriceAtTick(tick: number): bigint {
  const cached = sqrtCache.get(tick)
  if (cached !== undefined) return cached
  const abs = Math.abs(tick)
  // A caller's bad argument, not a failed swap: the contract reverts InvalidTick.
  if (!Number.isInteger(tick) || abs > MAX_TICK) throw new RangeError(`tick ${tick} out of range`)
  let ratio = abs & 1 ? 0xfffcb933bd6fad37aa2d162d1a594001n : 0x100000000000000000000000000000000n
  for (let i = 0; i < TICK_FACTORS.length; i++) {
    if (abs & (2 << i)) ratio = (ratio * (TICK_FACTORS[i] as bigint)) >> 128n
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio
  const result = (ratio >> 32n) + (ratio % (1n << 32n) === 0n ? 0n : 1n)
  if (sqrtCache.size > 200_000) sqrtCache.clear()
  sqrtCache.set(tick, result)
  return result
}

/**
 * token1 per token0 in whole tokens (decimals applied) at a Q64.96 square-root price: display
 * grade (floating point), not contract math.
 */
export function priceAtSqrtPrice(sqrtPriceX96: bigint, decimals0: number, decimals1: number): number {
  const ratio = Number(sqrtPriceX96) / Number(Q96)
  return ratio * ratio * 10 ** (decimals0 - decimals1)
}

/** TickMath.getTickAtSqrtRatio: the greatest tick whose sqrt price is <= `sqrtPrice`. */
export function tickAtSqrtPrice(sqrtPrice: bigint): number {
  if (sqrtPrice < MIN_SQRT_PRICE || sqrtPrice >= MAX_SQRT_PRICE)
    throw new SwapMathError('sqrt price out of range')
  const ratio = Number(sqrtPrice) / Number(Q96)
  let tick = Math.floor((2 * Math.log(ratio)) / Math.log(1.0001))
  tick = Math.max(MIN_TICK, Math.min(MAX_TICK, tick))
  while (tick > MIN_TICK && sqrtPriceAtTick(tick) > sqrtPrice) tick--
  while (tick < MAX_TICK && sqrtPriceAtTick(tick + 1) <= sqrtPrice) tick++
  return tick
}

export function nextPriceFromAmount0RoundingUp(
  sqrtP: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (amount === 0n) return sqrtP
  const numerator1 = liquidity << 96n
  const product = amount * sqrtP
  if (add) {
    if (product <= MAX_UINT256) {
      const denominator = numerator1 + product
      if (denominator <= MAX_UINT256) return mulDivUp(numerator1, sqrtP, denominator)
    }
    return divUp(numerator1, numerator1 / sqrtP + amount)
  }
  if (product > MAX_UINT256 || numerator1 <= product) throw new SwapMathError('price overflow')
  const result = mulDivUp(numerator1, sqrtP, numerator1 - product)
  if (result > MAX_UINT160) throw new SwapMathError('price overflow')
  return result
}

export function nextPriceFromAmount1RoundingDown(
  sqrtP: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (add) {
    const result = sqrtP + (amount << 96n) / liquidity
    if (result > MAX_UINT160) throw new SwapMathError('price overflow')
    return result
  }
  const quotient = divUp(amount << 96n, liquidity)
  if (sqrtP <= quotient) throw new SwapMathError('not enough liquidity')
  return sqrtP - quotient
}

/** SqrtPriceMath.getAmount0Delta: token0 between two square-root prices for a liquidity (>= 0, a uint128 there). */
export function amount0Delta(a: bigint, b: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const lo = a < b ? a : b
  const hi = a < b ? b : a
  const numerator1 = liquidity << 96n
  const numerator2 = hi - lo
  return roundUp ? divUp(mulDivUp(numerator1, numerator2, hi), lo) : mulDiv(numerator1, numerator2, hi) / lo
}

/** SqrtPriceMath.getAmount1Delta: token1 between two square-root prices for a liquidity (>= 0, a uint128 there). */
export function amount1Delta(a: bigint, b: bigint, liquidity: bigint, roundUp: boolean): bigint {
  // liquidity * |b - a| / 2^96, as a shift (the product is never negative)
  const p = liquidity * (a < b ? b - a : a - b)
  const q = p >> 96n
  return roundUp && (p & Q96_MASK) !== 0n ? q + 1n : q
}

export interface Step {
  sqrtNext: bigint
  amountIn: bigint
  amountOut: bigint
  feeAmount: bigint
}

/**
 * SwapMath.computeSwapStep. `remaining` is the positive amount left: input (with fee) when
 * `exactIn`, output otherwise. Amounts consumed and produced equal v3's and v4's variants.
 */
export function swapStep(
  current: bigint,
  target: bigint,
  liquidity: bigint,
  remaining: bigint,
  feePips: bigint,
  exactIn: boolean,
): Step {
  const zeroForOne = current >= target
  let sqrtNext: bigint
  let amountIn = 0n
  let amountOut = 0n
  if (exactIn) {
    const lessFee = mulDiv(remaining, FEE_DENOMINATOR - feePips, FEE_DENOMINATOR)
    amountIn = zeroForOne
      ? amount0Delta(target, current, liquidity, true)
      : amount1Delta(current, target, liquidity, true)
    sqrtNext =
      lessFee >= amountIn
        ? target
        : zeroForOne
          ? nextPriceFromAmount0RoundingUp(current, liquidity, lessFee, true)
          : nextPriceFromAmount1RoundingDown(current, liquidity, lessFee, true)
  } else {
    amountOut = zeroForOne
      ? amount1Delta(target, current, liquidity, false)
      : amount0Delta(current, target, liquidity, false)
    sqrtNext =
      remaining >= amountOut
        ? target
        : zeroForOne
          ? nextPriceFromAmount1RoundingDown(current, liquidity, remaining, false)
          : nextPriceFromAmount0RoundingUp(current, liquidity, remaining, false)
  }
  const max = target === sqrtNext
  if (zeroForOne) {
    if (!(max && exactIn)) amountIn = amount0Delta(sqrtNext, current, liquidity, true)
    if (!(max && !exactIn)) amountOut = amount1Delta(sqrtNext, current, liquidity, false)
  } else {
    if (!(max && exactIn)) amountIn = amount1Delta(current, sqrtNext, liquidity, true)
    if (!(max && !exactIn)) amountOut = amount0Delta(current, sqrtNext, liquidity, false)
  }
  if (!exactIn && amountOut > remaining) amountOut = remaining
  const feeAmount =
    exactIn && sqrtNext !== target
      ? remaining - amountIn
      : mulDivUp(amountIn, feePips, FEE_DENOMINATOR - feePips)
  return { sqrtNext, amountIn, amountOut, feeAmount }
}
