import assert from 'node:assert/strict'
import { test } from 'node:test'
import { V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'
import { amountText, feeTierText, num, percentText } from './format.ts'

test("behavior: fee tiers show as the spec says: feeTier / 10,000 with '%', v2's default tier, dynamic as such", () => {
  assert.equal(feeTierText('V3', 500, 'en-US'), '0.05%')
  assert.equal(feeTierText('V3', 100, 'en-US'), '0.01%')
  assert.equal(feeTierText('V4', 3000, 'en-US'), '0.3%')
  assert.equal(feeTierText('V3', 10_000, 'en-US'), '1%')
  assert.equal(feeTierText('V2', 0, 'en-US'), '0.3%', 'v2 always shows its default tier')
  assert.equal(feeTierText('V4', V4_DYNAMIC_FEE_FLAG, 'en-US'), null)
  assert.equal(feeTierText('V3', 500, 'de-DE'), '0,05%')
})

test('behavior: indexer decimals become numbers; anything else is unknown', () => {
  assert.equal(num('3212.5'), 3212.5)
  assert.equal(num(null), null)
  assert.equal(num('abc'), null)
})

test('behavior: changes carry their sign; amounts drop the pool-side sign', () => {
  assert.equal(percentText(1.234, 'en-US'), '+1.23%')
  assert.equal(percentText(-0.5, 'en-US'), '-0.50%')
  assert.equal(amountText('-1500000', 6, 'en-US'), '1.5')
})
