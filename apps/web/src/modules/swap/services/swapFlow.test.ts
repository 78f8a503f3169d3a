import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Hex, TransactionOutcome, WalletErrorKind } from '../../wallet/index.ts'
import { runSwapFlow, type SwapFlowDeps, type SwapFlowRequest, type SwapFlowState } from './swapFlow.ts'
import { transferred, unwrappedBy } from './swapReceipt.ts'
import { type Quote, type SwapParams, type SwapResponse, TradingApiError } from './tradingApi.ts'

const SWAPPER: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = '0x1111111111111111111111111111111111111111'
const DAI = '0x2222222222222222222222222222222222222222'
const ROUTER = '0x3333333333333333333333333333333333333333'
const HASH_A: Hex = `0x${'a'.repeat(64)}`
const HASH_B: Hex = `0x${'b'.repeat(64)}`
const TRANSFER: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const pad = (address: string): Hex => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
type TestLog = { address: Hex; topics: Hex[]; data: Hex }

const quote: Quote = {
  network: 'ethereum',
  chainId: 3133701,
  blockNumber: '100',
  routing: 'CLASSIC',
  tradeType: 'EXACT_INPUT',
  tokenIn: { address: USDC, symbol: 'USDC', decimals: 6 },
  tokenOut: { address: DAI, symbol: 'DAI', decimals: 18 },
  amountIn: '1000000',
  amountOut: '999000000000000000',
  minimumAmountOut: '994000000000000000',
  priceImpactPercent: 0.01,
  slippage: { percent: 0.5, auto: true, veryHigh: false },
  route: [],
  gas: {
    estimate: 150000,
    gasPriceWei: '1000000000',
    costWei: '150000000000000',
    costUsd: 0.5,
    highRelativeToTrade: false,
  },
  tradeValueUsd: 1,
}

const request: SwapFlowRequest = {
  network: 'ethereum',
  tokenIn: USDC,
  tokenOut: DAI,
  amount: 1_000_000n,
  type: 'EXACT_INPUT',
  slippage: 'auto',
  swapper: SWAPPER,
  deadlineMinutes: 30,
  kind: 'swap',
}

const approval = { to: USDC, from: SWAPPER, data: '0x095ea7b3', value: '0', chainId: 3133701 } as const
const ready: SwapResponse = {
  status: 'READY',
  tx: { to: ROUTER, from: SWAPPER, data: '0x3593564c', value: '0', chainId: 3133701, gasLimit: '325000' },
  deadline: 1_800,
  quote,
}
const signatureRequired: SwapResponse = {
  status: 'SIGNATURE_REQUIRED',
  permitData: {
    domain: { name: 'Permit2', chainId: 3133701, verifyingContract: ROUTER },
    types: { PermitSingle: [{ name: 'details', type: 'PermitDetails' }] },
    primaryType: 'PermitSingle',
    message: {
      details: { token: USDC, amount: '1000000', expiration: 99, nonce: 0 },
      spender: ROUTER,
      sigDeadline: '1800',
    },
  },
  quote,
}

/** What the wallet runtime throws (its errors arrive classified). */
const walletError = (kind: WalletErrorKind, message: string) =>
  Object.assign(new Error(message), { name: 'WalletActionError', kind })

const success = (logs: TransactionOutcome['logs'] = []): TransactionOutcome => ({
  status: 'success',
  blockNumber: 101n,
  logs,
})

