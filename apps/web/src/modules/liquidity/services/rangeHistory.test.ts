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

test("the line is the pool's candle closes in time order, then the current price", () => {
  assert.deepEqual(poolPriceHistory([candle(300, 6000), candle(100, 2000)], 3100, 400), [
    { time: 100, value: 2000 },
    { time: 300, value: 6000 },
    { time: 400, value: 3100 },
  ])
})

test('unpriced buckets and buckets not before now are left out; no history still shows the current price', () => {
  assert.deepEqual(poolPriceHistory([candle(100, 0), candle(500, 2)], 2, 400), [{ time: 400, value: 2 }])
  assert.deepEqual(poolPriceHistory([], 5, 400), [{ time: 400, value: 5 }])
  assert.deepEqual(poolPriceHistory([candle(100, 1)], Number.NaN, 400), [{ time: 100, value: 1 }])
})
