/**
 * The parts of the full stack that a shard of browser suites shares (e2e/shard.ts starts them once):
 * the devnet (ethereum + base) and the indexer over it, the expensive ones (the indexer takes
 * 20-90 s to catch up, the devnet about 1 s). The launcher hands them to the suites it runs through
 * OXBOW_E2E_SHARED (JSON: the devnet's manifest path and the indexer's GraphQL URL); `startStack`
 * uses them when the variable is set, and starts its own otherwise (a file run alone).
 *
 * Between two files the launcher settles the chain ({@link settleSharedParts}): pending transactions
 * dropped, automine back on, one block mined and the indexer caught up with it (a file that reverted
 * to a snapshot has reorganised the chain under the indexer).
 */
import type { NetworkSlug } from '@oxbow/chains'
import { type Devnet, devnetClients, startDevnet } from '@oxbow/devnet'
import { loadManifest } from '@oxbow/protocol'
import { type RunningIndexer, startIndexer } from './indexer.ts'

export const SHARED_ENV = 'OXBOW_E2E_SHARED'

/** The two networks the suites run: both cost the same to load (one dump each, about 1 s). */
export const STACK_NETWORKS: readonly NetworkSlug[] = ['ethereum', 'base']

export interface SharedParts {
  /** The shared devnet's manifest (its RPC URLs and contracts). */
  readonly manifestPath: string
  /** The shared indexer's GraphQL endpoint. */
  readonly graphqlUrl: string
}

/** The shared parts handed down by the launcher, or undefined when this file runs alone. */
export function sharedParts(): SharedParts | undefined {
  const raw = process.env[SHARED_ENV]
  if (raw === undefined || raw === '') return undefined
  const parsed = JSON.parse(raw) as Partial<SharedParts>
  if (typeof parsed.manifestPath !== 'string' || typeof parsed.graphqlUrl !== 'string')
    throw new Error(`${SHARED_ENV} must be JSON with manifestPath and graphqlUrl, got ${raw}`)
  return { manifestPath: parsed.manifestPath, graphqlUrl: parsed.graphqlUrl }
}

/** The launcher's devnet as a file sees it: stopping it is the launcher's job, not the file's. */
export async function sharedDevnet(parts: SharedParts): Promise<Devnet> {
  return {
    manifest: await loadManifest(parts.manifestPath),
    manifestPath: parts.manifestPath,
    stop: async () => {},
  }
}

export interface RunningSharedParts extends SharedParts {
  readonly devnet: Devnet
  readonly indexer: RunningIndexer
  stop(): Promise<void>
}

/** Starts the devnet and the indexer over it (the indexer on `portBase + 90`). */
export async function startSharedParts(portBase: number): Promise<RunningSharedParts> {
  const devnet = await startDevnet({ networks: STACK_NETWORKS, portBase })
  try {
    const indexer = await startIndexer({
      manifestPath: devnet.manifestPath,
      port: portBase + 90,
      networks: STACK_NETWORKS,
    })
    return {
      devnet,
      indexer,
      manifestPath: devnet.manifestPath,
      graphqlUrl: indexer.url,
      stop: async () => {
        await indexer.stop().catch(() => {})
        await devnet.stop()
      },
    }
  } catch (error) {
    await devnet.stop().catch(() => {})
    throw error
  }
}

/**
 * Puts the shared chain back to its normal behaviour after a file (which may have failed half-way
 * with mining paused): no pending transaction, automine on, no interval mining; mines one block on
 * each network and waits (60 s at most) until the indexer's head is that block (not only as high:
 * after a revert the indexer may still hold the orphaned, higher blocks). Throws when the devnet or
 * the indexer does not answer (the launcher then starts new ones).
 */
export async function settleSharedParts(parts: RunningSharedParts): Promise<void> {
  const heads = new Map<string, bigint>()
  for (const slug of STACK_NETWORKS) {
    const { public: client, test } = devnetClients(parts.devnet.manifest, slug)
    // anvil's own method, which viem's test actions do not wrap (they drop one hash at a time)
    await (test.request as (args: { method: string }) => Promise<unknown>)({
      method: 'anvil_dropAllTransactions',
    })
    // In this order: anvil's interval 0 means no mining at all, which automine then replaces.
    await test.setIntervalMining({ interval: 0 })
    await test.setAutomine(true)
    if (!(await test.getAutomine())) throw new Error(`automine stayed off on ${slug}`)
    await test.mine({ blocks: 1 })
    heads.set(slug, await client.getBlockNumber())
  }
  const deadline = Date.now() + 60_000
  let last = ''
  for (;;) {
    const response = await fetch(parts.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ networks { network blockNumber } }' }),
    }).catch((error: unknown) => String(error))
    last = typeof response === 'string' ? response : await response.text()
    const indexed = /"networks":(\[.*?\])/.exec(last)?.[1]
    if (indexed) {
      const rows = JSON.parse(indexed) as { network: string; blockNumber: string }[]
      const caughtUp = [...heads].every(([slug, head]) =>
        rows.some((row) => row.network === slug && BigInt(row.blockNumber) === head),
      )
      if (caughtUp) return
    }
    if (Date.now() > deadline)
      throw new Error(`the shared indexer did not reach the heads ${[...heads]}: ${last.slice(0, 300)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