/** A scripted API and wallet that record what the flow asked for. */
function harness(options: {
  responses: (SwapResponse | Error)[]
  send?: (call: number) => Promise<Hex>
  sign?: () => Promise<Hex>
  wait?: (hash: Hex) => Promise<TransactionOutcome>
  sendCalls?: () => Promise<string>
}) {
  const calls: {
    api: SwapParams[]
    sent: unknown[]
    signed: unknown[]
    submitted: unknown[]
    mined: Hex[]
    bundles: unknown[]
  } = {
    api: [],
    sent: [],
    signed: [],
    submitted: [],
    mined: [],
    bundles: [],
  }
  const wallet: SwapFlowDeps['wallet'] = {
    async sendTransaction(tx) {
      calls.sent.push(tx)
      return options.send ? options.send(calls.sent.length) : calls.sent.length === 1 ? HASH_A : HASH_B
    },
    async signTypedData(data) {
      calls.signed.push(data)
      return options.sign ? options.sign() : '0x5151'
    },
    async waitForTransaction(_chainId, hash) {
      return options.wait ? options.wait(hash) : success()
    },
    async sendCalls(bundle) {
      calls.bundles.push(bundle)
      return options.sendCalls ? options.sendCalls() : HASH_A
    },
    async waitForCalls(_chainId, id) {
      const hash = (id.length === 66 ? id : HASH_B) as Hex
      return { ...(options.wait ? await options.wait(hash) : success()), hash }
    },
  }
  const deps: SwapFlowDeps = {
    async fetchSwap(params) {
      calls.api.push(params)
      const next = options.responses.shift()
      if (!next) throw new Error('no more responses')
      if (next instanceof Error) throw next
      return next
    },
    wallet,
    now: () => 1_000_000,
    onSubmitted: (tx) => calls.submitted.push(tx),
    onMined: (hash) => calls.mined.push(hash),
    promptTimeoutMs: 50,
  }
  const states: SwapFlowState['step'][] = []
  return { calls, deps, states, onState: (state: SwapFlowState) => states.push(state.step) }
}

test('behavior: READY sends the router transaction with the API gas limit and confirms', async () => {
  const h = harness({
    responses: [ready],
    wait: async () =>
      success([
        {
          address: DAI,
          topics: [TRANSFER, pad(ROUTER), pad(SWAPPER)],
          data: `0x${(998n * 10n ** 15n).toString(16)}`,
        },
      ]),
  })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.deepEqual(h.states, ['submitting', 'pending', 'confirmed'])
  assert.equal(final.step, 'confirmed')
  if (final.step !== 'confirmed') return
  assert.equal(final.hash, HASH_A)
  assert.equal(final.amountOut, 998n * 10n ** 15n, 'the received amount comes from the Transfer log')
  assert.equal(final.amountIn, 1_000_000n)
  assert.deepEqual(h.calls.sent, [
    { to: ROUTER, data: '0x3593564c', value: 0n, chainId: 3133701, gas: 325000n },
  ])
  assert.equal(h.calls.api[0]?.deadline, 1_000 + 30 * 60, 'deadline = now + deadlineMinutes')
  assert.equal(h.calls.api[0]?.amount, '1000000')
  assert.deepEqual(h.calls.submitted, [{ hash: HASH_A, chainId: 3133701, kind: 'swap' }])
  assert.deepEqual(h.calls.mined, [HASH_A])
})

test('behavior: approval, then Permit2 signature, then the swap (three API calls, permit passed back)', async () => {
  const h = harness({
    responses: [{ status: 'APPROVAL_REQUIRED', approval, quote }, signatureRequired, ready],
  })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step, 'confirmed')
  assert.deepEqual(h.states, ['approving', 'approving', 'signing', 'submitting', 'pending', 'confirmed'])
  assert.equal(h.calls.api.length, 3)
  assert.equal(h.calls.api[1]?.permit, undefined)
  assert.deepEqual(h.calls.api[2]?.permit, {
    signature: '0x5151',
    message:
      signatureRequired.status === 'SIGNATURE_REQUIRED' ? signatureRequired.permitData.message : undefined,
  })
  const signed = h.calls.signed[0] as { message: { details: { amount: unknown }; sigDeadline: unknown } }
  assert.equal(signed.message.details.amount, 1_000_000n, 'uint fields are signed as bigint')
  assert.equal(signed.message.sigDeadline, 1800n)
  assert.deepEqual(h.calls.sent[0], { to: USDC, data: '0x095ea7b3', value: 0n, chainId: 3133701 })
})

