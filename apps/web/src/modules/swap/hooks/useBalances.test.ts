import assert from 'node:assert/strict'
import { test } from 'node:test'
import { QueryClient } from '@tanstack/react-query'
import { balancesQuery, balancesQueryKey, invalidateBalances, isBalancesData } from './useBalances.ts'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test('behavior: the query key is the contract key, account lowercased', () => {
  assert.deepEqual(balancesQueryKey('ethereum', ACCOUNT), ['balances', 'ethereum', ACCOUNT.toLowerCase()])
  assert.deepEqual(balancesQueryKey('base', null), ['balances', 'base', undefined])
  const options = balancesQuery('ethereum', ACCOUNT)
  assert.equal(options.refetchInterval, 4000)
  assert.equal(options.enabled, true)
  assert.equal(balancesQuery('ethereum', null).enabled, false)
  assert.equal(balancesQuery('ethereum', 'not-an-address').enabled, false)
})

test('behavior: an unchanged read keeps the previous object (no re-render every 4 s)', () => {
  const share = balancesQuery('ethereum', ACCOUNT).structuralSharing
  assert.ok(typeof share === 'function')
  const previous = { requested: ['0x1'], balances: new Map([['0x1', 5n]]) }
  assert.equal(share(previous, { requested: ['0x1'], balances: new Map([['0x1', 5n]]) }), previous)
  const changed = { requested: ['0x1'], balances: new Map([['0x1', 6n]]) }
  assert.equal(share(previous, changed), changed)
  const wider = { requested: ['0x1', '0x2'], balances: new Map([['0x1', 5n]]) }
  assert.equal(share(previous, wider), wider)
})

test('behavior: balances restored from the persisted cache ({} for a Map) are not data', () => {
  const restored = JSON.parse(JSON.stringify({ requested: ['0x1'], balances: new Map([['0x1', 1]]) }))
  assert.equal(isBalancesData(restored), false)
  assert.equal(isBalancesData(undefined), false)
  assert.equal(isBalancesData({ requested: [], balances: new Map() }), true)
})

test('behavior: invalidateBalances marks every balance query stale, and nothing else', async () => {
  const client = new QueryClient()
  client.setQueryData(['balances', 'ethereum', ACCOUNT.toLowerCase()], { requested: [], balances: new Map() })
  client.setQueryData(['balances', 'base', ACCOUNT.toLowerCase()], { requested: [], balances: new Map() })
  client.setQueryData(['tokens', 'ethereum'], [])
  await invalidateBalances(client)
  const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated
  assert.equal(state(['balances', 'ethereum', ACCOUNT.toLowerCase()]), true)
  assert.equal(state(['balances', 'base', ACCOUNT.toLowerCase()]), true)
  assert.equal(state(['tokens', 'ethereum']), false)
  client.clear()
})
