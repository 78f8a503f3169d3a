import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isTestMode } from './testMode.ts'

const production = 'app.oxbow.exchange'

test('test mode: on with ?testMode off production, never on the production hostname', () => {
  assert.equal(isTestMode(production, { hostname: 'localhost', search: '?testMode' }), true)
  assert.equal(isTestMode(production, { hostname: 'localhost', search: '?testMode=1' }), true)
  assert.equal(isTestMode(production, { hostname: 'localhost', search: '?testMode=0' }), false)
  assert.equal(isTestMode(production, { hostname: 'localhost', search: '?testMode=false' }), false)
  assert.equal(isTestMode(production, { hostname: production, search: '?testMode=1' }), false)
  assert.equal(isTestMode(production, { hostname: 'localhost', search: '' }), false)
})
