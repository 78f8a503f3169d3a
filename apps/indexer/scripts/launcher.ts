/**
 * Starts `ponder start` (production mode: no file watchers, no TUI) as a child process in its own
 * process group, waits until the data API answers, and stops it by pid. Used by `npm run serve`,
 * the tests and the benchmark.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seedPgliteDirectory } from '@oxbow/pglite'
import { indexedDeployments, readManifestSync } from '../src/lib/manifest.ts'

export const indexerRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The PGlite "directory" that keeps the database in memory (Ponder passes it through to PGlite). */
export const PGLITE_IN_MEMORY = 'memory://'

function installed(path: string, what: string): string {
  for (const base of [indexerRoot, resolve(indexerRoot, '../..')]) {
    const file = resolve(base, 'node_modules', path)
    if (existsSync(file)) return file
  }
  throw new Error(`${what} is not installed (npm ci)`)
}

const ponderBin = () => installed('ponder/dist/esm/bin/ponder.js', 'ponder')

/** A new on-disk PGlite directory starts as a copy of the machine's template (@oxbow/pglite). */
async function seedPglite(dataDir: string): Promise<void> {
  if (dataDir !== PGLITE_IN_MEMORY) await seedPgliteDirectory(dataDir)
}

/**
 * Lines Ponder prints on every start that say nothing a user can act on here, so `npm start`
 * drops them: the sync store's one-time migrations (printed with console.log on a new database),
 * the cache reset `disableCache: true` announces per network on each start (the devnet's RPC
 * answers must not be cached across devnet rebuilds), and the "public RPC URL" advice Ponder gives
 * when a devnet node listens on 127.0.0.1:8545, a URL viem's local chains list.
 */
