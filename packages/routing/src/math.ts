import { CoreError } from '@oxbow/core'

/**
 * Exact Uniswap swap math in bigint, step for step as the contracts do it (v2 `UniswapV2Library`,
 * v3/v4 `TickMath`, `SqrtPriceMath`, `SwapMath`, `TickBitmap` word boundaries and the pool's swap
 * loop), so a quote equals the executed amount to the wei on unchanged state.
 */

export const Q96 = 1n << 96n
const Q96_MASK = Q96 - 1n
export const MIN_TICK = -887272
export const MAX_TICK = 887272
export const MIN_SQRT_PRICE = 4295128739n
export const MAX_SQRT_PRICE = 1461446703485210103287273052203988822378723970342n
const MAX_UINT160 = (1n << 160n) - 1n
const MAX_UINT256 = (1n << 256n) - 1n
const FEE_DENOMINATOR = 1_000_000n

/** The swap math cannot go on (a price or amount out of range, inconsistent pool state). */
export class SwapMathError extends CoreError {
  override readonly name = 'SwapMathError'
  constructor(shortMessage: string) {
    super(shortMessage, { code: 'SWAP_MATH' })
  }
}

function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b) / d
}
// Operands are never negative here. Rounding up checks the quotient with a multiplication: a
// second BigInt division (for the remainder) costs several times more.
function mulDivUp(a: bigint, b: bigint, d: bigint): bigint {
  const p = a * b
  const q = p / d
  return q * d === p ? q : q + 1n
}
function divUp(a: bigint, b: bigint): bigint {
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

function nextPriceFromAmount0RoundingUp(
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

function nextPriceFromAmount1RoundingDown(
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

/** An initialized tick of a concentrated-liquidity pool. */
export interface Tick {
  readonly index: number
  readonly liquidityNet: bigint
}

export interface ClState {
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly tickSpacing: number
  /** Current fee in pips (hundredths of a basis point); for v4 dynamic-fee pools the slot0 LP fee. */
  readonly fee: number
  /** Initialized ticks sorted by index ascending. */
  readonly ticks: readonly Tick[]
}

export interface ClSwapResult {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly ticksCrossed: number
  /** True when the whole amount was swapped (the price limit was not reached first). */
  readonly complete: boolean
}

/** Index of the first tick with index >= `value` (ticks sorted ascending). */
function lowerBound(ticks: readonly Tick[], value: number): number {
  let lo = 0
  let hi = ticks.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((ticks[mid] as Tick).index < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** TickBitmap.nextInitializedTickWithinOneWord over a sorted tick list. */
export function nextTickWithinWord(
  ticks: readonly Tick[],
  tick: number,
  spacing: number,
  lte: boolean,
): { next: number; initialized: boolean; liquidityNet: bigint } {
  const compressed = Math.floor(tick / spacing)
  if (lte) {
    const wordStart = compressed - (((compressed % 256) + 256) % 256)
    // greatest initialized tick <= compressed*spacing within the word
    const i = lowerBound(ticks, compressed * spacing + 1) - 1
    const t = ticks[i]
    if (t !== undefined && Math.floor(t.index / spacing) >= wordStart) {
      return { next: t.index, initialized: true, liquidityNet: t.liquidityNet }
    }
    return { next: wordStart * spacing, initialized: false, liquidityNet: 0n }
  }
  const start = compressed + 1
  const wordEnd = start - (((start % 256) + 256) % 256) + 255
  const i = lowerBound(ticks, start * spacing)
  const t = ticks[i]
  if (t !== undefined && Math.floor(t.index / spacing) <= wordEnd) {
    return { next: t.index, initialized: true, liquidityNet: t.liquidityNet }
  }
  return { next: wordEnd * spacing, initialized: false, liquidityNet: 0n }
}

/** The next initialized tick in the swap's direction, in any word (or the end of the range). */
function nextInitialized(
  ticks: readonly Tick[],
  tick: number,
  spacing: number,
  lte: boolean,
): { next: number; initialized: boolean; liquidityNet: bigint } {
  const compressed = Math.floor(tick / spacing)
  if (lte) {
    const t = ticks[lowerBound(ticks, compressed * spacing + 1) - 1]
    return t
      ? { next: t.index, initialized: true, liquidityNet: t.liquidityNet }
      : { next: MIN_TICK, initialized: false, liquidityNet: 0n }
  }
  const t = ticks[lowerBound(ticks, (compressed + 1) * spacing)]
  return t
    ? { next: t.index, initialized: true, liquidityNet: t.liquidityNet }
    : { next: MAX_TICK, initialized: false, liquidityNet: 0n }
}

/** Where the swap loop stands between two steps. */
interface LoopState {
  sqrtPrice: bigint
  tick: number
  liquidity: bigint
  crossed: number
}

/**
 * Runs the pool's swap loop from `at` until `remaining` is used up or the price limit is reached.
 * Returns what is left and what was calculated on top of `calculated`; `at` ends at the final state.
 */
function swapLoop(
  state: ClState,
  zeroForOne: boolean,
  exactIn: boolean,
  jumpGaps: boolean,
  at: LoopState,
  amountRemaining: bigint,
  amountCalculated: bigint,
): { remaining: bigint; calculated: bigint } {
  const limit = zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n
  let remaining = amountRemaining
  let calculated = amountCalculated
  while (remaining !== 0n && at.sqrtPrice !== limit) {
    const step = oneStep(state, zeroForOne, exactIn, jumpGaps, at, remaining)
    remaining = step.remaining
    calculated += step.calculated
  }
  return { remaining, calculated }
}

/**
 * The pool's swap loop (v3 `UniswapV3Pool.swap`, v4 `Pool.swap`) with the routers' default price
 * limit. `amount` is the exact input (with fee) when `exactIn`, else the exact output.
 */
export function clSwap(
  state: ClState,
  zeroForOne: boolean,
  amount: bigint,
  exactIn: boolean,
  /** false: walk empty ranges word by word exactly like the contract (tests compare both). */
  jumpGaps = true,
): ClSwapResult {
  if (BigInt(state.fee) >= FEE_DENOMINATOR) throw new SwapMathError('fee of 100% or more')
  const at: LoopState = {
    sqrtPrice: state.sqrtPriceX96,
    tick: state.tick,
    liquidity: state.liquidity,
    crossed: 0,
  }
  const { remaining, calculated } = swapLoop(state, zeroForOne, exactIn, jumpGaps, at, amount, 0n)
  return {
    amountIn: exactIn ? amount - remaining : calculated,
    amountOut: exactIn ? calculated : amount - remaining,
    sqrtPriceX96: at.sqrtPrice,
    tick: at.tick,
    liquidity: at.liquidity,
    ticksCrossed: at.crossed,
    complete: remaining === 0n,
  }
}

/**
 * The steps of one pool's swap loop that a swap completes whole, for one direction and trade
 * type. A whole step (to the next tick, word boundary or price limit) consumes and produces the
 * same amounts whatever the trade's size, so they are computed once per pool state and shared by
 * every quote: a quote finds the last whole step by binary search and computes only the partial
 * step after it.
 */
interface StepMemo {
  /** State before step j (index 0: the pool's state). */
  readonly sqrtPrice: bigint[]
  readonly tick: number[]
  readonly liquidity: bigint[]
  readonly crossed: number[]
  /** Specified amount consumed before step j (input with fee, or output). */
  readonly consumed: bigint[]
  /** The other side's amount calculated before step j. */
  readonly calculated: bigint[]
  /** Step j's target price. */
  readonly target: bigint[]
  /**
   * Smallest specified amount that runs step j whole: consumed[j] plus the step's whole amount
   * (at least 1: a step runs only while something remains). Ascending.
   */
  readonly threshold: bigint[]
  /** No further whole step: the price limit is reached, a step failed, or the memo is full. */
  end: boolean
}

const MAX_MEMO_STEPS = 4096
const memos = new WeakMap<ClState, (StepMemo | undefined)[]>()

function memoOf(state: ClState, zeroForOne: boolean, exactIn: boolean): StepMemo {
  let forState = memos.get(state)
  if (!forState) {
    forState = [undefined, undefined, undefined, undefined]
    memos.set(state, forState)
  }
  const slot = (zeroForOne ? 1 : 0) + (exactIn ? 2 : 0)
  let memo = forState[slot]
  if (!memo) {
    memo = {
      sqrtPrice: [state.sqrtPriceX96],
      tick: [state.tick],
      liquidity: [state.liquidity],
      crossed: [0],
      consumed: [0n],
      calculated: [0n],
      target: [],
      threshold: [],
      end: false,
    }
    forState[slot] = memo
  }
  return memo
}

const UNBOUNDED = 1n << 255n

/** Adds the next whole step to the memo (or marks its end). */
function extendMemo(memo: StepMemo, state: ClState, zeroForOne: boolean, exactIn: boolean): void {
  const j = memo.threshold.length
  const limit = zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n
  const sqrtPrice = memo.sqrtPrice[j] as bigint
  if (sqrtPrice === limit || j >= MAX_MEMO_STEPS) {
    memo.end = true
    return
  }
  const at: LoopState = {
    sqrtPrice,
    tick: memo.tick[j] as number,
    liquidity: memo.liquidity[j] as bigint,
    crossed: memo.crossed[j] as number,
  }
  // One step of the loop with more than enough left: the step runs whole.
  let result: ReturnType<typeof oneStep>
  try {
    result = oneStep(state, zeroForOne, exactIn, true, at, UNBOUNDED)
  } catch (error) {
    // the loop fails at this step too: quotes that reach it take the plain loop and fail there
    if (error instanceof SwapMathError) {
      memo.end = true
      return
    }
    throw error
  }
  const full = UNBOUNDED - result.remaining
  memo.target.push(result.target)
  memo.threshold.push((memo.consumed[j] as bigint) + (full > 0n ? full : 1n))
  memo.sqrtPrice.push(at.sqrtPrice)
  memo.tick.push(at.tick)
  memo.liquidity.push(at.liquidity)
  memo.crossed.push(at.crossed)
  memo.consumed.push((memo.consumed[j] as bigint) + full)
  memo.calculated.push((memo.calculated[j] as bigint) + result.calculated)
}

/** One iteration of the pool's swap loop from `at` (updated in place). */
function oneStep(
  state: ClState,
  zeroForOne: boolean,
  exactIn: boolean,
  jumpGaps: boolean,
  at: LoopState,
  remaining: bigint,
): { remaining: bigint; calculated: bigint; target: bigint } {
  const fee = BigInt(state.fee)
  const limit = zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n
  const start = at.sqrtPrice
  // With no liquidity every step until the next initialized tick moves nothing (zero amounts,
  // zero fee), so jumping straight to it gives the contract's result without its word-by-word walk.
  const found =
    at.liquidity === 0n && jumpGaps
      ? nextInitialized(state.ticks, at.tick, state.tickSpacing, zeroForOne)
      : nextTickWithinWord(state.ticks, at.tick, state.tickSpacing, zeroForOne)
  const tickNext = Math.max(MIN_TICK, Math.min(MAX_TICK, found.next))
  const sqrtNext = sqrtPriceAtTick(tickNext)
  const target = (zeroForOne ? sqrtNext < limit : sqrtNext > limit) ? limit : sqrtNext
  const step = swapStep(at.sqrtPrice, target, at.liquidity, remaining, fee, exactIn)
  at.sqrtPrice = step.sqrtNext
  const left = remaining - (exactIn ? step.amountIn + step.feeAmount : step.amountOut)
  const calculated = exactIn ? step.amountOut : step.amountIn + step.feeAmount
  if (at.sqrtPrice === sqrtNext) {
    if (found.initialized && found.next === tickNext) {
      at.liquidity += zeroForOne ? -found.liquidityNet : found.liquidityNet
      if (at.liquidity < 0n) throw new SwapMathError('negative liquidity (inconsistent ticks)')
      at.crossed++
    }
    at.tick = zeroForOne ? tickNext - 1 : tickNext
  } else if (at.sqrtPrice !== start) {
    at.tick = tickAtSqrtPrice(at.sqrtPrice)
  }
  return { remaining: left, calculated, target }
}

/** A swap's amounts without its final price and tick (what a quote needs). */
export interface ClQuote {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly ticksCrossed: number
  readonly complete: boolean
}

/**
 * The same result as `clSwap` (amounts, ticks crossed, completeness; tests compare the two), from
 * the pool state's memo of whole steps: binary search for the last whole step, then the partial
 * step alone. Pool states must not be mutated (a new state object gets a new memo).
 */
export function clQuote(state: ClState, zeroForOne: boolean, amount: bigint, exactIn: boolean): ClQuote {
  const fee = BigInt(state.fee)
  if (fee >= FEE_DENOMINATOR) throw new SwapMathError('fee of 100% or more')
  const memo = memoOf(state, zeroForOne, exactIn)
  const thresholds = memo.threshold
  while (!memo.end && (thresholds.length === 0 || (thresholds[thresholds.length - 1] as bigint) <= amount)) {
    extendMemo(memo, state, zeroForOne, exactIn)
  }
  // k: the number of whole steps (thresholds ascend)
  let lo = 0
  let hi = thresholds.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((thresholds[mid] as bigint) <= amount) lo = mid + 1
    else hi = mid
  }
  const k = lo
  const remaining = amount - (memo.consumed[k] as bigint)
  const calculated = memo.calculated[k] as bigint
  const crossed = memo.crossed[k] as number
  if (remaining === 0n) {
    return exactIn
      ? { amountIn: amount, amountOut: calculated, ticksCrossed: crossed, complete: true }
      : { amountIn: calculated, amountOut: amount, ticksCrossed: crossed, complete: true }
  }
  const current = memo.sqrtPrice[k] as bigint
  const liquidity = memo.liquidity[k] as bigint
  const target = memo.target[k]
  // Step k is known and partial (remaining < its whole amount): the price stops short of target.
  if (target !== undefined) {
    if (exactIn) {
      const lessFee = mulDiv(remaining, FEE_DENOMINATOR - fee, FEE_DENOMINATOR)
      const next = zeroForOne
        ? nextPriceFromAmount0RoundingUp(current, liquidity, lessFee, true)
        : nextPriceFromAmount1RoundingDown(current, liquidity, lessFee, true)
      if (next !== target) {
        // the fee takes whatever the step's input leaves: the whole amount is used
        const out = zeroForOne
          ? amount1Delta(next, current, liquidity, false)
          : amount0Delta(current, next, liquidity, false)
        return { amountIn: amount, amountOut: calculated + out, ticksCrossed: crossed, complete: true }
      }
    } else {
      const next = zeroForOne
        ? nextPriceFromAmount1RoundingDown(current, liquidity, remaining, false)
        : nextPriceFromAmount0RoundingUp(current, liquidity, remaining, false)
      if (next !== target) {
        let out = zeroForOne
          ? amount1Delta(next, current, liquidity, false)
          : amount0Delta(current, next, liquidity, false)
        if (out > remaining) out = remaining
        if (out === remaining) {
          const amountIn = zeroForOne
            ? amount0Delta(next, current, liquidity, true)
            : amount1Delta(current, next, liquidity, true)
          const feeAmount = mulDivUp(amountIn, fee, FEE_DENOMINATOR - fee)
          return {
            amountIn: calculated + amountIn + feeAmount,
            amountOut: amount,
            ticksCrossed: crossed,
            complete: true,
          }
        }
      }
    }
  }
  // Anything else (the memo ends here, rounding lands on the target, output short by rounding):
  // the plain loop from step k.
  const at: LoopState = { sqrtPrice: current, tick: memo.tick[k] as number, liquidity, crossed }
  const r = swapLoop(state, zeroForOne, exactIn, true, at, remaining, calculated)
  return {
    amountIn: exactIn ? amount - r.remaining : r.calculated,
    amountOut: exactIn ? r.calculated : amount - r.remaining,
    ticksCrossed: at.crossed,
    complete: r.remaining === 0n,
  }
}

/** UniswapV2Library.getAmountOut (0.3 % fee). */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

/** UniswapV2Library.getAmountIn; undefined when the pool cannot deliver `amountOut`. */
export function v2AmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint | undefined {
  if (amountOut <= 0n || reserveIn <= 0n || amountOut >= reserveOut) return undefined
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n
}