test('error: rejected in the wallet', async () => {
  const rejection = walletError('rejected', 'User rejected the request.')
  const h = harness({ responses: [ready], send: async () => Promise.reject(rejection) })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.deepEqual(final.step === 'failed' && final.reason, 'rejected')
  assert.deepEqual(h.states, ['submitting', 'failed'])
})

test('error: a rejected signature is a rejection, a rejected approval too', async () => {
  const rejected = walletError('rejected', 'no')
  const signing = harness({ responses: [signatureRequired], sign: async () => Promise.reject(rejected) })
  const a = await runSwapFlow(request, signing.deps, signing.onState)
  assert.equal(a.step === 'failed' && a.reason, 'rejected')
  const approving = harness({
    responses: [{ status: 'APPROVAL_REQUIRED', approval, quote }],
    send: async () => Promise.reject(rejected),
  })
  const b = await runSwapFlow(request, approving.deps, approving.onState)
  assert.equal(b.step === 'failed' && b.reason, 'rejected')
})

test('error: approval transaction reverted -> approval failed', async () => {
  const h = harness({
    responses: [{ status: 'APPROVAL_REQUIRED', approval, quote }],
    wait: async () => ({ status: 'reverted', blockNumber: 5n, logs: [] }),
  })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step === 'failed' && final.reason, 'approvalFailed')
  assert.equal(final.step === 'failed' && final.hash, HASH_A)
})

test('error: approval asked again after a mined approval -> approval failed (no loop)', async () => {
  const h = harness({
    responses: [
      { status: 'APPROVAL_REQUIRED', approval, quote },
      { status: 'APPROVAL_REQUIRED', approval, quote },
    ],
  })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step === 'failed' && final.reason, 'approvalFailed')
  assert.equal(h.calls.sent.length, 1)
})

test('error: slippage revert (V3TooLittleReceived), deadline revert, expired permit revert', async () => {
  for (const [revert, reason] of [
    [{ name: 'V3TooLittleReceived', args: [] }, 'slippage'],
    [{ name: 'V2TooMuchRequested', args: [] }, 'slippage'],
    [
      { name: 'ExecutionFailed', args: [0n, '0x'], inner: { name: 'V4TooLittleReceived', args: [] } },
      'slippage',
    ],
    [{ name: 'TransactionDeadlinePassed', args: [] }, 'deadline'],
    [{ name: 'Error', args: ['UniswapV2Router: EXPIRED'] }, 'deadline'],
    [{ name: 'SignatureExpired', args: [1n] }, 'signatureExpired'],
    [{ name: null, args: [] }, 'generic'],
  ] as const) {
    const h = harness({
      responses: [ready],
      wait: async () => ({ status: 'reverted', blockNumber: 5n, logs: [], revertData: '0x12', revert }),
    })
    const final = await runSwapFlow(request, h.deps, h.onState)
    assert.equal(final.step === 'failed' && final.reason, reason, String(revert.name))
    assert.equal(final.step === 'failed' && final.hash, HASH_A)
  }
})

test('error: insufficient funds at send time', async () => {
  const h = harness({
    responses: [ready],
    send: async () => Promise.reject(walletError('insufficientFunds', 'insufficient funds for gas')),
  })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step === 'failed' && final.reason, 'insufficientFunds')
})

test('error: the wallet does not answer in time -> timeout', async () => {
  const h = harness({ responses: [ready], send: () => new Promise<Hex>(() => {}) })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step === 'failed' && final.reason, 'timeout')
})

test('error: no receipt in time -> timeout, hash kept', async () => {
  const h = harness({
    responses: [ready],
    wait: async () => Promise.reject(walletError('timeout', 'no receipt')),
  })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step === 'failed' && final.reason, 'timeout')
  assert.equal(final.step === 'failed' && final.hash, HASH_A)
})

