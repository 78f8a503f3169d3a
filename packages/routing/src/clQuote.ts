/** Fast quotes from a per-pool-state memo of the swap loop's whole steps (same result as `clSwap`). */
import { type ClState, type LoopState, oneStep, swapLoop } from './clSwap.ts'
import {
  amount0Delta,
  amount1Delta,
  FEE_DENOMINATOR,
  MAX_SQRT_PRICE,
  MIN_SQRT_PRICE,
  mulDiv,
  mulDivUp,
  nextPriceFromAmount0RoundingUp,
  nextPriceFromAmount1RoundingDown,
  SwapMathError,
} from './math.ts'

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
