/**
 * The gasless flow (gaslessFlow.ts) as the swap screen runs it, against the real services: a devnet
 * (ethereum, port base 23400), the API (apps/api as a child process on 23488, its order service on
 * PGlite in a temporary directory; the order decays over 10 s and expires after 15 s, so the
 * failure is reached in the test's time) and the filler process. The flow talks to the API through
 * the app's own client (callApi, with the runtime config pointing at this API) and to the chain
 * through a devnet wallet. Checked on chain: the one-time Permit2 approval is the only
 * transaction the swapper pays for; the swap moves the tokens with no ETH spent; a rejected
 * signature stores no order; with the filler gone, the order is not filled and the flow ends in
 * "gasless order failed".
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { type Devnet, devnetClients, startDevnet } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import { type Address, erc20Abi, type Hex, type TypedDataDefinition } from 'viem'
import { type ServiceProcess, startService } from '../../../../e2e/service.ts'
import { startApi } from '../../../../e2e/stack.ts'
import { buildRuntimeConfig } from '../../../../server/runtimeConfig.ts'
import type { TransactionOutcome } from '../../wallet/index.ts'
import { gaslessApi, gaslessRequest } from './gaslessApi.ts'
import { type GaslessDeps, type GaslessState, runGaslessFlow } from './gaslessFlow.ts'
import { callApi, fetchQuote, type Quote } from './tradingApi.ts'

const PORT_BASE = 23400
const API_PORT = 23488

let devnet: Devnet
let api: Awaited<ReturnType<typeof startApi>>
let filler: ServiceProcess | undefined
let dbDir: string
let eth: NetworkDeployment
let usdc: Address
let dai: Address

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  eth = devnet.manifest.networks.ethereum as NetworkDeployment
  const find = (symbol: string) => {
    const token = eth.tokens.find((t) => t.symbol === symbol && t.kind !== 'impersonator')
    assert.ok(token, symbol)
    return token.address
  }
  usdc = find('USDC')
  dai = find('DAI')
  dbDir = await mkdtemp(join(tmpdir(), 'oxbow-gasless-flow-'))
  api = await startApi({
    port: API_PORT,
    manifestPath: devnet.manifestPath,
    webOrigin: 'http://localhost:23474',
    env: {
      OXBOW_API_DB_DIR: dbDir,
      OXBOW_GASLESS_DECAY_SECONDS: '10',
      OXBOW_GASLESS_DEADLINE_SECONDS: '15',
    },
  })
  filler = await startService({
    name: 'filler',
    entry: 'apps/api/src/orders/fillerMain.ts',
    env: { OXBOW_API_URL: api.url, OXBOW_MANIFEST: devnet.manifestPath },
  })
  // The app reads its API's address from the page's runtime config (a meta tag): this API's.
  const config = await buildRuntimeConfig({ OXBOW_MANIFEST: devnet.manifestPath, OXBOW_API_URL: api.url })
  Object.assign(globalThis, {
    document: {
      querySelector: (selector: string) =>
        selector === 'meta[name="oxbow:config"]' ? { getAttribute: () => JSON.stringify(config) } : null,
    },
  })
  // the filler's first heartbeat reaches the API a moment after it starts: until then, classic only
  const deadline = Date.now() + 30_000
  for (;;) {
    const quote = await fetchQuote({
      network: 'ethereum',
      type: 'EXACT_INPUT',
      slippage: 'auto',
      tokenIn: usdc,
      tokenOut: dai,
      // the tests' 1,000 USDC (with the seed's pools arbitraged to one price, 100 USDC's order
      // surplus no longer pays a filler's gas, and the route is rightly classic only)
      amount: '1000000000',
    })
    if (quote.gasless) break
    assert.ok(Date.now() < deadline, `no live filler after 30 s:\n${filler.log().slice(-2000)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
})

after(async () => {
  await filler?.stop()
  await api?.stop()
  await devnet?.stop()
  if (dbDir) await rm(dbDir, { recursive: true, force: true })
})

/** A devnet account as the flow's wallet (what the wallet runtime does for the app). */
function wallet(index: number): GaslessDeps['wallet'] {
  const { wallet: client, public: reader } = devnetClients(devnet.manifest, 'ethereum', index)
  return {
    sendTransaction: (request) =>
      client.sendTransaction({ to: request.to, data: request.data, value: request.value, chain: null }),
    waitForTransaction: async (_chainId, hash): Promise<TransactionOutcome> => {
      const receipt = await reader.waitForTransactionReceipt({ hash })
      return { status: receipt.status, blockNumber: receipt.blockNumber, logs: receipt.logs }
    },
    signTypedData: (request) => client.signTypedData(request as unknown as TypedDataDefinition),
  }
}

const swapperOf = (index: number) => devnet.manifest.accounts[index]!.address as Hex
const reader = () => devnetClients(devnet.manifest, 'ethereum', 0).public
const balanceOf = (token: Address, owner: Address) =>
  reader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** The quote the swap screen reviews: USDC -> DAI, exact input, with its gasless route. */
async function gaslessQuote(swapper: Hex, amount: bigint): Promise<Quote> {
  const quote = await fetchQuote({
    network: 'ethereum',
    type: 'EXACT_INPUT',
    slippage: 'auto',
    tokenIn: usdc,
    tokenOut: dai,
    amount: amount.toString(),
    swapper,
  })
  assert.ok(quote.gasless, 'the API offers the gasless route (its filler is live)')
  return quote
}

