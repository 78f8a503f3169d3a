import assert from 'node:assert/strict'
import { test } from 'node:test'
import { deriveSwapButton, type SwapButtonInput } from './swapFormButton.ts'

const ETH = { symbol: 'ETH', native: true }
const USDC = { symbol: 'USDC', native: false }
const quote = { routing: 'CLASSIC' as const, amountIn: '1000000', gasCostWei: '1000' }
const ready: SwapButtonInput = {
  connected: true,
  walletChainId: 1,
  chainId: 1,
  networkName: 'Ethereum',
  inputToken: USDC,
  outputToken: ETH,
  typedAmount: 1_000_000n,
  independentField: 'INPUT',
  inputBalance: 5_000_000n,
  nativeBalance: 10n ** 18n,
  quote,
  quoteFailed: false,
}
const kind = (change: Partial<SwapButtonInput>) => deriveSwapButton({ ...ready, ...change })

test('behavior: Review once everything is in place', () => {
  assert.deepEqual(kind({}), { kind: 'review', enabled: true })
  assert.deepEqual(kind({ quote: undefined }), { kind: 'review', enabled: false }, 'waiting for the quote')
  assert.deepEqual(kind({ quoteFailed: true }), { kind: 'review', enabled: false })
})

test('behavior: Connect wallet first, then Switch to {network}', () => {
  assert.deepEqual(kind({ connected: false, typedAmount: null }), { kind: 'connect', enabled: true })
  assert.deepEqual(kind({ walletChainId: 8453, typedAmount: null }), {
    kind: 'switchNetwork',
    enabled: true,
    network: 'Ethereum',
  })
})

test('behavior: Select token, Enter an amount', () => {
  assert.equal(kind({ outputToken: undefined }).kind, 'selectToken')
  assert.equal(kind({ inputToken: undefined }).kind, 'selectToken')
  assert.equal(kind({ typedAmount: null }).kind, 'enterAmount')
  assert.equal(kind({ typedAmount: 0n }).kind, 'enterAmount')
})

test('error: insufficient balance (exact in: the typed amount; exact out: the maximum sent)', () => {
  assert.deepEqual(kind({ typedAmount: 6_000_000n }), {
    kind: 'insufficientBalance',
    enabled: false,
    symbol: 'USDC',
  })
  assert.equal(
    kind({ inputBalance: undefined, typedAmount: 6_000_000n }).kind,
    'review',
    'unknown balance: not guessed',
  )
  const exactOut = { independentField: 'OUTPUT' as const, typedAmount: 10n ** 15n }
  assert.equal(
    kind({ ...exactOut, quote: { ...quote, amountIn: '4000000', maximumAmountIn: '5000001' } }).kind,
    'insufficientBalance',
  )
  assert.equal(
    kind({ ...exactOut, quote: { ...quote, amountIn: '4000000', maximumAmountIn: '5000000' } }).kind,
    'review',
  )
})

test('error: insufficient funds to cover network cost (plus the amount when the input is native)', () => {
  assert.equal(kind({ nativeBalance: 999n }).kind, 'insufficientGas')
  assert.equal(kind({ nativeBalance: 1000n }).kind, 'review')
  const native = { inputToken: ETH, outputToken: USDC, typedAmount: 10n ** 18n, inputBalance: 10n ** 18n }
  assert.equal(kind({ ...native, nativeBalance: 10n ** 18n }).kind, 'insufficientGas')
  assert.equal(
    kind({ ...native, nativeBalance: 10n ** 18n + 1000n, inputBalance: 10n ** 18n + 1000n }).kind,
    'review',
  )
})

test('behavior: Wrap / Unwrap for the WRAP / UNWRAP routings', () => {
  assert.deepEqual(kind({ quote: { ...quote, routing: 'WRAP' } }), { kind: 'wrap', enabled: true })
  assert.deepEqual(kind({ quote: { ...quote, routing: 'UNWRAP' } }), { kind: 'unwrap', enabled: true })
})

test('behavior: a blocked account gets a disabled button before anything else (nothing to sign)', () => {
  assert.deepEqual(kind({ blocked: true }), { kind: 'blocked', enabled: false })
  assert.deepEqual(kind({ blocked: true, walletChainId: 2 }), { kind: 'blocked', enabled: false })
  assert.deepEqual(kind({ blocked: true, connected: false }), { kind: 'connect', enabled: true })
})

test('error: Invalid recipient (disabled) when the receiving account is refused, after Address blocked (issue #16)', () => {
  assert.deepEqual(kind({ invalidRecipient: true }), { kind: 'invalidRecipient', enabled: false })
  assert.deepEqual(
    kind({ invalidRecipient: true, walletChainId: 8453, typedAmount: null, inputBalance: 0n }),
    {
      kind: 'invalidRecipient',
      enabled: false,
    },
  )
  assert.equal(kind({ invalidRecipient: true, blocked: true }).kind, 'blocked')
  assert.equal(kind({ invalidRecipient: true, connected: false }).kind, 'connect')
  assert.equal(kind({ invalidRecipient: false }).kind, 'review')
})
