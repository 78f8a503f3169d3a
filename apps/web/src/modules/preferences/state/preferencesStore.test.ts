import assert from 'node:assert/strict'
import { test } from 'node:test'
import { defaultPreferences, parsePreferences } from './preferencesStore.ts'

test('error: corrupt stored preferences fall back to the defaults, field by field', () => {
  assert.deepEqual(parsePreferences(null), defaultPreferences)
  assert.deepEqual(parsePreferences('{broken'), defaultPreferences)
  assert.deepEqual(parsePreferences('[1]'), defaultPreferences)
  assert.deepEqual(parsePreferences('"dark"'), defaultPreferences)
  assert.deepEqual(parsePreferences('null'), defaultPreferences)
  assert.deepEqual(
    parsePreferences(
      '{"theme":"purple","currency":"eur","hideSmallBalances":"yes","hideSpam":false,"locale":7}',
    ),
    { ...defaultPreferences, hideSpam: false },
  )
  assert.deepEqual(
    parsePreferences('{"theme":"dark","currency":"EUR","testnetMode":true,"analytics":false}'),
    {
      ...defaultPreferences,
      theme: 'dark',
      currency: 'EUR',
      testnetMode: true,
      analytics: false,
    },
  )
})
