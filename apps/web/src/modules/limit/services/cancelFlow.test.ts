import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Hex, TransactionOutcome } from '../../wallet/index.ts'
import { type CancelFlowState, cancelCalls, runCancel } from './cancelFlow.ts'

const PERMIT2: Hex = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const ok: TransactionOutcome = { status: 'success', blockNumber: 1n, logs: [] }

test('cancelCalls: one invalidateUnorderedNonces call per 256-nonce word, each masking its nonces', () => {
  const [first, second, ...rest] = cancelCalls([1n, 3n, 256n])
  assert.equal(rest.length, 0)
  assert.equal(first, `0x3ff9dcb1${'0'.repeat(64)}${0b1010n.toString(16).padStart(64, '0')}`)
  assert.equal(second, `0x3ff9dcb1${1n.toString(16).padStart(64, '0')}${1n.toString(16).padStart(64, '0')}`)
})

test('runCancel: pending signature, then confirmation of the first hash, then cancelled', async () => {
  const states: CancelFlowState[] = []
  const sent: Hex[] = []
  const final = await runCancel(
    { chainId: 1, permit2: PERMIT2, nonces: [1n, 300n] },
    {
      sendTransaction: async (request) => {
        assert.equal(request.to, PERMIT2)
        sent.push(request.data)
        return `0x${String(sent.length).padStart(64, '0')}` as Hex
      },
      waitForTransaction: async (_chainId, hash) => {
        assert.equal(hash, `0x${'1'.padStart(64, '0')}`, 'waits on the first returned hash')
        return ok
      },
    },
    (state) => states.push(state),
  )
  assert.equal(sent.length, 2)
  assert.deepEqual(
    states.map((s) => s.step),
    ['pendingSignature', 'pendingConfirmation', 'cancelled'],
  )
  assert.equal(final.step, 'cancelled')
})

test('runCancel: no transaction returned goes back to reviewing', async () => {
  const states: string[] = []
  const final = await runCancel(
    { chainId: 1, permit2: PERMIT2, nonces: [5n] },
    {
      sendTransaction: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
      waitForTransaction: async () => ok,
    },
    (state) => states.push(state.step),
  )
  assert.deepEqual(states, ['pendingSignature', 'reviewing'])
  assert.equal(final.step, 'reviewing')
})

test('runCancel: a reverted cancel goes back to reviewing', async () => {
  const final = await runCancel(
    { chainId: 1, permit2: PERMIT2, nonces: [5n] },
    {
      sendTransaction: async () => `0x${'a'.repeat(64)}` as Hex,
      waitForTransaction: async () => ({ ...ok, status: 'reverted' }),
    },
    () => undefined,
  )
  assert.equal(final.step, 'reviewing')
})
