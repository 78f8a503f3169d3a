import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { gasCostUsd, readSwapSteps, stepOfFlow, stepStates, withStep } from './swapSteps.ts'

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const ROUTER = '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af'
const word = (value: bigint) => value.toString(16).padStart(64, '0')

/** A node answering the batch: [erc20 allowance, permit2 allowance, approve gas estimate]. */
function node(answers: readonly unknown[]): typeof fetch {
  return (async (_url: string, init: { body: string }) => {
    const batch = JSON.parse(init.body) as { id: number; method: string }[]
    return new Response(
      JSON.stringify(
        batch.map((request, i) => ({ jsonrpc: '2.0', id: request.id, ...(answers[i] as object) })),
      ),
    )
  }) as unknown as typeof fetch
}

const request = {
  chain: 'ethereum',
  owner: OWNER,
  token: TOKEN,
  spend: 100n,
  permit2: PERMIT2,
  router: ROUTER,
  now: 1000,
}

describe('swap steps', () => {
  test('behavior: no allowance anywhere: approval with its gas estimate, then a signature', async () => {
    const plan = await readSwapSteps(request, {
      rpcUrl: 'http://node',
      fetch: node([
        { result: `0x${word(0n)}` },
        { result: `0x${word(0n)}${word(0n)}${word(0n)}` },
        { result: '0xb411' },
      ]),
    })
    assert.deepEqual(plan, { approval: { gas: 0xb411n }, permit: true })
  })

  test('behavior: approved and a live Permit2 allowance covering the amount: neither step', async () => {
    const plan = await readSwapSteps(request, {
      rpcUrl: 'http://node',
      fetch: node([
        { result: `0x${word(2n ** 256n - 1n)}` },
        { result: `0x${word(100n)}${word(1001n)}${word(3n)}` },
        { result: '0x1' },
      ]),
    })
    assert.deepEqual(plan, { approval: null, permit: false })
  })

  test('behavior: a Permit2 allowance that expired or is too small asks for a signature; a failed estimate keeps the step', async () => {
    const expired = await readSwapSteps(request, {
      rpcUrl: 'http://node',
      fetch: node([
        { result: `0x${word(50n)}` },
        { result: `0x${word(100n)}${word(1000n)}${word(3n)}` },
        { error: { code: 3, message: 'execution reverted' } },
      ]),
    })
    assert.deepEqual(expired, { approval: { gas: undefined }, permit: true })
    const small = await readSwapSteps(request, {
      rpcUrl: 'http://node',
      fetch: node([
        { result: `0x${word(100n)}` },
        { result: `0x${word(99n)}${word(5000n)}${word(3n)}` },
        { result: '0x1' },
      ]),
    })
    assert.deepEqual(small, { approval: null, permit: true })
  })

  test('error: unreadable allowances are an error, not a guess', async () => {
    await assert.rejects(
      readSwapSteps(request, {
        rpcUrl: 'http://node',
        fetch: node([{ result: '0x' }, { result: '0x' }, { result: '0x1' }]),
      }),
      /allowances could not be read/,
    )
  })

  test('behavior: gas priced like the quote: cost in wei over the quote cost in wei, times its USD', () => {
    assert.equal(gasCostUsd(50_000n, { gasPriceWei: '2', costWei: '200000', costUsd: 4 }), 2)
    assert.equal(gasCostUsd(1n, { gasPriceWei: '1', costWei: '0', costUsd: 0 }), undefined)
  })

  test('behavior: progress through the steps', () => {
    assert.deepEqual(withStep(['swap'], 'permit'), ['permit', 'swap'])
    assert.deepEqual(withStep(['approve', 'swap'], 'permit'), ['approve', 'permit', 'swap'])
    const kinds = ['approve', 'permit', 'swap'] as const
    assert.deepEqual(
      stepStates(kinds, 'permit', 'running').map((s) => s.state),
      ['done', 'active', 'pending'],
    )
    assert.deepEqual(
      stepStates(kinds, 'swap', 'failed').map((s) => s.state),
      ['done', 'done', 'failed'],
    )
    assert.deepEqual(
      stepStates(kinds, 'swap', 'confirmed').map((s) => s.state),
      ['done', 'done', 'done'],
    )
  })
})

test('behavior: the permit gate: a Permit2 approval transaction is its own step, in order before the swap', () => {
  assert.equal(stepOfFlow('approving', true), 'permitApprove')
  assert.equal(stepOfFlow('approving'), 'approve')
  assert.deepEqual(withStep(['approve', 'swap'], 'permitApprove'), ['approve', 'permitApprove', 'swap'])
})
