import assert from 'node:assert/strict'
import { test } from 'node:test'
import { installMemoryStorage } from '../../../../test/memoryStorage.ts'
import {
  addPendingTransaction,
  findTrackedTransaction,
  getPendingTransactions,
  isActive,
  markPendingTransactionCanceled,
  notePendingNonce,
  parsePendingTransactions,
  replacePendingTransaction,
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

const THIRD = `0x${'c'.repeat(64)}` as const
const FOURTH = `0x${'d'.repeat(64)}` as const

test('behavior: a speed-up tracks the new hash (the old one kept as replaced); resolving by the original drops both', () => {
  installMemoryStorage()
  resetPendingTransactionsForTests()
  addPendingTransaction(ACCOUNT, { hash: HASH, chainId: 1, kind: 'send', addedAt: 1 })
  replacePendingTransaction(ACCOUNT, HASH, { hash: OTHER, nonce: 3, kind: 'speedUp' })
  const [tx] = getPendingTransactions(ACCOUNT)
  assert.deepEqual(tx, {
    hash: OTHER,
    chainId: 1,
    kind: 'send',
    addedAt: 1,
    nonce: 3,
    replaced: [HASH],
    spedUp: true,
  })
  assert.equal(findTrackedTransaction(HASH)?.hash, OTHER, 'a wait on the original follows the speed-up')
  // Survives a reload with its history.
  resetPendingTransactionsForTests()
  assert.deepEqual(getPendingTransactions(ACCOUNT), [tx])
  resolvePendingTransaction(ACCOUNT, HASH)
  assert.deepEqual(getPendingTransactions(ACCOUNT), [])
})

test('behavior: pending → canceling → canceled (kept as history, not active); old canceled entries age out', () => {
  const data = installMemoryStorage()
  resetPendingTransactionsForTests()
  addPendingTransaction(ACCOUNT, { hash: HASH, chainId: 1, kind: 'swap', addedAt: 1 })
  notePendingNonce(ACCOUNT, HASH, 9)
  replacePendingTransaction(ACCOUNT, HASH, { hash: THIRD, nonce: 9, kind: 'cancel' })
  assert.equal(getPendingTransactions(ACCOUNT)[0]?.status, 'canceling')
  assert.equal(isActive(getPendingTransactions(ACCOUNT)[0] ?? ({} as never)), true)
  markPendingTransactionCanceled(ACCOUNT, THIRD, 5000)
  const [canceled] = getPendingTransactions(ACCOUNT)
  assert.equal(canceled?.status, 'canceled')
  assert.equal(canceled?.finishedAt, 5000)
  assert.equal(canceled && isActive(canceled), false)
  const raw = data.get(`oxbow.wallet.pending.${ACCOUNT.toLowerCase()}`) ?? null
  assert.equal(parsePendingTransactions(raw, 5000 + 29 * 86_400_000).length, 1)
  assert.equal(parsePendingTransactions(raw, 5000 + 31 * 86_400_000).length, 0, 'a month later it is gone')
})

test('behavior: a cancel and its speed-up are both recorded as cancels; the entry stays canceling', () => {
  installMemoryStorage()
  resetPendingTransactionsForTests()
  const FOURTH = `0x${'d'.repeat(64)}` as const
  addPendingTransaction(ACCOUNT, { hash: HASH, chainId: 1, kind: 'send', addedAt: 1 })
  replacePendingTransaction(ACCOUNT, HASH, { hash: THIRD, nonce: 9, kind: 'cancel' })
  replacePendingTransaction(ACCOUNT, THIRD, { hash: FOURTH, nonce: 9, kind: 'speedUp' })
  const [entry] = getPendingTransactions(ACCOUNT)
  assert.equal(entry?.hash, FOURTH)
  assert.equal(entry?.status, 'canceling')
  assert.deepEqual(entry?.cancelHashes, [THIRD, FOURTH])
  assert.deepEqual(entry?.replaced, [HASH, THIRD])
  // A plain speed-up is not a cancel.
  addPendingTransaction(ACCOUNT, { hash: OTHER, chainId: 1, kind: 'swap', addedAt: 2 })
  replacePendingTransaction(ACCOUNT, OTHER, { hash: `0x${'e'.repeat(64)}`, nonce: 10, kind: 'speedUp' })
  assert.equal(getPendingTransactions(ACCOUNT)[1]?.cancelHashes, undefined)
})

test('behavior: the new fields are validated on read too', () => {
  const valid = {
    hash: HASH,
    chainId: 1,
    kind: 'swap',
    addedAt: 5,
    status: 'canceling',
    nonce: 2,
    replaced: [FOURTH],
  }
  assert.deepEqual(parsePendingTransactions(JSON.stringify([valid])), [valid])
  assert.deepEqual(parsePendingTransactions(JSON.stringify([{ ...valid, status: 'stolen' }])), [])
  assert.deepEqual(parsePendingTransactions(JSON.stringify([{ ...valid, nonce: -1 }])), [])
  assert.deepEqual(parsePendingTransactions(JSON.stringify([{ ...valid, replaced: ['0x1'] }])), [])
})

test('behavior: a reverted transaction stays listed as failed (the indexer has no row for it), across a reload', () => {
  const data = installMemoryStorage()
  resetPendingTransactionsForTests()
  addPendingTransaction(ACCOUNT, { hash: HASH, chainId: 1, kind: 'approve', addedAt: 1 })
  const minedAt = Date.now()
  resolvePendingTransaction(ACCOUNT, HASH, 'reverted', minedAt)
  const [failed] = getPendingTransactions(ACCOUNT)
  assert.equal(failed?.status, 'failed')
  assert.equal(failed?.finishedAt, minedAt)
  assert.equal(failed && isActive(failed), false, 'no longer pending: not counted, not watched')
  resetPendingTransactionsForTests()
  assert.equal(getPendingTransactions(ACCOUNT)[0]?.status, 'failed')
  assert.ok(data.get(`oxbow.wallet.pending.${ACCOUNT.toLowerCase()}`)?.includes('"failed"'))
  // resolving it again (the flow and the reconcile loop both see the receipt) changes nothing
  resolvePendingTransaction(ACCOUNT, HASH, 'success')
  assert.equal(getPendingTransactions(ACCOUNT)[0]?.status, 'failed')
  // aged out like a canceled one
  const stored = data.get(`oxbow.wallet.pending.${ACCOUNT.toLowerCase()}`) ?? null
  assert.equal(parsePendingTransactions(stored, minedAt + 31 * 24 * 60 * 60 * 1000).length, 0)
})

test('behavior: a reverted original mined ahead of its speed-up is the failed record', () => {
  installMemoryStorage()
  resetPendingTransactionsForTests()
  addPendingTransaction(ACCOUNT, { hash: HASH, chainId: 1, kind: 'swap', addedAt: 1 })
  replacePendingTransaction(ACCOUNT, HASH, { hash: OTHER, nonce: 3, kind: 'speedUp' })
  resolvePendingTransaction(ACCOUNT, HASH, 'reverted', 9)
  const [failed] = getPendingTransactions(ACCOUNT)
  assert.equal(failed?.hash, HASH)
  assert.deepEqual(failed?.replaced, [OTHER])
  assert.equal(failed?.status, 'failed')
})
