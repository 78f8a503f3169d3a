/** startDevnet: one anvil per network, state from a verified dump or freshly deployed and seeded. */
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import {
  networks as allNetworks,
  DEFAULT_LOCAL_PORT_BASE,
  getNetwork,
  localRpcUrl,
  type Network,
  type NetworkSlug,
} from '@oxbow/chains'
import { MANIFEST_VERSION, type Manifest, type NetworkDeployment, parseManifest } from '@oxbow/protocol'
import { toHex } from 'viem'
import { testAccounts } from './accounts.ts'
import { type AnvilNode, assertPortFree, startAnvil, startOrphanWatchdog } from './anvil.ts'
import { compileSeedContracts } from './compile.ts'
import { DEPLOYER, deployProtocol } from './deploy.ts'
import {
  acquireBuildLock,
  checkDump,
  dumpFingerprint,
  dumpPaths,
  type StoredDeployment,
  writeDump,
} from './dumps.ts'
import { AnvilError } from './errors.ts'
import { deployOrderFilling } from './orders.ts'
import { Sender } from './rpc.ts'
import { mineFinalityTail } from './seed/finalityTail.ts'
import { deployFlaggedTokens, FLAGGED_TOKEN_NETWORKS } from './seed/flaggedTokens.ts'
import { deployRewards, REWARD_NETWORKS } from './seed/rewards.ts'
import { seedNetwork } from './seed.ts'
import { type Supervisor, superviseNodes } from './supervisor.ts'

export interface StartDevnetOptions {
  /** Default: every network in the registry. */
  readonly networks?: readonly NetworkSlug[]
  /** RPC port = portBase + network.localIndex. Default: OXBOW_PORT_BASE or 8545. */
  readonly portBase?: number
  /** Dumps and manifest. Default: OXBOW_DEVNET_DIR or `<repo>/.devnet` (git-ignored). */
  readonly dataDir?: string
  /** Rebuild every dump instead of loading it. */
  readonly fresh?: boolean
  readonly log?: (line: string) => void
  /**
   * Save each chain's state as it grows and restart a node that dies from the last save (`npm
   * start`; see supervisor.ts). `onGiveUp` hears when a node cannot be brought back.
   */
  readonly supervise?: { readonly onGiveUp: (reason: string) => void }
}

export interface Devnet {
  readonly manifest: Manifest
  readonly manifestPath: string
  stop(): Promise<void>
}

export const defaultDataDir = resolve(import.meta.dirname, '../../../.devnet')

export function manifestPathFor(dataDir: string, portBase: number): string {
  return join(dataDir, portBase === DEFAULT_LOCAL_PORT_BASE ? 'manifest.json' : `manifest.${portBase}.json`)
}

function envPortBase(): number {
  const raw = process.env.OXBOW_PORT_BASE
  if (raw === undefined || raw === '') return DEFAULT_LOCAL_PORT_BASE
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1024 || value > 65000) {
    throw new RangeError(`OXBOW_PORT_BASE must be an integer port between 1024 and 65000, got "${raw}"`)
  }
  return value
}

