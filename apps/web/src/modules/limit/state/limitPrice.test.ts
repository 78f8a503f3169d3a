import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  deadlineFor,
  deviationBps,
  invert,
  limitWarning,
  marketRatio,
  outputFor,
  presetRatio,
  ratioFromDecimal,
  ratioToDecimal,
} from './limitPrice.ts'

// 2000 USDC (6 decimals) buys 1 WETH (18 decimals): 0.0005 WETH per USDC.
const market = marketRatio(2000_000000n, 10n ** 18n)!

test('behavior: the market price from a quote, shown in human units both ways', () => {
  assert.equal(ratioToDecimal(market, 6, 18), '0.0005')
  assert.equal(ratioToDecimal(invert(market), 18, 6), '2000')
  assert.equal(marketRatio(0n, 1n), null)
})

test('behavior: presets ask 1, 5 and 10 % more output than the market', () => {
  assert.equal(ratioToDecimal(presetRatio(market, 0), 6, 18), '0.0005')
  assert.equal(ratioToDecimal(presetRatio(market, 1), 6, 18), '0.000505')
  assert.equal(ratioToDecimal(presetRatio(market, 5), 6, 18), '0.000525')
  assert.equal(ratioToDecimal(presetRatio(market, 10), 6, 18), '0.00055')
  // inverted, the same preset is a lower price per WETH
  assert.equal(ratioToDecimal(invert(presetRatio(market, 10)), 18, 6, 2), '1818.18')
})

test('behavior: a typed price becomes the order output exactly, rounded up', () => {
  const limit = ratioFromDecimal('0.000525', 6, 18)!
  assert.equal(outputFor(1000_000000n, limit), 525_000000000000000n)
  const odd = ratioFromDecimal('0.3', 0, 0)!
  assert.equal(outputFor(1n, odd), 1n, 'never asks less than the price')
  for (const bad of ['', '0', 'abc', '-1', '1.2.3']) assert.equal(ratioFromDecimal(bad, 6, 18), null, bad)
})

test('behavior: warning with percentage when selling below market; none at or above', () => {
  assert.deepEqual(limitWarning(ratioFromDecimal('0.00049', 6, 18), market), {
    kind: 'worse-than-market',
    percent: 2,
  })
  assert.deepEqual(limitWarning(presetRatio(market, 5), market), { kind: 'none' })
  assert.deepEqual(limitWarning(market, market), { kind: 'none' })
  assert.deepEqual(limitWarning(presetRatio(market, 5), null), { kind: 'market-unavailable' })
  assert.equal(deviationBps(presetRatio(market, 5), market), 500n)
})

test('behavior: expiry choices give the deadline', () => {
  assert.equal(deadlineFor('day', 1000), 1000 + 86_400)
  assert.equal(deadlineFor('year', 0), 365 * 86_400)
})
