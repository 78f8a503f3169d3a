import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  addPendingTransaction,
  markPendingTransactionCanceled,
  replacePendingTransaction,
  resolvePendingTransaction,
} from './pendingTransactions.ts'
import { dismissTransactionToast, getTransactionToasts, upsertToast } from './transactionToasts.ts'

const account = '0x00000000000000000000000000000000000000aa'
const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`
const shape = () => getTransactionToasts().map((t) => [t.id, t.hash, t.kind, t.status])

test('behavior: a sent transaction toasts pending, its outcome replaces that toast (same id), newest first', () => {
  addPendingTransaction(account, { hash: h(1), chainId: 1, kind: 'swap', addedAt: 1 })
  addPendingTransaction(account, { hash: h(2), chainId: 1, kind: 'send', addedAt: 2 })
  assert.deepEqual(shape(), [
    [h(2), h(2), 'send', 'pending'],
    [h(1), h(1), 'swap', 'pending'],
  ])
  // a speed-up links the pending toast to the new hash; the mined speed-up is the outcome
  replacePendingTransaction(account, h(1), { hash: h(3), nonce: 0, kind: 'speedUp' })
  assert.deepEqual(shape()[1], [h(1), h(3), 'swap', 'pending'])
  resolvePendingTransaction(account, h(3), 'success')
  assert.deepEqual(shape(), [
    [h(1), h(3), 'swap', 'success'],
    [h(2), h(2), 'send', 'pending'],
  ])
  resolvePendingTransaction(account, h(2), 'reverted')
  assert.deepEqual(shape()[0], [h(2), h(2), 'send', 'failed'])
  // resolving again (the watcher after the flow) toasts nothing new; a dropped one toasts nothing
  const before = getTransactionToasts()
  resolvePendingTransaction(account, h(2), 'success')
  assert.equal(getTransactionToasts(), before)
  addPendingTransaction(account, { hash: h(4), chainId: 1, kind: 'approve', addedAt: 3 })
  resolvePendingTransaction(account, h(4))
  assert.deepEqual(shape()[0], [h(4), h(4), 'approve', 'pending'])
  dismissTransactionToast(h(4))
  dismissTransactionToast(h(1))
  dismissTransactionToast(h(2))
  assert.deepEqual(shape(), [])
})

test('behavior: a mined cancel toasts Canceled under the original id', () => {
  addPendingTransaction(account, { hash: h(10), chainId: 1, kind: 'wrap', addedAt: 1 })
  replacePendingTransaction(account, h(10), { hash: h(11), nonce: 5, kind: 'cancel' })
  markPendingTransactionCanceled(account, h(11), 100)
  assert.deepEqual(shape()[0], [h(10), h(11), 'wrap', 'canceled'])
})

test('behavior: the toast list keeps the newest 10', () => {
  let list: ReturnType<typeof getTransactionToasts> = []
  for (let i = 0; i < 12; i++)
    list = upsertToast(list, { id: h(i), hash: h(i), chainId: 1, kind: 'swap', status: 'pending', at: i })
  assert.equal(list.length, 10)
  assert.equal(list[0]?.id, h(11))
})