const START_NOISE = [
  /\[ponder_sync migration\]/,
  /WARN\s+sync\s+Deleting cache records for '/,
  /is using a public RPC URL \(http:\/\/127\.0\.0\.1:/,
]

export function isStartNoise(line: string): boolean {
  return START_NOISE.some((pattern) => pattern.test(line))
}

export interface IndexerOptions {
  manifestPath: string
  port: number
  /** PGlite directory (ignored when databaseUrl is set). */
  dataDir?: string
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string
  /** Database schema Ponder writes to. */
  schema?: string
  /** Subset of manifest networks (OXBOW_INDEXER_NETWORKS). */
  networks?: readonly string[]
  pollingMs?: number
  /** Ponder's log level (default info). */
  logLevel?: 'error' | 'warn' | 'info' | 'debug'
  readyTimeoutMs?: number
  /**
   * Own process group (default) so stop() reaches everything Ponder started; `serve` runs in the
   * caller's group instead so `npm start` stopping its group stops Ponder too.
   */
  ownProcessGroup?: boolean
  /** Receives Ponder's output lines; default: discard. */
  onOutput?: (line: string) => void
  /** More environment for Ponder (e.g. the data API's rate limit, REDIS_URL), over this process's. */
  env?: Readonly<Record<string, string>>
  /** Node options for the Ponder process (e.g. the bench's `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: readonly string[]
}

export interface IndexerHandle {
  readonly url: string
  readonly graphqlUrl: string
  readonly pid: number
  readonly process: ChildProcess
  stop(): Promise<void>
}

export async function startIndexer(options: IndexerOptions): Promise<IndexerHandle> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OXBOW_MANIFEST: options.manifestPath,
    // Rebuild the tables (instead of refusing to start) when the code or config changed.
    PONDER_EXPERIMENTAL_DB: 'platform',
    PONDER_TELEMETRY_DISABLED: 'true',
    NO_COLOR: '1',
    ...options.env,
  }
  delete env.DATABASE_URL
  delete env.DATABASE_PRIVATE_URL
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  if (options.dataDir) env.OXBOW_INDEXER_DATA_DIR = options.dataDir
  if (options.networks) env.OXBOW_INDEXER_NETWORKS = options.networks.join(',')
  if (options.pollingMs) env.OXBOW_INDEXER_POLLING_MS = String(options.pollingMs)
  if (!options.databaseUrl) {
    await seedPglite(
      options.dataDir ?? process.env.OXBOW_INDEXER_DATA_DIR ?? resolve(indexerRoot, '.ponder/pglite'),
    )
  }
  // The public port is the data API's front (src/api/front.ts); Ponder's own server, which the
  // front passes everything but /graphql to, listens on a free internal port.
  const ponderPort = await freePort()
  env.OXBOW_INDEXER_FRONT_PORT = String(options.port)
  env.OXBOW_INDEXER_FRONT_HOST = '127.0.0.1'
  env.OXBOW_INDEXER_UPSTREAM_PORT = String(ponderPort)
  const args = [
    ...(options.nodeArgs ?? []),
    ponderBin(),
    'start',
    '--schema',
    options.schema ?? 'oxbow',
    '--port',
    String(ponderPort),
    '--hostname',
    '127.0.0.1',
    '--log-format',
    'pretty',
    '--log-level',
    options.logLevel ?? 'info',
  ]
  const child = spawn(process.execPath, args, {
    cwd: indexerRoot,
    env,
    detached: options.ownProcessGroup ?? true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue
      output.push(line)
      if (output.length > 200) output.shift()
      options.onOutput?.(line)
    }
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  let exited = false
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true
      resolve()
    })
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('failed to spawn ponder')

  const target = (options.ownProcessGroup ?? true) ? -pid : pid
  const stop = async () => {
    if (exited) return
    try {
      process.kill(target, 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        process.kill(target, 'SIGKILL')
      } catch {}
    }, 8_000)
    await exitPromise
    clearTimeout(timer)
  }

  const url = `http://127.0.0.1:${options.port}`
  const manifest = readManifestSync(options.manifestPath)
  const indexed = indexedDeployments(
    manifest,
    options.networks ? { OXBOW_INDEXER_NETWORKS: options.networks.join(',') } : {},
  )
  const heads = () =>
    Promise.all(indexed.map(async (d) => ({ network: d.slug, head: await headOf(d.rpcUrl) })))
  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000)
  while (true) {
    if (exited) throw new Error(`ponder exited before it was ready:\n${output.slice(-30).join('\n')}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`ponder not ready within the timeout:\n${output.slice(-30).join('\n')}`)
    }
    try {
      const ready = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) })
      if (ready.status === 200 && (await dataApiCaughtUp(`${url}/graphql`, heads))) break
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  return { url, graphqlUrl: `${url}/graphql`, pid, process: child, stop }
}

/** A port nothing listens on now (the OS's choice), for Ponder's internal server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function headOf(rpcUrl: string): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    signal: AbortSignal.timeout(5_000),
  })
  const body = (await res.json()) as { result?: string }
  if (typeof body.result !== 'string') throw new Error(`no block number from ${rpcUrl}`)
  return BigInt(body.result)
}

/**
 * Ponder's /ready says historical indexing is done, but it then indexes the chain's last
 * unfinalized blocks (30 on an unknown chain) block by block before it reaches the head, and the
 * data API answers slowly meanwhile. Ready means: every indexed network's complete block (Ponder's
 * status, as the API reports it) is at the chain head read before the query, and the API answers
 * a real query. That query also builds the per-block snapshot (every derived figure), so the first
 * client after `ready` is answered from it instead of waiting for it.
 */
async function dataApiCaughtUp(
  graphqlUrl: string,
  heads: () => Promise<{ network: string; head: bigint }[]>,
): Promise<boolean> {
  const wanted = await heads()
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: '{ networks { network blockNumber } tokens(first: 1) { nodes { priceUsd tvlUsd } } }',
    }),
    signal: AbortSignal.timeout(60_000),
  })
  if (!res.ok) return false
  const body = (await res.json()) as {
    data?: { networks?: { network: string; blockNumber: string }[] }
    errors?: unknown
  }
  if (body.errors !== undefined) return false
  const served = body.data?.networks ?? []
  return wanted.every(({ network, head }) => {
    const status = served.find((n) => n.network === network)
    return status !== undefined && BigInt(status.blockNumber) >= head
  })
}
