import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PendingTransaction } from '../../wallet/index.ts'
import {
  dismissTransactionToast,
  getTransactionToasts,
  pushTransactionToast,
  retargetTransactionToast,
  upsertToast,
} from './transactionToasts.ts'

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`
const shape = () => getTransactionToasts().map((t) => [t.id, t.hash, t.kind, t.status])
const tx = (hash: `0x${string}`, extra: Partial<PendingTransaction> = {}): PendingTransaction => ({
  hash,
  chainId: 1,
  kind: 'swap',
  addedAt: 1,
  ...extra,
})

test('behavior: one toast per transaction (its original hash), newest first; the outcome replaces the pending toast', () => {
  pushTransactionToast(tx(h(1)), 'pending')
  pushTransactionToast(tx(h(2), { kind: 'send' }), 'pending')
  assert.deepEqual(shape(), [
    [h(2), h(2), 'send', 'pending'],
    [h(1), h(1), 'swap', 'pending'],
  ])
  // a speed-up links the pending toast to the new hash; the sped-up entry keeps the original as id
  retargetTransactionToast(tx(h(1)), h(3))
  assert.deepEqual(shape()[1], [h(1), h(3), 'swap', 'pending'])
  pushTransactionToast(tx(h(3), { replaced: [h(1)] }), 'success')
  assert.deepEqual(shape(), [
    [h(1), h(3), 'swap', 'success'],
    [h(2), h(2), 'send', 'pending'],
  ])
  // an outcome is not retargeted
  retargetTransactionToast(tx(h(1)), h(9))
  assert.deepEqual(shape()[0], [h(1), h(3), 'swap', 'success'])
  dismissTransactionToast(h(1))
  dismissTransactionToast(h(2))
  assert.deepEqual(shape(), [])
})

test('behavior: the toast list keeps the newest 10', () => {
  let list: ReturnType<typeof getTransactionToasts> = []
  for (let i = 0; i < 12; i++)
    list = upsertToast(list, { id: h(i), hash: h(i), chainId: 1, kind: 'swap', status: 'pending', at: i })
  assert.equal(list.length, 10)
  assert.equal(list[0]?.id, h(11))
})
