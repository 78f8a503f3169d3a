/**
 * v4 fee accounting, replayed from events with the contract's math: ModifyLiquidity pays the
 * position's accrued fees to the caller (its event carries no amounts), so the pool's reserves
 * drop by them. Fees accrue per swap step as fee growth (Pool.swap), ticks keep the growth outside
 * their range (crossing flips it), and a position owes (growth inside now - growth inside when it
 * last changed) * liquidity / 2^128 (Position.update). The devnet has no protocol fee: the Swap
 * event's fee is the LP fee.
 */
import {
  MAX_SQRT_PRICE,
  MAX_TICK,
  MIN_SQRT_PRICE,
  MIN_TICK,
  nextTickWithinWord,
  sqrtPriceAtTick,
  swapStep,
  type Tick,
  tickAtSqrtPrice,
} from '@oxbow/routing'

const Q128 = 1n << 128n
const u256 = (value: bigint) => BigInt.asUintN(256, value)

export interface TickFees {
  liquidityGross: bigint
  liquidityNet: bigint
  outside0: bigint
  outside1: bigint
}

export interface PoolFees {
  tick: number
  tickSpacing: number
  global0: bigint
  global1: bigint
  /** Initialized ticks. */
  ticks: Map<number, TickFees>
}

export interface PositionFees {
  liquidity: bigint
  last0: bigint
  last1: bigint
}

/** Ticks as stored in a JSON column: [tick, gross, net, outside0, outside1] with decimal strings. */
export type StoredTicks = [number, string, string, string, string][]

export function ticksFromJson(stored: unknown): Map<number, TickFees> {
  const ticks = new Map<number, TickFees>()
  if (!Array.isArray(stored)) return ticks
  for (const [tick, gross, net, o0, o1] of stored as StoredTicks) {
    ticks.set(tick, {
      liquidityGross: BigInt(gross),
      liquidityNet: BigInt(net),
      outside0: BigInt(o0),
      outside1: BigInt(o1),
    })
  }
  return ticks
}

export function ticksToJson(ticks: Map<number, TickFees>): StoredTicks {
  return [...ticks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([tick, t]) => [
      tick,
      t.liquidityGross.toString(),
      t.liquidityNet.toString(),
      t.outside0.toString(),
      t.outside1.toString(),
    ])
}

/** Pool.getFeeGrowthInside. */
function growthInside(pool: PoolFees, tickLower: number, tickUpper: number): [bigint, bigint] {
  const zero = { outside0: 0n, outside1: 0n }
  const lower = pool.ticks.get(tickLower) ?? zero
  const upper = pool.ticks.get(tickUpper) ?? zero
  if (pool.tick < tickLower)
    return [u256(lower.outside0 - upper.outside0), u256(lower.outside1 - upper.outside1)]
  if (pool.tick >= tickUpper)
    return [u256(upper.outside0 - lower.outside0), u256(upper.outside1 - lower.outside1)]
  return [
    u256(pool.global0 - lower.outside0 - upper.outside0),
    u256(pool.global1 - lower.outside1 - upper.outside1),
  ]
}

/**
 * Pool.modifyLiquidity's fee part: updates the ticks (in place) and returns the fees the position
 * is paid and its new fee state.
 */
export function modifyPosition(
  pool: PoolFees,
  position: PositionFees,
  tickLower: number,
  tickUpper: number,
  liquidityDelta: bigint,
): { fees0: bigint; fees1: bigint; position: PositionFees } {
  if (liquidityDelta !== 0n) {
    for (const [tick, upper] of [
      [tickLower, false],
      [tickUpper, true],
    ] as const) {
      const info = pool.ticks.get(tick) ?? {
        liquidityGross: 0n,
        liquidityNet: 0n,
        outside0: 0n,
        outside1: 0n,
      }
      const next = { ...info, liquidityGross: info.liquidityGross + liquidityDelta }
      // By convention all growth before a tick was initialized happened below it.
      if (info.liquidityGross === 0n && tick <= pool.tick) {
        next.outside0 = pool.global0
        next.outside1 = pool.global1
      }
      next.liquidityNet = upper ? info.liquidityNet - liquidityDelta : info.liquidityNet + liquidityDelta
      pool.ticks.set(tick, next)
    }
  }
  const [inside0, inside1] = growthInside(pool, tickLower, tickUpper)
  const fees0 = (u256(inside0 - position.last0) * position.liquidity) / Q128
  const fees1 = (u256(inside1 - position.last1) * position.liquidity) / Q128
  if (liquidityDelta < 0n) {
    for (const tick of [tickLower, tickUpper])
      if (pool.ticks.get(tick)?.liquidityGross === 0n) pool.ticks.delete(tick)
  }
  return {
    fees0,
    fees1,
    position: { liquidity: position.liquidity + liquidityDelta, last0: inside0, last1: inside1 },
  }
}

