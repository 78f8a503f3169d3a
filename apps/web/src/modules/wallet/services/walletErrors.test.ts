import assert from 'node:assert/strict'
import { test } from 'node:test'
import { classifyWalletError, findRevertData, WalletActionError } from './walletErrors.ts'

/** Shapes of viem's errors as they arrive from wagmi actions (names and causes, as viem builds them). */
const viemError = (name: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { name, shortMessage: message, ...extra })

test('error: a wallet rejection is recognised by code 4001 or viem UserRejectedRequestError, however deep', () => {
  const inner = viemError('UserRejectedRequestError', 'User rejected the request.', { code: 4001 })
  const outer = viemError('TransactionExecutionError', 'User rejected the request.', { cause: inner })
  assert.equal(classifyWalletError(outer), 'rejected')
  assert.equal(classifyWalletError({ code: 4001, message: 'denied' }), 'rejected')
  assert.equal(
    classifyWalletError(new Error('MetaMask Tx Signature: User denied transaction signature.')),
    'rejected',
  )
})

test('error: insufficient funds, chain mismatch, timeout, otherwise unknown', () => {
  const funds = viemError('TransactionExecutionError', 'failed', {
    cause: viemError('InsufficientFundsError', 'The total cost exceeds the balance.'),
  })
  assert.equal(classifyWalletError(funds), 'insufficientFunds')
  assert.equal(
    classifyWalletError(new Error('insufficient funds for gas * price + value')),
    'insufficientFunds',
  )
  assert.equal(classifyWalletError(viemError('ConnectorChainMismatchError', 'x')), 'chainMismatch')
  assert.equal(classifyWalletError(viemError('TimeoutError', 'took too long')), 'timeout')
  assert.equal(classifyWalletError(new Error('boom')), 'unknown')
  assert.equal(classifyWalletError(new WalletActionError('timeout', 'x')), 'timeout')
})

test('behavior: revert data is found on a cause (data or data.data), not on an unrelated field', () => {
  const raw = Object.assign(new Error('execution reverted'), { code: 3, data: '0x39d35496' })
  const wrapped = viemError('CallExecutionError', 'Execution reverted', {
    cause: viemError('x', 'y', { cause: raw }),
  })
  assert.equal(findRevertData(wrapped), '0x39d35496')
  assert.equal(findRevertData({ data: { data: '0xdeadbeef' } }), '0xdeadbeef')
  assert.equal(findRevertData(new Error('no data')), undefined)
  assert.equal(findRevertData({ data: 'not hex' }), undefined)
})
