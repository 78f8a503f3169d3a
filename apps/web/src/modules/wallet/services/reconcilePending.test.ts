import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PendingTransaction } from '../state/pendingTransactions.ts'
import { DROP_AFTER_MS, hashesOf, reconcilePending } from './reconcilePending.ts'

const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const NOW = 1_000_000_000
const sent: PendingTransaction = { hash: h(1), chainId: 1, kind: 'send', addedAt: NOW - 5000, nonce: 4 }
const sped: PendingTransaction = { ...sent, hash: h(2), replaced: [h(1)], spedUp: true }
const canceling: PendingTransaction = { ...sent, hash: h(3), replaced: [h(1)], status: 'canceling' }

test('behavior: the tracked hash is looked for first, then the ones it replaced (newest first)', () => {
  assert.deepEqual(hashesOf({ ...canceling, replaced: [h(1), h(2)] }), [h(3), h(2), h(1)])
  assert.deepEqual(hashesOf(sent), [h(1)])
})

test('behavior: nothing mined and the nonce still free: keep waiting', () => {
  assert.deepEqual(reconcilePending(sent, { confirmedNonce: 4, mined: null }, NOW), { action: 'keep' })
  assert.deepEqual(reconcilePending(canceling, { confirmedNonce: null, mined: null }, NOW), {
    action: 'keep',
  })
})

test('behavior: a mined speed-up (or the original) is confirmed', () => {
  assert.deepEqual(
    reconcilePending(sped, { confirmedNonce: 5, mined: { hash: h(2), status: 'success' } }, NOW),
    {
      action: 'confirmed',
      hash: h(2),
      status: 'success',
    },
  )
  assert.deepEqual(
    reconcilePending(sped, { confirmedNonce: 5, mined: { hash: h(1), status: 'reverted' } }, NOW),
    {
      action: 'confirmed',
      hash: h(1),
      status: 'reverted',
    },
  )
})

test('behavior: a mined cancel makes it canceled; the original mined first makes it confirmed (the cancel dropped)', () => {
  assert.deepEqual(
    reconcilePending(canceling, { confirmedNonce: 5, mined: { hash: h(3), status: 'success' } }, NOW),
    { action: 'canceled', hash: h(3) },
  )
  assert.deepEqual(
    reconcilePending(canceling, { confirmedNonce: 5, mined: { hash: h(1), status: 'success' } }, NOW),
    { action: 'confirmed', hash: h(1), status: 'success' },
  )
})

test('behavior: a sped-up cancel: whichever cancel is mined makes it canceled; the original makes it confirmed', () => {
  const fasterCancel: PendingTransaction = {
    ...sent,
    hash: h(4),
    replaced: [h(1), h(3)],
    status: 'canceling',
    spedUp: true,
    cancelHashes: [h(3), h(4)],
  }
  for (const cancel of [h(4), h(3)]) {
    assert.deepEqual(
      reconcilePending(fasterCancel, { confirmedNonce: 5, mined: { hash: cancel, status: 'success' } }, NOW),
      { action: 'canceled', hash: cancel },
    )
  }
  assert.deepEqual(
    reconcilePending(fasterCancel, { confirmedNonce: 5, mined: { hash: h(1), status: 'success' } }, NOW),
    { action: 'confirmed', hash: h(1), status: 'success' },
  )
})

test('behavior: a nonce used by a transaction the app did not send, or a day unknown, drops it', () => {
  assert.deepEqual(reconcilePending(sped, { confirmedNonce: 5, mined: null }, NOW), { action: 'dropped' })
  const unknownNonce = { ...sent, nonce: undefined }
  assert.deepEqual(reconcilePending(unknownNonce, { confirmedNonce: 9, mined: null }, NOW), {
    action: 'keep',
  })
  assert.deepEqual(
    reconcilePending(unknownNonce, { confirmedNonce: null, mined: null }, sent.addedAt + DROP_AFTER_MS + 1),
    { action: 'dropped' },
  )
})

test('behavior: a canceled entry is history: nothing to reconcile', () => {
  assert.deepEqual(
    reconcilePending({ ...canceling, status: 'canceled' }, { confirmedNonce: 5, mined: null }, NOW),
    { action: 'keep' },
  )
})