/**
 * Starts one anvil per network on 127.0.0.1 (chain id from the registry, port = portBase +
 * localIndex), loads each network's dump or builds it, writes the manifest and resolves when every
 * network answers.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const log = options.log ?? (() => {})
  const portBase = options.portBase ?? envPortBase()
  const dataDir = resolve(options.dataDir ?? process.env.OXBOW_DEVNET_DIR ?? defaultDataDir)
  const slugs = [...new Set(options.networks ?? allNetworks.map((n) => n.slug))]
  const selected: Network[] = slugs.map((slug) => getNetwork(slug))
  const highest = Math.max(...selected.map((n) => portBase + n.localIndex))
  if (!Number.isInteger(portBase) || portBase < 1024 || highest > 65535) {
    throw new RangeError(
      `Port base ${portBase} puts devnet ports outside 1024-65535; choose e.g. OXBOW_PORT_BASE=8545`,
    )
  }
  if (selected.length === 0) throw new RangeError('startDevnet: no networks selected')

  // Fail before spawning anything if any port is taken.
  for (const network of selected) await assertPortFree(portBase + network.localIndex, network.slug)

  const nodes: AnvilNode[] = []
  let cancelWatchdog = () => {}
  let supervisor: Supervisor | undefined
  const stop = async () => {
    cancelWatchdog()
    await supervisor?.stop()
    await Promise.all(nodes.map((node) => node.stop()))
  }
  try {
    const deployments = await Promise.all(
      selected.map((network) =>
        startNetwork(network, { portBase, dataDir, fresh: options.fresh ?? false, log }, (node) => {
          nodes.push(node)
        }),
      ),
    )
    cancelWatchdog = startOrphanWatchdog(nodes.map((n) => n.pid))
    if (options.supervise) {
      const specs = selected.map((network) => ({
        slug: network.slug,
        chainId: network.local.chainId,
        port: portBase + network.localIndex,
        initialState: dumpPaths(dataDir, network.slug).state,
      }))
      // the node serving each port now (a built network's first node was stopped after its dump)
      const serving = specs.map((spec) => {
        const node = nodes.findLast((n) => n.port === spec.port && n.process.exitCode === null)
        if (!node) throw new AnvilError(`${spec.slug}: no node serves port ${spec.port}`)
        return node
      })
      supervisor = await superviseNodes({
        nodes: serving,
        specs,
        stateDir: join(dataDir, 'live', String(portBase)),
        log,
        onGiveUp: options.supervise.onGiveUp,
      })
    }
    const manifest = parseManifest(
      {
        version: MANIFEST_VERSION,
        fingerprint: dumpFingerprint(),
        createdAt: new Date().toISOString(),
        accounts: testAccounts,
        networks: Object.fromEntries(deployments.map((d) => [d.slug, d])),
      },
      'generated manifest',
    )
    const manifestPath = manifestPathFor(dataDir, portBase)
    await mkdir(dataDir, { recursive: true })
    const tmp = `${manifestPath}.${process.pid}.tmp`
    await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`)
    await rename(tmp, manifestPath)
    return { manifest, manifestPath, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

interface StartContext {
  readonly portBase: number
  readonly dataDir: string
  readonly fresh: boolean
  readonly log: (line: string) => void
}

async function startNetwork(
  network: Network,
  ctx: StartContext,
  track: (node: AnvilNode) => void,
): Promise<NetworkDeployment> {
  const port = ctx.portBase + network.localIndex
  const rpcUrl = localRpcUrl(network, ctx.portBase)
  if (!ctx.fresh) {
    const loaded = await tryLoad(network, port, ctx, track)
    if (loaded) return { ...loaded, rpcUrl }
  }
  const release = await acquireBuildLock(ctx.dataDir, network.slug, () =>
    ctx.log(`${network.slug}: another process is building its dump; waiting`),
  )
  try {
    if (!ctx.fresh) {
      // Another builder may have finished while we waited for the lock.
      const loaded = await tryLoad(network, port, ctx, track, true)
      if (loaded) return { ...loaded, rpcUrl }
    }
    return { ...(await build(network, port, ctx, track)), rpcUrl }
  } finally {
    await release()
  }
}

async function tryLoad(
  network: Network,
  port: number,
  ctx: StartContext,
  track: (node: AnvilNode) => void,
  quiet = false,
): Promise<StoredDeployment | null> {
  const check = await checkDump(ctx.dataDir, network.slug)
  if (!check.ok) {
    if (check.reason && !quiet)
      ctx.log(`${network.slug}: dump not used because ${check.reason}; rebuilding it`)
    return null
  }
  try {
    const node = await startAnvil({
      port,
      chainId: network.local.chainId,
      loadState: dumpPaths(ctx.dataDir, network.slug).state,
    })
    track(node)
  } catch (error) {
    if (!(error instanceof AnvilError)) throw error
    ctx.log(`${network.slug}: anvil could not load the dump (${error.message}); rebuilding it`)
    return null
  }
  return check.meta.deployment
}

async function build(
  network: Network,
  port: number,
  ctx: StartContext,
  track: (node: AnvilNode) => void,
): Promise<StoredDeployment> {
  const started = Date.now()
  const now = Math.floor(started / 1000)
  const node = await startAnvil({ port, chainId: network.local.chainId, timestamp: now - 31 * 86_400 })
  track(node)
  const sender = new Sender(node.rpcUrl)
  await sender.request('anvil_impersonateAccount', [DEPLOYER])
  await sender.request('anvil_setBalance', [DEPLOYER, toHex(10n ** 30n)])
  const compiled = compileSeedContracts(join(ctx.dataDir, 'cache'))
  const contracts = await deployProtocol(sender, network.nativeCurrency.symbol)
  const [historyFrom, historyTo] = [now - 30 * 86_400, now - 60]
  const seeded = await seedNetwork({
    sender,
    network,
    contracts,
    compiled,
    testAccounts: testAccounts.map((a) => a.address),
    historyFrom,
    historyTo,
  })
  // the filler's executor and account: where limit orders or gasless swaps are offered
  const orders =
    network.capabilities.limitOrders || network.capabilities.gaslessSwaps
      ? await deployOrderFilling(sender, contracts)
      : undefined
  // the LP rewards programme: last, so no other address moves
  const rewards = REWARD_NETWORKS.includes(network.slug)
    ? await deployRewards(sender, contracts, {
        live: seeded.live,
        currencies: seeded.currencies,
        testAccounts: testAccounts.map((a) => a.address),
        history: { start: historyFrom, end: historyTo },
      })
    : undefined
  // a blocked and a malicious token: after the rewards, so no other address moves
  const flagged = (FLAGGED_TOKEN_NETWORKS as readonly string[]).includes(network.slug)
    ? await deployFlaggedTokens({ sender, compiled })
    : []
  const deployment: StoredDeployment = {
    slug: network.slug,
    chainId: network.local.chainId,
    startBlock: 1,
    contracts,
    hooks: seeded.hooks,
    tokens: [...seeded.tokens, ...flagged],
    pools: seeded.pools,
    nftCollections: seeded.nftCollections,
    ...(seeded.ens ? { ens: seeded.ens } : {}),
    ...(orders ? { orders } : {}),
    ...(rewards ? { rewards } : {}),
  }
  await mineFinalityTail(sender)
  const dump = await sender.request<`0x${string}`>('anvil_dumpState')
  const bytes = Buffer.from(dump.slice(2), 'hex')
  // anvil returns the state gzip-compressed; --load-state wants the JSON.
  const state = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes
  await writeDump(ctx.dataDir, network.slug, state, deployment)
  // Serve from the dump just written, like every later start: the building node holds several
  // times the memory, and this way a cold start and a warm one behave identically.
  await node.stop()
  track(
    await startAnvil({
      port,
      chainId: network.local.chainId,
      loadState: dumpPaths(ctx.dataDir, network.slug).state,
    }),
  )
  ctx.log(
    `${network.slug}: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${sender.txCount} transactions)`,
  )
  return deployment
}
