import { sqrtPriceAtTick } from '../../lib/math.ts'
import { decimalString } from '../format.ts'

/** Most ranges Pool.liquidityByTick returns (limits.ts costs it as such). */
export const MAX_TICK_RANGES = 400

/**
 * Active liquidity between consecutive initialized ticks, from positions' ranges: each position adds
 * its liquidity at tickLower and removes it at tickUpper; the running sum is the liquidity active
 * from that tick up to the next.
 */
export function liquidityRanges(
  positions: readonly { tickLower: number | null; tickUpper: number | null; liquidity: bigint }[],
  decimalsDelta: number,
): { tick: number; price0: string; liquidity: string }[] {
  const net = new Map<number, bigint>()
  for (const p of positions) {
    if (p.tickLower === null || p.tickUpper === null || p.liquidity <= 0n) continue
    net.set(p.tickLower, (net.get(p.tickLower) ?? 0n) + p.liquidity)
    net.set(p.tickUpper, (net.get(p.tickUpper) ?? 0n) - p.liquidity)
  }
  const ticks = [...net.keys()].sort((a, b) => a - b)
  let active = 0n
  const out: { tick: number; price0: string; liquidity: string }[] = []
  for (const tick of ticks) {
    active += net.get(tick) ?? 0n
    const sqrt = Number(sqrtPriceAtTick(tick)) / 2 ** 96
    out.push({
      tick,
      price0: decimalString(sqrt * sqrt * 10 ** decimalsDelta) ?? '0',
      liquidity: active.toString(),
    })
  }
  return out.slice(-MAX_TICK_RANGES)
}