async function run(index: number, quote: Quote, overrides: Partial<GaslessDeps> = {}) {
  const swapper = swapperOf(index)
  const request = gaslessRequest({
    quote,
    account: swapper,
    chainId: eth.chainId,
    permit2: eth.contracts.permit2,
  })
  const states: GaslessState[] = []
  const final = await runGaslessFlow(
    request,
    {
      ...gaslessApi(callApi, 'ethereum', request),
      wallet: wallet(index),
      now: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      pollMs: 250,
      ...overrides,
    },
    (state) => states.push(state),
  )
  return { final, states, steps: states.map((s) => s.step) }
}

test('behavior: the first gasless swap approves Permit2 once (its only cost), then signs and is filled: tokens moved, no ETH spent on the swap', async () => {
  const index = 6
  const swapper = swapperOf(index)
  const client = reader()
  const amount = 1_000_000_000n // 1,000 USDC
  assert.equal(
    await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [swapper, eth.contracts.permit2],
    }),
    0n,
    'Permit2 may not move USDC yet',
  )
  const [ethBefore, usdcBefore, daiBefore] = await Promise.all([
    client.getBalance({ address: swapper }),
    balanceOf(usdc, swapper),
    balanceOf(dai, swapper),
  ])
  const quote = await gaslessQuote(swapper, amount)
  const { final, states, steps } = await run(index, quote)
  assert.equal(final.step, 'confirmed', JSON.stringify(final))
  // approving, then approving with its hash, signing, submitting, pending, confirmed
  assert.deepEqual(
    steps.filter((s, i) => s !== steps[i - 1] || s === 'approving'),
    ['approving', 'approving', 'signing', 'submitting', 'pending', 'confirmed'],
  )
  const approving = states.find((s) => s.step === 'approving' && s.hash)
  assert.ok(approving?.step === 'approving' && approving.hash)
  const approval = await client.getTransactionReceipt({ hash: approving.hash })
  assert.ok(
    (await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [swapper, eth.contracts.permit2],
    })) >= amount,
    'Permit2 may move the USDC now',
  )
  assert.ok(final.step === 'confirmed')
  const fill = await client.getTransactionReceipt({ hash: final.hash })
  assert.equal(fill.status, 'success')
  assert.notEqual(fill.from.toLowerCase(), swapper.toLowerCase(), 'the filler sent the fill')
  const pending = states.find((s) => s.step === 'pending')
  assert.ok(
    pending?.step === 'pending' && pending.expectedAt > 0 && pending.deadlineAt > pending.expectedAt - 60_000,
  )
  // the approval is the only ETH the swapper spent
  assert.equal(
    ethBefore - (await client.getBalance({ address: swapper })),
    approval.gasUsed * approval.effectiveGasPrice,
  )
  assert.equal(usdcBefore - (await balanceOf(usdc, swapper)), amount)
  const received = (await balanceOf(dai, swapper)) - daiBefore
  assert.ok(received >= BigInt(quote.gasless?.outputEndAmount ?? 0), 'at least the floor')
  assert.ok(received <= BigInt(quote.gasless?.outputStartAmount ?? 0), 'at most the start')
})

test('behavior: with Permit2 approved, a gasless swap sends no transaction at all', async () => {
  const index = 6 // approved by the test before
  const swapper = swapperOf(index)
  const ethBefore = await reader().getBalance({ address: swapper })
  const quote = await gaslessQuote(swapper, 500_000_000n)
  const { final, steps } = await run(index, quote)
  assert.equal(final.step, 'confirmed', JSON.stringify(final))
  assert.ok(!steps.includes('approving'))
  assert.equal(await reader().getBalance({ address: swapper }), ethBefore, 'no ETH spent')
})

test('error: a rejected signature ends the flow as rejected and no order is stored', async () => {
  const index = 6
  const swapper = swapperOf(index)
  const count = async () =>
    (
      (await (await fetch(`${api.url}/v1/orders?swapper=${swapper}&kind=gasless`)).json()) as {
        orders: unknown[]
      }
    ).orders.length
  const before = await count()
  const quote = await gaslessQuote(swapper, 300_000_000n)
  const { final } = await run(index, quote, {
    wallet: {
      ...wallet(index),
      signTypedData: async () => {
        // what the wallet runtime throws when the user declines (its WalletActionError)
        throw Object.assign(new Error('User rejected the request.'), {
          name: 'WalletActionError',
          kind: 'rejected',
        })
      },
    },
  })
  assert.equal(final.step === 'failed' && final.reason, 'rejected')
  assert.equal(await count(), before, 'nothing stored')
})

test('behavior: with the filler gone after the quote, no fill comes by the deadline: gasless order failed, the tokens stay', async () => {
  const index = 6
  const swapper = swapperOf(index)
  const quote = await gaslessQuote(swapper, 400_000_000n)
  await filler?.stop()
  filler = undefined
  const usdcBefore = await balanceOf(usdc, swapper)
  const { final, steps } = await run(index, quote)
  assert.equal(final.step === 'failed' && final.reason, 'gaslessFailed', JSON.stringify(final))
  assert.ok(steps.includes('pending'))
  assert.equal(await balanceOf(usdc, swapper), usdcBefore, 'the USDC stayed')
})