test('error: API refusals map to their cause (deadline passed, expired permit, invalid recipient, anything else generic)', async () => {
  const cases: [TradingApiError, string][] = [
    [
      new TradingApiError('INVALID_INPUT', 'Invalid request body', 400, undefined, [
        { path: 'deadline', message: 'deadline has passed' },
      ]),
      'deadline',
    ],
    [
      new TradingApiError('INVALID_INPUT', 'Invalid Permit2 signature data', 400, undefined, [
        { path: 'permit.message.sigDeadline', message: 'has passed' },
      ]),
      'signatureExpired',
    ],
    [new TradingApiError('NO_QUOTES_FOUND', 'No quotes found', 404), 'noQuotes'],
    [
      new TradingApiError('INVALID_RECIPIENT', 'Invalid recipient', 400, undefined, [
        { path: 'swapper', message: 'the zero address: funds sent there are lost' },
      ]),
      'invalidRecipient',
    ],
    [new TradingApiError('NETWORK_ERROR', 'down', 0), 'generic'],
  ]
  for (const [error, reason] of cases) {
    const h = harness({ responses: [error] })
    const final = await runSwapFlow(request, h.deps, h.onState)
    assert.equal(final.step === 'failed' && final.reason, reason, error.message)
    assert.deepEqual(h.states, ['failed'])
  }
})

test('behavior: transferred() sums an ERC-20 Transfer to or from the account, ignores native and others', () => {
  const logs: TestLog[] = [
    { address: DAI, topics: [TRANSFER, pad(ROUTER), pad(SWAPPER)], data: '0x10' },
    { address: DAI, topics: [TRANSFER, pad(ROUTER), pad(SWAPPER)], data: '0x01' },
    { address: DAI, topics: [TRANSFER, pad(SWAPPER), pad(ROUTER)], data: '0x05' },
    { address: USDC, topics: [TRANSFER, pad(ROUTER), pad(SWAPPER)], data: '0x07' },
  ]
  assert.equal(transferred(logs, DAI, SWAPPER, 'to'), 17n)
  assert.equal(transferred(logs, DAI, SWAPPER, 'from'), 5n)
  assert.equal(transferred(logs, '0x0000000000000000000000000000000000000000', SWAPPER, 'to'), undefined)
  assert.equal(transferred([], DAI, SWAPPER, 'to'), undefined)
})

test('behavior: native output received = what the router unwrapped (WETH Withdrawal logs from the router)', () => {
  const WITHDRAWAL: Hex = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'
  const WETH = '0x4444444444444444444444444444444444444444'
  const logs: TestLog[] = [
    { address: WETH, topics: [WITHDRAWAL, pad(ROUTER)], data: '0x64' },
    { address: WETH, topics: [WITHDRAWAL, pad(SWAPPER)], data: '0x01' },
  ]
  assert.equal(unwrappedBy(logs, ROUTER), 100n)
  assert.equal(unwrappedBy([], ROUTER), undefined)
})

const batchReady: SwapResponse = {
  status: 'READY',
  batch: {
    chainId: 3133701,
    gasLimit: '445000',
    calls: [
      { to: USDC, data: '0x095ea7b3', value: '0' },
      { to: ROUTER, data: '0x3593564c', value: '0' },
    ],
  },
  deadline: 1_800,
  quote,
}

test('behavior: a batch asks the API for one bundle and sends approvals and swap as one wallet_sendCalls, no signature', async () => {
  const h = harness({ responses: [batchReady] })
  const final = await runSwapFlow({ ...request, batch: true }, h.deps, h.onState)
  assert.equal(final.step, 'confirmed', final.step === 'failed' ? final.detail : '')
  assert.equal(h.calls.api.length, 1)
  assert.equal(h.calls.api[0]?.batch, true)
  assert.deepEqual(h.calls.bundles, [
    {
      chainId: 3133701,
      calls: [
        { to: USDC, data: '0x095ea7b3', value: 0n },
        { to: ROUTER, data: '0x3593564c', value: 0n },
      ],
    },
  ])
  assert.deepEqual(h.calls.sent, [], 'no separate transaction')
  assert.deepEqual(h.calls.signed, [], 'no Permit2 signature')
  assert.deepEqual(h.states, ['submitting', 'pending', 'confirmed'])
  assert.deepEqual(h.calls.submitted, [{ hash: HASH_A, chainId: 3133701, kind: 'swap' }])
  assert.deepEqual(h.calls.mined, [HASH_A])
})

