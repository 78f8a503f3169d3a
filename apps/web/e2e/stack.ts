/**
 * The full local stack for a browser suite or benchmark: a devnet (ethereum + base, or the
 * `networks` option's), the indexer
 * (the API's source of market USD prices), the API as a child process (web apps never import other apps; only the devnet fixture) reading that devnet's
 * manifest, optionally the order filler (another process of apps/api), and the built web app
 * serving a runtime config that points at both.
 *
 * Everything started here is stopped by `stop()`: the API by its process group (service.ts), the
 * devnet's anvils through its own stop, the web server in-process. Under the shard launcher
 * (e2e/shard.ts) the devnet and the indexer are the shard's, shared with the shard's other files
 * (see e2e/shared.ts), unless `ownChain`; a file's `stop()` leaves them running.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { localRpcUrl, type NetworkSlug, networks } from '@oxbow/chains'
import { type Devnet, devnetClients, revert, snapshot, startDevnet } from '@oxbow/devnet'
import type { Manifest } from '@oxbow/protocol'
import type { Hex } from 'viem'
import { buildRuntimeConfig } from '../server/runtimeConfig.ts'
import type { RuntimeConfig } from '../src/modules/config/index.ts'
import { type RunningWeb, startWeb } from '../test/harness.ts'
import { startIndexer } from './indexer.ts'
import { type ServiceProcess, startService } from './service.ts'
import { STACK_NETWORKS, sharedDevnet, sharedParts } from './shared.ts'

export { STACK_NETWORKS } from './shared.ts'

export interface StackPorts {
  /** Devnet RPC port base (network port = base + its local index). */
  readonly devnetPortBase: number
  readonly apiPort: number
  readonly webPort: number
  /** The indexer's port (USD prices come from it through the API); default apiPort + 2. */
  readonly indexerPort?: number
  /**
   * Where `serveWebAgain` serves a second web server of the same build (the API accepts its origin
   * too); without it, `serveWebAgain` throws.
   */
  readonly spareWebPort?: number
}

/** Extra environment for the API (e.g. a fiat sandbox URL). */
export interface StackOptions {
  readonly apiEnv?: Readonly<Record<string, string>>
  /** The web app's analytics sampling (the runtime config's default otherwise). */
  readonly analyticsSampleRate?: number
  /** Also run the order filler (apps/api's filler process, as `npm start` does) against this API. */
  readonly filler?: boolean
  /** The IPFS gateway the app loads ipfs:// avatars through (apps/sandbox's, started by the file). */
  readonly ipfsGateway?: string
  /** Give the app the devnet's liquidity contracts (the position screens; `npm start` does). */
  readonly liquidity?: boolean
  /**
   * A devnet and indexer of its own even under the shard launcher (e2e/shard.ts), for a file whose
   * chain must start from the seed or whose changes other files must not see. By default a file
   * under the launcher uses the shard's (e2e/shared.ts) and must not assume pristine balances.
   */
  readonly ownChain?: boolean
  /**
   * The networks a stack of its own runs (devnet, indexer, API): STACK_NETWORKS by default, e.g.
   * every network of @oxbow/chains for a benchmark. Ignored under the shard launcher, whose devnet
   * and indexer run STACK_NETWORKS (use `ownChain` too).
   */
  readonly networks?: readonly NetworkSlug[]
}

export interface Stack {
  readonly devnet: Devnet
  readonly manifest: Manifest
  readonly apiUrl: string
  readonly webUrl: string
  /** The indexer's GraphQL endpoint (the app's graphqlUrl). */
  readonly graphqlUrl: string
  /** RPC URL of a running network of the devnet. */
  rpcUrl(slug: NetworkSlug): string
  /** The API's output so far (stdout and stderr), for failure messages. */
  apiLog(): string
  /** The filler's output so far (empty without `filler`). */
  fillerLog(): string
  /** Stops the filler (a no-op without `filler`): orders are then left unfilled. */
  stopFiller(): Promise<void>
  /**
   * A second web server of the same build on `spareWebPort`, its runtime config this stack's with
   * `config` over it (e.g. a graphqlUrl where nothing listens: the indexer down for that app only).
   * The caller closes it; `stop()` closes it too.
   */
  serveWebAgain(config: Partial<RuntimeConfig>): Promise<RunningWeb>
  stop(): Promise<void>
}

interface ApiProcess extends ServiceProcess {
  readonly url: string
}

const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()

