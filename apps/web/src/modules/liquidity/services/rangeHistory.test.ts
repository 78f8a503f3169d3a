import assert from 'node:assert/strict'
import { test } from 'node:test'
import { poolPriceHistory } from './rangeHistory.ts'

const candle = (time: number, close: number) => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volumeUsd: 0,
})

test('the pool price is token0 USD / token1 USD at the buckets both tokens have, then the current price', () => {
  const points = poolPriceHistory(
    [candle(300, 3000), candle(100, 2000), candle(200, 2500)],
    [candle(100, 1), candle(300, 0.5)],
    3100,
    400,
  )
  assert.deepEqual(points, [
    { time: 100, value: 2000 },
    { time: 300, value: 6000 },
    { time: 400, value: 3100 },
  ])
})

test('unpriced buckets and buckets not before now are left out; no history still shows the current price', () => {
  assert.deepEqual(
    poolPriceHistory([candle(100, 0), candle(500, 2)], [candle(100, 1), candle(500, 1)], 2, 400),
    [{ time: 400, value: 2 }],
  )
  assert.deepEqual(poolPriceHistory([], [], Number.NaN, 400), [])
})
