import type { Candle } from '../../../lib/tokenChart.ts'

/** One point of a pool's price (token1 per token0) over time. */
export interface PricePoint {
  readonly time: number
  readonly value: number
}

/**
 * The pool's price history from its two tokens' USD candles (the indexer has no pool price series):
 * token1 per token0 = token0's USD price / token1's, at the buckets both tokens have, ending with the
 * chain's current price (so the line always reaches the price the page read).
 */
export function poolPriceHistory(
  candles0: readonly Candle[],
  candles1: readonly Candle[],
  current: number,
  nowSeconds: number,
): PricePoint[] {
  const usd1 = new Map(candles1.map((c) => [c.time, c.close]))
  const points = candles0.flatMap((c): PricePoint[] => {
    const q = usd1.get(c.time)
    return q && q > 0 && c.close > 0 && c.time < nowSeconds ? [{ time: c.time, value: c.close / q }] : []
  })
  points.sort((a, b) => a.time - b.time)
  return Number.isFinite(current) && current > 0 ? [...points, { time: nowSeconds, value: current }] : points
}
