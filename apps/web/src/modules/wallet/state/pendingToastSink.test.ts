import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  addPendingTransaction,
  markPendingTransactionCanceled,
  replacePendingTransaction,
  resolvePendingTransaction,
  setPendingToastSink,
} from './pendingTransactions.ts'

const account = '0x00000000000000000000000000000000000000aa'
const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`

test('behavior: the pending list tells the toasts: sent, mined (with the receipt status), sped up, canceled; once each', () => {
  const told: unknown[][] = []
  setPendingToastSink({
    show: (tx, status, hash) => told.push(['show', tx.replaced?.[0] ?? tx.hash, status, hash ?? tx.hash]),
    retarget: (tx, hash) => told.push(['retarget', tx.replaced?.[0] ?? tx.hash, hash]),
  })
  addPendingTransaction(account, { hash: h(1), chainId: 1, kind: 'swap', addedAt: 1 })
  addPendingTransaction(account, { hash: h(1), chainId: 1, kind: 'swap', addedAt: 1 })
  replacePendingTransaction(account, h(1), { hash: h(2), nonce: 0, kind: 'speedUp' })
  resolvePendingTransaction(account, h(2), 'success')
  resolvePendingTransaction(account, h(2), 'success')
  addPendingTransaction(account, { hash: h(3), chainId: 1, kind: 'send', addedAt: 2 })
  resolvePendingTransaction(account, h(3), 'reverted')
  addPendingTransaction(account, { hash: h(4), chainId: 1, kind: 'approve', addedAt: 3 })
  resolvePendingTransaction(account, h(4))
  addPendingTransaction(account, { hash: h(5), chainId: 1, kind: 'wrap', addedAt: 4 })
  replacePendingTransaction(account, h(5), { hash: h(6), nonce: 1, kind: 'cancel' })
  markPendingTransactionCanceled(account, h(6), 100)
  assert.deepEqual(told, [
    ['show', h(1), 'pending', h(1)],
    ['retarget', h(1), h(2)],
    ['show', h(1), 'success', h(2)],
    ['show', h(3), 'pending', h(3)],
    ['show', h(3), 'failed', h(3)],
    ['show', h(4), 'pending', h(4)],
    ['show', h(5), 'pending', h(5)],
    ['retarget', h(5), h(6)],
    ['show', h(5), 'canceled', h(6)],
  ])
})
