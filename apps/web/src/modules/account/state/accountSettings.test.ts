import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  defaultAccountSettings,
  effectiveHideSmallBalances,
  parseAccountSettings,
} from './accountSettings.ts'

test('error: corrupt stored settings fall back to the defaults, field by field', () => {
  assert.deepEqual(parseAccountSettings(null), defaultAccountSettings)
  assert.deepEqual(parseAccountSettings('{broken'), defaultAccountSettings)
  assert.deepEqual(parseAccountSettings('[1]'), defaultAccountSettings)
  assert.deepEqual(parseAccountSettings('{"hideSmallBalances":"yes","hideSpam":false}'), {
    ...defaultAccountSettings,
    hideSpam: false,
  })
})

test('behavior: hiding small balances is off in testnet mode', () => {
  assert.equal(effectiveHideSmallBalances({ ...defaultAccountSettings, hideSmallBalances: true }), true)
  assert.equal(
    effectiveHideSmallBalances({ ...defaultAccountSettings, hideSmallBalances: true, testnetMode: true }),
    false,
  )
})
