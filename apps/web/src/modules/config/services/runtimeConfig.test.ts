import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  defaultRuntimeConfig,
  isPathBlocked,
  parseBlockedPaths,
  parseRuntimeConfig,
} from './runtimeConfig.ts'

test('behavior: a valid config is taken; invalid or missing falls back to the defaults', () => {
  const config = { ...defaultRuntimeConfig, apiUrl: 'http://127.0.0.1:9999' }
  assert.deepEqual(parseRuntimeConfig(JSON.stringify(config)), config)
  assert.deepEqual(
    parseRuntimeConfig(JSON.stringify({ ...config, apiUrl: 'not a url' })),
    defaultRuntimeConfig,
  )
  assert.deepEqual(parseRuntimeConfig('{'), defaultRuntimeConfig)
  assert.deepEqual(parseRuntimeConfig(''), defaultRuntimeConfig)
})

test('behavior: blocked paths match exactly or by prefix segment; /swap is never blocked', () => {
  const blocked = parseBlockedPaths(' /explore, nope ,/positions/,/swap')
  assert.deepEqual(blocked, ['/explore', '/positions/', '/swap'])
  assert.equal(isPathBlocked('/explore', blocked), true)
  assert.equal(isPathBlocked('/explore/pools', blocked), true)
  assert.equal(isPathBlocked('/explorer', blocked), false)
  assert.equal(isPathBlocked('/positions/create', blocked), true)
  assert.equal(isPathBlocked('/swap', blocked), false)
})
