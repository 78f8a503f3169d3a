/**
 * The API's test kit, shared by its devnet suites and benchmarks: one helper starts a devnet network
 * with the trading module and the app in-process (as the server wires them, never rate limited),
 * and one runs the classic swap flow a wallet runs against /v1/swap (approval if asked, the Permit2
 * signature if asked, then the transaction).
 */
import assert from 'node:assert/strict'
import type { NetworkSlug } from '@oxbow/chains'
import { type Devnet, devnetClients, startDevnet } from '@oxbow/devnet'
import {
  type Manifest,
  type ManifestToken,
  type NetworkDeployment,
  permitSingleTypedData,
} from '@oxbow/protocol'
import type { Hono } from 'hono'
import type { Hex, TransactionReceipt } from 'viem'
import { createApp } from '../src/app.ts'
import { createTradingModule, type TradingModule } from '../src/trading/index.ts'

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of our own API, checked field by field by the callers
export type Json = any

/** A log that keeps the suites' output to their failures. */
export const silent = { info: () => {}, error: (m: string) => console.error(m) }

/**
 * The app serving `modules` behind a rate limit (default: never reached), with no web origins
 * unless `options.webOrigins` names some.
 */
export function testApp(
  modules: Parameters<typeof createApp>[0]['modules'],
  limit: { perMinute: number; burst: number } = { perMinute: 100_000, burst: 10_000 },
  options: { webOrigins?: string[]; log?: Parameters<typeof createApp>[0]['log'] } = {},
): Hono {
  return createApp({
    config: {
      OXBOW_WEB_ORIGINS: options.webOrigins ?? [],
      OXBOW_RATE_LIMIT_PER_MINUTE: limit.perMinute,
      OXBOW_RATE_LIMIT_BURST: limit.burst,
      OXBOW_TRUST_PROXY: false,
    },
    modules,
    log: options.log ?? silent,
  })
}

export interface TradingKit {
  readonly devnet: Devnet
  readonly manifest: Manifest
  readonly slug: NetworkSlug
  /** The network's deployment (contracts, tokens, pools, RPC URL). */
  readonly deployment: NetworkDeployment
  readonly trading: TradingModule
  readonly app: Hono
  /** POSTs `body` as JSON to `/v1${path}` of the in-process app. */
  post(path: string, body: unknown): Promise<{ status: number; json: Json }>
  stop(): Promise<void>
}

/**
 * Starts `slug` (default ethereum) of the devnet on `portBase`, the trading module over it (pools
 * polled once an hour: tests refresh it themselves) and the app serving it.
 */
