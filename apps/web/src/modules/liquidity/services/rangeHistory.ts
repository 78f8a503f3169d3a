import type { Candle } from '../../../lib/tokenChart.ts'

/** One point of a pool's price (token1 per token0) over time. */
export interface PricePoint {
  readonly time: number
  readonly value: number
}

/**
 * The pool's price line from its indexed price candles (`pool.priceHistory`, token1 per token0):
 * each bucket's close before now, ending with the chain's current price (so the line always reaches
 * the price the page read).
 */
export function poolPriceHistory(
  candles: readonly Candle[],
  current: number,
  nowSeconds: number,
): PricePoint[] {
  const points = candles.flatMap((c): PricePoint[] =>
    Number.isFinite(c.close) && c.close > 0 && c.time < nowSeconds ? [{ time: c.time, value: c.close }] : [],
  )
  points.sort((a, b) => a.time - b.time)
  return Number.isFinite(current) && current > 0 ? [...points, { time: nowSeconds, value: current }] : points
}
