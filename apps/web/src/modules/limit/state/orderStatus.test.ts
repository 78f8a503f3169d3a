import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LimitOrder } from '../services/ordersApi.ts'
import { isCancellable, shownStatus } from './orderStatus.ts'

const order = (orderStatus: LimitOrder['orderStatus'], deadline = 2_000): LimitOrder => ({
  orderHash: '0x01',
  chainId: 1,
  swapper: '0x0000000000000000000000000000000000000001',
  reactor: '0x0000000000000000000000000000000000000002',
  nonce: '1',
  deadline,
  input: { token: '0x0000000000000000000000000000000000000003', amount: '1' },
  output: { token: '0x0000000000000000000000000000000000000004', amount: '1' },
  orderStatus,
  txHash: null,
  createdAt: '',
  updatedAt: '',
})

test("shownStatus: the service's status, overlaid by this app's cancel while the order is open", () => {
  assert.equal(shownStatus(order('opened'), undefined, 1_000), 'opened')
  assert.equal(shownStatus(order('opened'), 'signing', 1_000), 'pendingCancellation')
  assert.equal(shownStatus(order('opened'), 'submitted', 1_000), 'cancellationSubmitted')
  assert.equal(shownStatus(order('opened'), 'successful', 1_000), 'cancellationSuccessful')
  assert.equal(shownStatus(order('canceled'), 'successful', 1_000), 'canceled')
  assert.equal(shownStatus(order('executed'), 'signing', 1_000), 'executed')
  assert.equal(shownStatus(order('opened', 900), undefined, 1_000), 'expired')
})

test('isCancellable: only open orders; one pending cancellation cannot be selected', () => {
  assert.equal(isCancellable('opened'), true)
  for (const status of ['pendingCancellation', 'cancellationSubmitted', 'executed', 'canceled'] as const)
    assert.equal(isCancellable(status), false)
})
