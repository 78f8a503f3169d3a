import assert from 'node:assert/strict'
import { test } from 'node:test'
import { orderTypedData } from '../../../lib/orderTypedData.ts'
import type { Hex, TransactionOutcome, TypedDataRequest } from '../../wallet/index.ts'
import type { LimitOrder, PreparedOrder } from './ordersApi.ts'
import { type PlaceOrderDeps, type PlaceOrderState, placeOrder } from './placeOrder.ts'

const SWAPPER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const REACTOR = '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

const terms = {
  chainId: 1,
  permit2: PERMIT2,
  swapper: SWAPPER,
  inputToken: USDC,
  inputAmount: 2_000_000_000n,
  outputToken: WETH,
  outputAmount: 650_000_000_000_000_000n,
  deadline: 1_900_000_000,
}

/** What POST /v1/orders/prepare answers for `terms` (the SDK's Permit2 witness, amounts as strings). */
function prepared(overrides: { outputAmount?: string; recipient?: string } = {}): PreparedOrder {
  const output = {
    token: WETH,
    startAmount: overrides.outputAmount ?? terms.outputAmount.toString(),
    endAmount: overrides.outputAmount ?? terms.outputAmount.toString(),
    recipient: overrides.recipient ?? SWAPPER,
  }
  return {
    orderHash: '0x01',
    encodedOrder: '0xabcd',
    typedData: {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
      types: {
        PermitWitnessTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
          { name: 'witness', type: 'ExclusiveDutchOrder' },
        ],
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
        ExclusiveDutchOrder: [
          { name: 'info', type: 'OrderInfo' },
          { name: 'decayStartTime', type: 'uint256' },
          { name: 'outputs', type: 'DutchOutput[]' },
        ],
        OrderInfo: [
          { name: 'reactor', type: 'address' },
          { name: 'swapper', type: 'address' },
          { name: 'deadline', type: 'uint256' },
        ],
        DutchOutput: [
          { name: 'token', type: 'address' },
          { name: 'startAmount', type: 'uint256' },
          { name: 'endAmount', type: 'uint256' },
          { name: 'recipient', type: 'address' },
        ],
      },
      primaryType: 'PermitWitnessTransferFrom',
      message: {
        permitted: { token: USDC, amount: terms.inputAmount.toString() },
        spender: REACTOR,
        nonce: '77',
        deadline: String(terms.deadline),
        witness: {
          info: { reactor: REACTOR, swapper: SWAPPER, deadline: String(terms.deadline) },
          decayStartTime: String(terms.deadline),
          outputs: [output],
        },
      },
    },
  }
}

const ok: TransactionOutcome = { status: 'success', blockNumber: 1n, logs: [] }
const stored = { orderHash: '0x01' } as unknown as LimitOrder

function deps(overrides: Partial<PlaceOrderDeps> & { approval?: boolean } = {}) {
  const calls: string[] = []
  const d: PlaceOrderDeps = {
    fetchApproval: async () => ({
      approval: overrides.approval
        ? { to: USDC as Hex, data: '0x095ea7b3' as Hex, value: '0', chainId: 1 }
        : null,
    }),
    prepare: async () => {
      calls.push('prepare')
      return prepared()
    },
    submit: async (body) => {
      calls.push(`submit ${body.signature}`)
      return { order: stored, openOrders: 1 }
    },
    wallet: {
      sendTransaction: async () => {
        calls.push('approve')
        return `0x${'a'.repeat(64)}` as Hex
      },
      waitForTransaction: async () => ok,
      signTypedData: async (request: TypedDataRequest) => {
        calls.push(`sign ${typeof (request.message as { nonce: unknown }).nonce}`)
        return '0x5151' as Hex
      },
    },
    ...overrides,
  }
  return { d, calls }
}

test('orderTypedData: uint fields become bigint for the wallet; terms that differ are refused', () => {
  const data = orderTypedData(prepared(), terms)
  const message = data.message as { nonce: bigint; witness: { outputs: { startAmount: bigint }[] } }
  assert.equal(message.nonce, 77n)
  assert.equal(message.witness.outputs[0]?.startAmount, terms.outputAmount)
  assert.throws(() => orderTypedData(prepared({ outputAmount: '1' }), terms), /output amount/)
  assert.throws(() => orderTypedData(prepared({ recipient: REACTOR }), terms), /recipient/)
  assert.throws(() => orderTypedData(prepared(), { ...terms, chainId: 8453 }), /chain/)
})

test('placeOrder: approval when needed, then prepare, sign, submit', async () => {
  const { d, calls } = deps({ approval: true })
  const states: PlaceOrderState['step'][] = []
  const final = await placeOrder(terms, d, (s) => states.push(s.step))
  assert.equal(final.step, 'placed')
  assert.deepEqual(calls, ['approve', 'prepare', 'sign bigint', 'submit 0x5151'])
  assert.deepEqual(states, ['approving', 'approving', 'signing', 'submitting', 'placed'])
})

test('placeOrder: no approval step when Permit2 may already spend the token', async () => {
  const { d, calls } = deps()
  assert.equal((await placeOrder(terms, d, () => undefined)).step, 'placed')
  assert.deepEqual(calls, ['prepare', 'sign bigint', 'submit 0x5151'])
})

test('placeOrder: a rejected signature, the 101st order and a tampered order fail with their reason', async () => {
  const rejected = deps()
  const r = await placeOrder(
    terms,
    {
      ...rejected.d,
      wallet: {
        ...rejected.d.wallet,
        signTypedData: async () => {
          throw Object.assign(new Error('User rejected the request.'), {
            name: 'WalletActionError',
            kind: 'rejected',
          })
        },
      },
    },
    () => undefined,
  )
  assert.equal(r.step === 'failed' && r.reason, 'rejected')

  const full = deps({
    submit: async () => {
      throw Object.assign(new Error('At most 100 open limit orders'), { code: 'TOO_MANY_OPEN_ORDERS' })
    },
  })
  const f = await placeOrder(terms, full.d, () => undefined)
  assert.equal(f.step === 'failed' && f.reason, 'tooManyOpenOrders')

  const tampered = deps({ prepare: async () => prepared({ outputAmount: '1' }) })
  const t = await placeOrder(terms, tampered.d, () => undefined)
  assert.equal(t.step === 'failed' && t.reason, 'generic')
  assert.ok(!tampered.calls.some((c) => c.startsWith('sign')), 'nothing signed')
})