/** Runs `tsx apps/api/src/server.ts` in its own process group (see service.ts). */
export async function startApi(options: {
  port: number
  manifestPath: string
  /** The web app's origin CORS allows (a comma list for more than one; the first is the passkey relying party). */
  webOrigin: string
  env?: Readonly<Record<string, string>> | undefined
  /** The indexer's GraphQL URL (USD prices); absent: the API answers USD figures as null. */
  indexerUrl?: string | undefined
}): Promise<ApiProcess> {
  // A fresh database per run unless the suite brings its own (to restart the API on it): the
  // default directory (.data/api/<port>) would carry one run's orders into the next.
  const ownDb = options.env?.OXBOW_API_DB_DIR === undefined
  const dbDir = ownDb
    ? await mkdtemp(join(scratch, 'oxbow-e2e-api-'))
    : (options.env?.OXBOW_API_DB_DIR as string)
  const removeDb = () => (ownDb ? rm(dbDir, { recursive: true, force: true }) : Promise.resolve())
  // The API fills the empty directory from the machine's PGlite template itself (@oxbow/pglite).
  const api = await startService({
    name: 'api',
    entry: 'apps/api/src/server.ts',
    env: {
      OXBOW_API_HOST: '127.0.0.1',
      OXBOW_API_PORT: String(options.port),
      OXBOW_ENVIRONMENT: 'local',
      OXBOW_MANIFEST: options.manifestPath,
      OXBOW_API_DB_DIR: dbDir,
      OXBOW_WEB_ORIGINS: options.webOrigin,
      // market USD prices, as npm start passes them
      ...(options.indexerUrl ? { OXBOW_INDEXER_URL: options.indexerUrl } : {}),
      // One browser hammering quotes while the test process reads too: never rate limited here.
      OXBOW_RATE_LIMIT_PER_MINUTE: '100000',
      OXBOW_RATE_LIMIT_BURST: '10000',
      ...options.env,
    },
  }).catch(async (error: unknown) => {
    await removeDb()
    throw error
  })
  const stop = async () => {
    await api.stop()
    await removeDb()
  }
  if (/trading: disabled/.test(api.log())) {
    await stop()
    throw new Error(`api started without trading:\n${api.log()}`)
  }
  return { ...api, stop, url: `http://127.0.0.1:${options.port}` }
}

