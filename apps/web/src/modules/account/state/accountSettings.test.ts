import assert from 'node:assert/strict'
import { test } from 'node:test'
import { defaultPreferences } from '../../preferences/index.ts'
import { effectiveHideSmallBalances } from './accountSettings.ts'

test('behavior: hiding small balances is off in testnet mode', () => {
  assert.equal(effectiveHideSmallBalances({ ...defaultPreferences, hideSmallBalances: true }), true)
  assert.equal(
    effectiveHideSmallBalances({ ...defaultPreferences, hideSmallBalances: true, testnetMode: true }),
    false,
  )
})
