import assert from 'node:assert/strict'
import { test } from 'node:test'
import { installMemoryStorage } from '../../../../test/memoryStorage.ts'
import {
  addPendingTransaction,
  getPendingTransactions,
  parsePendingTransactions,
  resetPendingTransactionsForTests,
  resolvePendingTransaction,
} from './pendingTransactions.ts'

const HASH = `0x${'a'.repeat(64)}` as const
const OTHER = `0x${'b'.repeat(64)}` as const
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

test('behavior: persisted per account, validated on read (malformed entries or JSON dropped)', () => {
  const valid = { hash: HASH, chainId: 1, kind: 'swap', addedAt: 5 }
  assert.deepEqual(parsePendingTransactions(JSON.stringify([valid])), [valid])
  assert.deepEqual(parsePendingTransactions('{not json'), [])
  assert.deepEqual(parsePendingTransactions(JSON.stringify([{ ...valid, hash: '0x12' }])), [])
  assert.deepEqual(parsePendingTransactions(JSON.stringify([{ ...valid, kind: 'steal' }])), [])
  assert.deepEqual(parsePendingTransactions(JSON.stringify({ hash: HASH })), [])
  assert.deepEqual(parsePendingTransactions(null), [])
})

test('behavior: add, survive a reload, resolve', () => {
  const data = installMemoryStorage()
  resetPendingTransactionsForTests()
  addPendingTransaction(ACCOUNT, { hash: HASH, chainId: 1, kind: 'swap', addedAt: 1 })
  addPendingTransaction(ACCOUNT.toLowerCase(), { hash: OTHER, chainId: 1, kind: 'approve', addedAt: 2 })
  assert.equal(getPendingTransactions(ACCOUNT).length, 2)
  assert.ok(data.get(`oxbow.wallet.pending.${ACCOUNT.toLowerCase()}`))
  // A reload: memory is gone, storage is not.
  resetPendingTransactionsForTests()
  assert.deepEqual(
    getPendingTransactions(ACCOUNT).map((tx) => tx.hash),
    [HASH, OTHER],
  )
  resolvePendingTransaction(ACCOUNT, HASH.toUpperCase().replace('0X', '0x'))
  assert.deepEqual(
    getPendingTransactions(ACCOUNT).map((tx) => tx.hash),
    [OTHER],
  )
  resolvePendingTransaction(ACCOUNT, OTHER)
  assert.equal(data.has(`oxbow.wallet.pending.${ACCOUNT.toLowerCase()}`), false, 'an empty list is removed')
})
