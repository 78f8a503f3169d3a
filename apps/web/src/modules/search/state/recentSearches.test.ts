import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MAX_RECENT_SEARCHES, parseRecentSearches } from './recentSearches.ts'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

test('security: recent searches from storage are validated entry by entry', () => {
  const good = { kind: 'token', network: 'ethereum', id: USDC, title: 'USDC', subtitle: 'USD Coin' }
  const list = parseRecentSearches(
    JSON.stringify([
      good,
      { ...good, kind: 'wallet' },
      { ...good, id: 'javascript:alert(1)' },
      { ...good, network: '../../x' },
      { ...good, title: '' },
      'junk',
    ]),
  )
  assert.deepEqual(list, [good])
  assert.deepEqual(parseRecentSearches('{not json'), [])
  assert.deepEqual(parseRecentSearches(JSON.stringify({ a: 1 })), [])
  assert.deepEqual(parseRecentSearches(null), [])
  assert.equal(parseRecentSearches(JSON.stringify(Array(20).fill(good))).length, MAX_RECENT_SEARCHES)
})
