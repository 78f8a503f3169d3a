import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatFiat, V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'
import { amountText, changeText, feeTierText, num, percentText, priceText, usdText } from './format.ts'

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

test("behavior: the tokens table's price, change and USD cells: '<$0.01' below a cent, a signed change, '–' when unknown", () => {
  const usd = (value: number) => formatFiat(value, { currency: 'USD', rate: 1, locale: 'en-US' })
  assert.equal(priceText(3212.456, usd), '$3,212.46')
  assert.equal(priceText(0.004, usd), '<$0.01')
  assert.equal(priceText(0, usd), '$0.00')
  assert.equal(priceText(null, usd), '–')
  assert.equal(changeText('1.234', 'en-US'), '+1.23%')
  assert.equal(changeText('-0.5', 'en-US'), '-0.50%')
  assert.equal(changeText('0', 'en-US'), '0.00%')
  assert.equal(changeText(null, 'en-US'), '–')
  assert.equal(usdText('561000000', usd), '$561,000,000.00')
  assert.equal(usdText(null, usd), '–')
  assert.equal(usdText('garbage', usd), '–')
})