export interface SwapEventState {
  sqrtPriceX96: bigint
  liquidity: bigint
  /** Swapper deltas: negative paid into the pool, positive received. */
  amount0: bigint
  amount1: bigint
  fee: number
}

/**
 * Pool.swap's fee growth: replays the swap step by step from the pool's state before it, as exact
 * input and else as exact output, and keeps the replay that ends where the event says. Updates
 * `pool` (globals, crossed ticks) and returns true; returns false and changes nothing when neither
 * replay matches (a hook that moves amounts).
 */
export function replaySwap(
  pool: PoolFees,
  before: { sqrtPriceX96: bigint; liquidity: bigint },
  event: SwapEventState,
): boolean {
  const zeroForOne = event.amount0 < 0n || event.amount1 > 0n
  const paid = zeroForOne ? -event.amount0 : -event.amount1
  const received = zeroForOne ? event.amount1 : event.amount0
  if (paid <= 0n) return false
  const sorted: Tick[] = [...pool.ticks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, t]) => ({ index, liquidityNet: t.liquidityNet }))
  for (const exactIn of [true, false]) {
    const run = replay(pool, sorted, before, zeroForOne, exactIn ? paid : received, exactIn, event.fee)
    if (
      run &&
      run.sqrtPriceX96 === event.sqrtPriceX96 &&
      run.liquidity === event.liquidity &&
      run.amountIn === paid &&
      run.amountOut === received
    ) {
      if (zeroForOne) pool.global0 = run.globalIn
      else pool.global1 = run.globalIn
      for (const [tick, outside] of run.crossed) {
        const info = pool.ticks.get(tick)
        if (info) pool.ticks.set(tick, { ...info, ...outside })
      }
      return true
    }
  }
  return false
}

function replay(
  pool: PoolFees,
  ticks: readonly Tick[],
  before: { sqrtPriceX96: bigint; liquidity: bigint },
  zeroForOne: boolean,
  amount: bigint,
  exactIn: boolean,
  fee: number,
) {
  const limit = zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n
  let sqrtPrice = before.sqrtPriceX96
  let tick = pool.tick
  let liquidity = before.liquidity
  let remaining = amount
  let calculated = 0n
  let globalIn = zeroForOne ? pool.global0 : pool.global1
  const crossed = new Map<number, { outside0: bigint; outside1: bigint }>()
  for (let steps = 0; remaining !== 0n && sqrtPrice !== limit; steps++) {
    if (steps > 10_000) return undefined
    const start = sqrtPrice
    const found = nextTickWithinWord(ticks, tick, pool.tickSpacing, zeroForOne)
    const tickNext = Math.max(MIN_TICK, Math.min(MAX_TICK, found.next))
    const sqrtNext = sqrtPriceAtTick(tickNext)
    const target = (zeroForOne ? sqrtNext < limit : sqrtNext > limit) ? limit : sqrtNext
    const step = swapStep(sqrtPrice, target, liquidity, remaining, BigInt(fee), exactIn)
    sqrtPrice = step.sqrtNext
    if (exactIn) {
      remaining -= step.amountIn + step.feeAmount
      calculated += step.amountOut
    } else {
      remaining -= step.amountOut
      calculated += step.amountIn + step.feeAmount
    }
    if (liquidity > 0n) globalIn = u256(globalIn + (step.feeAmount * Q128) / liquidity)
    if (sqrtPrice === sqrtNext) {
      if (found.initialized && found.next === tickNext) {
        const info = pool.ticks.get(tickNext)
        if (!info) return undefined
        const current = crossed.get(tickNext) ?? info
        const g0 = zeroForOne ? globalIn : pool.global0
        const g1 = zeroForOne ? pool.global1 : globalIn
        crossed.set(tickNext, {
          outside0: u256(g0 - current.outside0),
          outside1: u256(g1 - current.outside1),
        })
        liquidity += zeroForOne ? -info.liquidityNet : info.liquidityNet
        if (liquidity < 0n) return undefined
      }
      tick = zeroForOne ? tickNext - 1 : tickNext
    } else if (sqrtPrice !== start) {
      tick = tickAtSqrtPrice(sqrtPrice)
    }
  }
  return {
    sqrtPriceX96: sqrtPrice,
    liquidity,
    amountIn: exactIn ? amount - remaining : calculated,
    amountOut: exactIn ? calculated : amount - remaining,
    globalIn,
    crossed,
  }
}