/** Waits until the API's trading module serves every network of the devnet. */
async function waitForTrading(apiUrl: string, slugs: readonly string[]): Promise<void> {
  const deadline = Date.now() + 60_000
  let last = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${apiUrl}/v1/networks`)
      last = `${response.status} ${await response.text()}`
      if (response.ok) {
        const body = JSON.parse(last.slice(4)) as { networks: { slug: string }[] }
        if (slugs.every((slug) => body.networks.some((network) => network.slug === slug))) return
      }
    } catch (error) {
      last = String(error)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`api trading not serving ${slugs.join(', ')}: ${last.slice(0, 500)}`)
}

/**
 * Starts devnet, API and web on the given ports. On any failure, whatever already started is stopped
 * before the error propagates.
 */
export async function startStack(ports: StackPorts, options: StackOptions = {}): Promise<Stack> {
  const stops: (() => Promise<void>)[] = []
  // Where a file's start-up time goes, printed once the stack is up (`# stack: ...` in the file's
  // output): the measure behind E2E_SECONDS and the shard plan (scripts/test.ts).
  const laps: string[] = []
  let lapStart = performance.now()
  const lap = (part: string) => {
    const now = performance.now()
    laps.push(`${part} ${((now - lapStart) / 1000).toFixed(1)} s`)
    lapStart = now
  }
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {})
    stops.length = 0
  }
  try {
    const shared = options.ownChain ? undefined : sharedParts()
    const stackNetworks = shared ? STACK_NETWORKS : (options.networks ?? STACK_NETWORKS)
    // The shard's devnet and indexer when a launcher shares them (their stop is the launcher's).
    const devnet = shared
      ? await sharedDevnet(shared)
      : await startDevnet({ networks: stackNetworks, portBase: ports.devnetPortBase })
    stops.push(() => devnet.stop())
    lap(shared ? 'shared devnet' : 'devnet')
    // The spare server's origin after the main one (the passkey relying party is the first).
    const webOrigins = [ports.webPort, ...(ports.spareWebPort === undefined ? [] : [ports.spareWebPort])]
      .map((port) => `http://localhost:${port}`)
      .join(',')
    // the indexer first: the USD figures on screen are its market prices (served by the API)
    const indexer = shared
      ? { url: shared.graphqlUrl, stop: async () => {} }
      : await startIndexer({
          manifestPath: devnet.manifestPath,
          port: ports.indexerPort ?? ports.apiPort + 2,
          networks: stackNetworks,
        })
    stops.push(() => indexer.stop())
    lap(shared ? 'shared indexer' : 'indexer')
    const api = await startApi({
      port: ports.apiPort,
      manifestPath: devnet.manifestPath,
      webOrigin: webOrigins,
      // Gasless orders only where a filler runs to fill them (as npm start always runs one).
      env: { ...(options.filler ? {} : { OXBOW_GASLESS_SWAPS: 'off' }), ...options.apiEnv },
      indexerUrl: indexer.url,
    })
    stops.push(() => api.stop())
    await waitForTrading(api.url, stackNetworks)
    lap('api')
    let filler: ServiceProcess | undefined
    if (options.filler) {
      filler = await startService({
        name: 'filler',
        entry: 'apps/api/src/orders/fillerMain.ts',
        env: { OXBOW_API_URL: api.url, OXBOW_MANIFEST: devnet.manifestPath },
      })
      const started = filler
      stops.push(() => started.stop())
    }
    if (filler) lap('filler')

    // Every network of the registry is offered (as in production), the devnet runs the stack's (two
    // by default): the others get RPC URLs in this suite's port range where nothing listens, and the
    // API does not serve them.
    const base = await buildRuntimeConfig({ OXBOW_MANIFEST: devnet.manifestPath })
    const rpcUrls = Object.fromEntries(
      networks.map((network) => [
        network.slug,
        devnet.manifest.networks[network.slug]?.rpcUrl ?? localRpcUrl(network, ports.devnetPortBase),
      ]),
    )
    const config: Partial<RuntimeConfig> = {
      environment: 'local',
      apiUrl: api.url,
      rpcUrls,
      networks: base.networks,
      // The data API the app reads (explore, token pages, the landing's logos): this stack's indexer.
      graphqlUrl: indexer.url,
      ...(options.liquidity && base.contracts ? { contracts: base.contracts } : {}),
      ...(options.ipfsGateway ? { ipfsGateway: options.ipfsGateway } : {}),
      ...(options.analyticsSampleRate === undefined
        ? {}
        : { analyticsSampleRate: options.analyticsSampleRate }),
    }
    const web: RunningWeb = await startWeb({ port: ports.webPort, config })
    stops.push(() => web.close())
    lap('web')
    console.log(`stack: ${laps.join(', ')}`)

    return {
      devnet,
      manifest: devnet.manifest,
      apiUrl: api.url,
      webUrl: web.url,
      graphqlUrl: indexer.url,
      rpcUrl(slug) {
        const url = devnet.manifest.networks[slug]?.rpcUrl
        if (!url) throw new Error(`${slug} is not running in this stack`)
        return url
      },
      apiLog: () => api.log(),
      fillerLog: () => filler?.log() ?? '',
      stopFiller: async () => {
        await filler?.stop()
      },
      async serveWebAgain(overrides) {
        if (ports.spareWebPort === undefined) throw new Error('serveWebAgain needs ports.spareWebPort')
        const again = await startWeb({ port: ports.spareWebPort, config: { ...config, ...overrides } })
        stops.push(() => again.close())
        return again
      },
      stop: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

export interface ChainSnapshots {
  /** Back to the snapshot on every network (then a new one), once the API follows (10 s at most). */
  restore(): Promise<void>
  /** Back to the snapshot for good: under the shard launcher the next file shares the chain. */
  release(): Promise<void>
}

/**
 * Snapshots every network of the stack, for suites whose tests each start from the same chain:
 * `restore()` before each test, `release()` after the file (errors ignored: the stack may be gone).
 */
export async function snapshotChain(stack: Stack): Promise<ChainSnapshots> {
  const snapshots = new Map<NetworkSlug, Hex>()
  for (const slug of STACK_NETWORKS) snapshots.set(slug, await snapshot(stack.rpcUrl(slug)))
  const apiFollows = async () => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const heads = new Map<string, bigint>()
      for (const slug of STACK_NETWORKS)
        heads.set(slug, await devnetClients(stack.manifest, slug).public.getBlockNumber())
      const body = (await (await fetch(`${stack.apiUrl}/v1/networks`)).json()) as {
        networks: { slug: string; blockNumber: string }[]
      }
      if (body.networks.every((n) => !heads.has(n.slug) || BigInt(n.blockNumber) === heads.get(n.slug)))
        return
      if (Date.now() > deadline)
        throw new Error('the API did not follow the devnet back to the snapshot within 10 s')
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    async restore() {
      for (const slug of STACK_NETWORKS) {
        const url = stack.rpcUrl(slug)
        const id = snapshots.get(slug)
        if (id) await revert(url, id)
        snapshots.set(slug, await snapshot(url))
      }
      await apiFollows()
    },
    async release() {
      for (const [slug, id] of snapshots) await revert(stack.rpcUrl(slug), id).catch(() => {})
    },
  }
}
