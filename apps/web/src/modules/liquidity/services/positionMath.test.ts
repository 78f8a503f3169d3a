import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MAX_TICK, MIN_TICK } from '@oxbow/routing'
import {
  DYNAMIC_FEE,
  feesOwed,
  feeTierPercent,
  fullRangeTicks,
  isFullRange,
  liquidityShare,
  positionAmounts,
  positionStatus,
  rangeBar,
  withSlippage,
} from './positionMath.ts'

const Q128 = 1n << 128n

test('behavior: fees owed are growth × liquidity / 2^128, also when the growth counter wrapped', () => {
  assert.equal(feesOwed(5n * Q128, 2n * Q128, 7n), 21n)
  // uint256 growth wraps: last near the top, now past zero.
  const top = (1n << 256n) - Q128
  assert.equal(feesOwed(Q128, top, 3n), 6n)
  assert.equal(feesOwed(10n, 10n, 1000n), 0n)
})

test('behavior: status IN_RANGE on [lower, upper), OUT_OF_RANGE outside, CLOSED without liquidity', () => {
  assert.equal(positionStatus(1n, -60, -60, 60), 'IN_RANGE')
  assert.equal(positionStatus(1n, 60, -60, 60), 'OUT_OF_RANGE')
  assert.equal(positionStatus(1n, -61, -60, 60), 'OUT_OF_RANGE')
  assert.equal(positionStatus(0n, 0, -60, 60), 'CLOSED')
})

test('behavior: amounts hold only token0 below the range, only token1 above it, both inside', () => {
  const l = 10n ** 18n
  const below = positionAmounts(2n ** 96n / 2n, -60, 60, l)
  assert.ok(below.amount0 > 0n && below.amount1 === 0n)
  const above = positionAmounts(2n ** 96n * 2n, -60, 60, l)
  assert.ok(above.amount0 === 0n && above.amount1 > 0n)
  const inside = positionAmounts(2n ** 96n, -60, 60, l)
  assert.ok(inside.amount0 > 0n && inside.amount1 > 0n)
  assert.deepEqual(positionAmounts(2n ** 96n, -60, 60, 0n), { amount0: 0n, amount1: 0n })
})

test('behavior: removing 100 % removes exactly all liquidity; other shares round down; bad percentages throw', () => {
  assert.equal(liquidityShare(999n, 100), 999n)
  assert.equal(liquidityShare(999n, 50), 499n)
  assert.throws(() => liquidityShare(1n, 0), RangeError)
  assert.throws(() => liquidityShare(1n, 101), RangeError)
  assert.throws(() => liquidityShare(1n, 2.5), RangeError)
  assert.equal(withSlippage(10_000n, 50), 9_950n)
})

test('behavior: full range is the usable ticks of the spacing; fee tiers display as feeTier / 10,000 percent', () => {
  const full = fullRangeTicks(60)
  assert.ok(full.tickLower >= MIN_TICK && full.tickLower % 60 === 0 && full.tickLower - 60 < MIN_TICK)
  assert.ok(full.tickUpper <= MAX_TICK && full.tickUpper % 60 === 0 && full.tickUpper + 60 > MAX_TICK)
  assert.ok(isFullRange(full.tickLower, full.tickUpper, 60))
  assert.ok(!isFullRange(-600, 600, 60))
  assert.equal(feeTierPercent(3000), 0.3)
  assert.equal(feeTierPercent(100), 0.01)
  assert.equal(feeTierPercent(DYNAMIC_FEE), 'dynamic')
})

test('behavior: the range bar keeps the range in the middle half and clamps the current price', () => {
  assert.deepEqual(rangeBar(0, -100, 100), { lower: 0.25, upper: 0.75, current: 0.5 })
  assert.equal(rangeBar(10_000, -100, 100).current, 1)
  assert.equal(rangeBar(-10_000, -100, 100).current, 0)
})
