/** The concentrated-liquidity pool's swap loop (v3 `UniswapV3Pool.swap`, v4 `Pool.swap`) over a sorted tick list. */
import {
  FEE_DENOMINATOR,
  MAX_SQRT_PRICE,
  MAX_TICK,
  MIN_SQRT_PRICE,
  MIN_TICK,
  SwapMathError,
  sqrtPriceAtTick,
  swapStep,
  tickAtSqrtPrice,
} from './math.ts'

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

/** The next tick a swap step stops at: an initialized one (with its liquidity change) or a bound. */
export interface NextTick {
  readonly next: number
  readonly initialized: boolean
  readonly liquidityNet: bigint
}

/** TickBitmap.nextInitializedTickWithinOneWord over a sorted tick list. */
export function nextTickWithinWord(
  ticks: readonly Tick[],
  tick: number,
  spacing: number,
  lte: boolean,
): NextTick {
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
function nextInitialized(ticks: readonly Tick[], tick: number, spacing: number, lte: boolean): NextTick {
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
export interface LoopState {
  sqrtPrice: bigint
  tick: number
  liquidity: bigint
  crossed: number
}

/**
 * Runs the pool's swap loop from `at` until `remaining` is used up or the price limit is reached.
 * Returns what is left and what was calculated on top of `calculated`; `at` ends at the final state.
 */
export function swapLoop(
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

/** One iteration of the pool's swap loop from `at` (updated in place). */
export function oneStep(
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
