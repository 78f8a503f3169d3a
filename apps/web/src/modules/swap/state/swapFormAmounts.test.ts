import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  acceptKeystroke,
  DEFAULT_NATIVE_RESERVE,
  exchangeRate,
  formatDependentAmount,
  maxSpendable,
  nativeGasReserve,
  parseTypedAmount,
  toUsd,
  truncateDecimals,
} from './swapFormAmounts.ts'

test('behavior: keystrokes keep decimal numbers in progress, limited to the token decimals', () => {
  assert.equal(acceptKeystroke('1.', 6), '1.')
  assert.equal(acceptKeystroke('1,5', 6), '1.5')
  assert.equal(acceptKeystroke('0.1234567', 6), null)
  assert.equal(acceptKeystroke('1.2.3', 6), null)
  assert.equal(acceptKeystroke('abc', 6), null)
  assert.equal(acceptKeystroke('', 6), '')
  assert.equal(acceptKeystroke('1.5', 0), null)
})

test('behavior: typed amounts in base units; empty and invalid are null; too many decimals are cut', () => {
  assert.equal(parseTypedAmount('1.5', 6), 1_500_000n)
  assert.equal(parseTypedAmount('.5', 18), 5n * 10n ** 17n)
  assert.equal(parseTypedAmount('0', 18), 0n)
  assert.equal(parseTypedAmount('', 18), null)
  assert.equal(parseTypedAmount('.', 18), null)
  assert.equal(parseTypedAmount('1.23456789', 6), 1_234_567n)
  assert.equal(truncateDecimals('1.23456789', 2), '1.23')
  assert.equal(truncateDecimals('1.5', 0), '1')
  assert.equal(truncateDecimals('15', 2), '15')
})

test('behavior: the dependent amount is exact digits cut to 8 significant digits (editable, never rounded up)', () => {
  assert.equal(formatDependentAmount(1_999_999_999n, 6), '1999.9999')
  assert.equal(formatDependentAmount(123_456_789_123_456_789n, 18), '0.12345678')
  assert.equal(formatDependentAmount(1_234n, 18), '0.000000000000001234')
  assert.equal(formatDependentAmount(5n * 10n ** 18n, 18), '5')
  assert.equal(formatDependentAmount(123_456_789_000n, 0), '123456789000')
  assert.equal(formatDependentAmount(0n, 18), '0')
})

test('behavior: Max keeps the network cost back on the native currency only', () => {
  const reserve = nativeGasReserve({ estimate: 100_000, gasPriceWei: '1000000000' })
  assert.equal(reserve, 250_000n * 1_000_000_000n * 2n)
  assert.equal(nativeGasReserve(undefined), DEFAULT_NATIVE_RESERVE)
  assert.equal(maxSpendable(10n ** 18n, true, reserve), 10n ** 18n - reserve)
  assert.equal(maxSpendable(10n ** 18n, false, reserve), 10n ** 18n)
  assert.equal(maxSpendable(5n, true, reserve), 0n)
})

test('behavior: fiat value and rate for display', () => {
  assert.equal(toUsd(1_500_000n, 6, 2), 3)
  assert.equal(toUsd(1n, 6, 0), undefined)
  assert.equal(toUsd(1n, 6, undefined), undefined)
  assert.equal(exchangeRate(10n ** 18n, 18, 3_000_000_000n, 6), 3000)
  assert.equal(exchangeRate(0n, 18, 1n, 6), undefined)
})