export async function startTradingKit(options: {
  portBase: number
  slug?: NetworkSlug
  /** Route searches in worker threads, as in the server (default: in-process). */
  routeThreads?: number
}): Promise<TradingKit> {
  const slug = options.slug ?? 'ethereum'
  const devnet = await startDevnet({ networks: [slug], portBase: options.portBase })
  const deployment = devnet.manifest.networks[slug]
  assert.ok(deployment, `the devnet serves ${slug}`)
  let trading: TradingModule
  try {
    trading = await createTradingModule(devnet.manifest, silent, {
      pollMs: 3_600_000,
      ...(options.routeThreads === undefined ? {} : { routeThreads: options.routeThreads }),
    })
  } catch (error) {
    await devnet.stop()
    throw error
  }
  const app = testApp([trading])
  return {
    devnet,
    manifest: devnet.manifest,
    slug,
    deployment,
    trading,
    app,
    async post(path, body) {
      const res = await app.request(`/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, json: await res.json() }
    },
    async stop() {
      await trading.close?.()
      await devnet.stop()
    },
  }
}

/** The seeded token with `symbol`, never its impersonator (which shares USDC's symbol). */
export function seededToken(deployment: NetworkDeployment, symbol: string): ManifestToken {
  const token = deployment.tokens.find((t) => t.symbol === symbol && t.kind !== 'impersonator')
  if (!token) throw new Error(`the devnet has no ${symbol}`)
  return token
}

export interface PreparedSwap {
  /** The READY answer of /v1/swap (quote, tx). */
  readonly ready: Json
  /** Every status /v1/swap answered on the way, READY last. */
  readonly statuses: readonly string[]
  /** The approval transaction's receipt, when one was asked for. */
  readonly approval: TransactionReceipt | undefined
}

/**
 * The classic flow up to the swap transaction, for test account `accountIndex`: /v1/swap with
 * `body` (network and swapper filled in), the approval it asks for, the Permit2 signature it asks
 * for, until it answers READY.
 */
export async function prepareClassicSwap(
  kit: TradingKit,
  accountIndex: number,
  body: Record<string, unknown>,
): Promise<PreparedSwap> {
  const { public: client, wallet } = devnetClients(kit.manifest, kit.slug, accountIndex)
  const request = { network: kit.slug, swapper: wallet.account.address, ...body }
  const statuses: string[] = []
  const ask = async (extra: Record<string, unknown> = {}) => {
    const res = await kit.post('/swap', { ...request, ...extra })
    assert.equal(res.status, 200, JSON.stringify(res.json))
    statuses.push(res.json.status)
    return res.json
  }
  let answer = await ask()
  let approval: TransactionReceipt | undefined
  if (answer.status === 'APPROVAL_REQUIRED') {
    const hash = await wallet.sendTransaction({ to: answer.approval.to, data: answer.approval.data })
    approval = await client.waitForTransactionReceipt({ hash })
    assert.equal(approval.status, 'success', 'approval reverted')
    answer = await ask()
  }
  if (answer.status === 'SIGNATURE_REQUIRED') {
    answer = await ask({ permit: await signPermit(wallet, kit.deployment.chainId, answer.permitData) })
  }
  assert.equal(answer.status, 'READY', JSON.stringify(answer))
  return { ready: answer, statuses, approval }
}

/**
 * `wallet` signs a SIGNATURE_REQUIRED answer's `permitData` (JSON: amounts as decimal strings) as
 * the Permit2 PermitSingle of `chainId` (@oxbow/protocol's typed data); the `permit` a /v1/swap
 * retry sends.
 */
export async function signPermit(
  wallet: ReturnType<typeof devnetClients>['wallet'],
  chainId: number,
  permitData: Json,
): Promise<{ signature: Hex; message: Json }> {
  const m = permitData.message
  const signature = await wallet.signTypedData(
    permitSingleTypedData(chainId, {
      details: { ...m.details, amount: BigInt(m.details.amount) },
      spender: m.spender,
      sigDeadline: BigInt(m.sigDeadline),
    }),
  )
  return { signature, message: m }
}

/** Sends a READY answer's transaction from test account `accountIndex`; it must succeed. */
export async function sendSwap(
  kit: TradingKit,
  accountIndex: number,
  ready: Json,
): Promise<TransactionReceipt> {
  const { public: client, wallet } = devnetClients(kit.manifest, kit.slug, accountIndex)
  const hash = await wallet.sendTransaction({
    to: ready.tx.to,
    data: ready.tx.data as Hex,
    value: BigInt(ready.tx.value),
    gas: BigInt(ready.tx.gasLimit),
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  assert.equal(receipt.status, 'success', 'swap transaction reverted')
  return receipt
}

/** The whole classic flow; the gas of the approval (if any) and of the swap. */
export async function classicSwap(
  kit: TradingKit,
  accountIndex: number,
  body: Record<string, unknown>,
): Promise<PreparedSwap & { receipt: TransactionReceipt; gasUsed: bigint }> {
  const prepared = await prepareClassicSwap(kit, accountIndex, body)
  const receipt = await sendSwap(kit, accountIndex, prepared.ready)
  return { ...prepared, receipt, gasUsed: (prepared.approval?.gasUsed ?? 0n) + receipt.gasUsed }
}