test('behavior: a wallet with an opaque bundle id shows the transaction once the bundle lands', async () => {
  const h = harness({ responses: [batchReady], sendCalls: async () => 'bundle-1' })
  const final = await runSwapFlow({ ...request, batch: true }, h.deps, h.onState)
  assert.equal(final.step === 'confirmed' && final.hash, HASH_B)
  assert.deepEqual(h.calls.submitted, [{ hash: HASH_B, chainId: 3133701, kind: 'swap' }])
})

test('error: a rejected batch is a rejection; a reverted batch fails with its hash', async () => {
  const rejected = harness({
    responses: [batchReady],
    sendCalls: async () => Promise.reject(walletError('rejected', 'no')),
  })
  const a = await runSwapFlow({ ...request, batch: true }, rejected.deps, rejected.onState)
  assert.equal(a.step === 'failed' && a.reason, 'rejected')
  const reverted = harness({
    responses: [batchReady],
    wait: async () => ({ status: 'reverted', blockNumber: 101n, logs: [] }),
  })
  const b = await runSwapFlow({ ...request, batch: true }, reverted.deps, reverted.onState)
  assert.equal(b.step, 'failed')
  assert.equal(b.step === 'failed' && b.hash, HASH_A)
})

test('error: READY without a transaction (a batch answer to a non-batch request) fails cleanly', async () => {
  const h = harness({ responses: [batchReady] })
  const final = await runSwapFlow(request, h.deps, h.onState)
  assert.equal(final.step, 'failed')
  assert.deepEqual(h.calls.sent, [])
})

test('behavior: the permit gate (permitAsTransaction): token approve, then Permit2 approve as a second transaction, no signature', async () => {
  const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
  const permit2Approval = { ...approval, to: PERMIT2, data: '0x87517c45' } as const
  const h = harness({
    responses: [
      { status: 'APPROVAL_REQUIRED', approval, quote },
      { status: 'APPROVAL_REQUIRED', approval: permit2Approval, quote },
      ready,
    ],
    send: async (call) => `0x${String(call).repeat(64)}` as Hex,
  })
  const seen: SwapFlowState[] = []
  const final = await runSwapFlow({ ...request, permitAsTransaction: true }, h.deps, (state) => {
    seen.push(state)
  })
  assert.equal(final.step, 'confirmed')
  assert.equal(h.calls.signed.length, 0, 'no permit signature')
  assert.deepEqual(
    seen.filter((state) => state.step === 'approving').map((state) => state.permit2 === true),
    [false, false, true, true],
    "the token's approval, then the Permit2 allowance (a step of its own)",
  )
  assert.deepEqual(
    h.calls.api.map((params) => params.permitAsTransaction),
    [true, true, true],
  )
  assert.deepEqual(
    h.calls.sent.map((tx) => (tx as { to: string }).to),
    [USDC, PERMIT2, ROUTER],
  )
  // Without the gate the field is not sent; a batch never carries it.
  const plain = harness({ responses: [ready] })
  await runSwapFlow(request, plain.deps, plain.onState)
  assert.equal(plain.calls.api[0]?.permitAsTransaction, undefined)
  const batched = harness({ responses: [ready] })
  await runSwapFlow({ ...request, batch: true, permitAsTransaction: true }, batched.deps, batched.onState)
  assert.equal(batched.calls.api[0]?.permitAsTransaction, undefined)
})
