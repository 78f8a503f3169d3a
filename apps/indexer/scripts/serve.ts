/**
 * `npm run serve -w @oxbow/indexer` (and `npm start`): indexes the devnet's manifest networks and
 * serves the data API on 127.0.0.1. Prints `ready <url>` once historical indexing is done.
 * Env: OXBOW_MANIFEST, OXBOW_INDEXER_PORT (42069), DATABASE_URL, DATABASE_SCHEMA,
 * OXBOW_INDEXER_DATA_DIR, OXBOW_INDEXER_NETWORKS, OXBOW_INDEXER_POLLING_MS, OXBOW_INDEXER_LOG_LEVEL,
 * OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE, OXBOW_INDEXER_RATE_LIMIT_BURST, OXBOW_TRUST_PROXY, REDIS_URL.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { rateLimitEnv } from '../src/api/rateLimit.ts'
import { indexedDeployments, readManifestSync } from '../src/lib/manifest.ts'
import { chainFingerprint, newestIndexedBlocks, releaseSchemaLock, whyNotResumable } from './chainState.ts'
import { indexerRoot, isStartNoise, PGLITE_IN_MEMORY, startIndexer } from './launcher.ts'

const env = z
  .object({
    OXBOW_MANIFEST: z.string().min(1).optional(),
    OXBOW_INDEXER_PORT: z.coerce.number().int().min(1).max(65535).default(42069),
    DATABASE_URL: z.string().min(1).optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
    OXBOW_INDEXER_DATA_DIR: z.string().min(1).optional(),
    OXBOW_INDEXER_NETWORKS: z.string().optional(),
    // Ponder logs every realtime block at info: too chatty for npm start.
    OXBOW_INDEXER_LOG_LEVEL: z.enum(['error', 'warn', 'info', 'debug']).default('warn'),
  })
  .parse(process.env)
// The data API's rate limit is read by the Ponder process; a bad setting stops here, not there.
const limits = rateLimitEnv.safeParse(process.env)
if (!limits.success) {
  const issue = limits.error.issues[0]
  console.error(`Invalid ${issue?.path.join('.')}: ${issue?.message}`)
  process.exit(1)
}

const manifestPath = env.OXBOW_MANIFEST ?? resolve(indexerRoot, '../../.devnet/manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No deployment manifest at ${manifestPath}. Start the devnet first (npm start).`)
  process.exit(1)
}
const manifestText = readFileSync(manifestPath, 'utf8')
const deployments = indexedDeployments(readManifestSync(manifestPath), process.env)
const dataDir = env.OXBOW_INDEXER_DATA_DIR ?? resolve(indexerRoot, '.ponder/pglite')
// `memory://`: PGlite in memory (throwaway indexers of the browser suites), nothing on disk to reuse.
const inMemory = dataDir === PGLITE_IN_MEMORY
const schema =
  env.DATABASE_SCHEMA ??
  // PostgreSQL: a schema per manifest file (every devnet start indexes into a new one).
  (env.DATABASE_URL
    ? `oxbow_${createHash('sha256').update(manifestText).digest('hex').slice(0, 12)}`
    : 'oxbow')
let resuming = false
if (!env.DATABASE_URL && !inMemory) {
  // The on-disk database is resumed when it indexed these chains and its newest blocks are still on
  // them (scripts/chainState.ts); otherwise it is a different chain history: index from scratch.
  // Only once after it was built: Ponder 1.0.0's crash recovery over several networks indexes some
  // events of the unfinalized window without recording them for its next revert (see
  // scripts/chainState.ts), so a second resume would index them twice.
  const identity = chainFingerprint(
    manifestText,
    deployments.map((d) => d.slug),
  )
  const marker = resolve(dataDir, '..', 'chain-id')
  const previous = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null
  let why: string | null
  if (!existsSync(dataDir)) why = 'no database yet'
  else if (previous === `${identity} resumed`) why = 'it was resumed once already'
  else if (previous !== identity) why = 'the devnet was rebuilt or the networks changed'
  else why = await whyNotResumable(await newestIndexedBlocks(dataDir, schema), deployments)
  if (why === null) {
    resuming = true
    await releaseSchemaLock(dataDir, schema)
    console.log(`resuming from the database in ${dataDir}`)
  } else {
    if (existsSync(dataDir)) console.log(`indexing from scratch: ${why}`)
    rmSync(dataDir, { recursive: true, force: true })
  }
  mkdirSync(resolve(dataDir, '..'), { recursive: true })
  writeFileSync(marker, resuming ? `${identity} resumed` : identity)
  // Ponder's RPC cache lives in this database, wiped with it whenever the chain changes.
  process.env.OXBOW_INDEXER_SYNC_CACHE = 'keep'
}

const started = Date.now()
const start = () =>
  startIndexer({
    manifestPath,
    port: env.OXBOW_INDEXER_PORT,
    schema,
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.OXBOW_INDEXER_NETWORKS ? { networks: env.OXBOW_INDEXER_NETWORKS.split(',') } : {}),
    readyTimeoutMs: 600_000,
    ownProcessGroup: false,
    logLevel: env.OXBOW_INDEXER_LOG_LEVEL,
    onOutput: (line) => {
      if (!isStartNoise(line)) console.log(line)
    },
  })
const indexer = await start()
  .catch(async (error: unknown) => {
    if (!resuming) throw error
    // Ponder could not pick the database up: the data is only a cache of the chain, so rebuild it.
    console.log(
      `indexing from scratch: resuming failed (${error instanceof Error ? error.message.split('\n')[0] : error})`,
    )
    rmSync(dataDir, { recursive: true, force: true })
    writeFileSync(
      resolve(dataDir, '..', 'chain-id'),
      chainFingerprint(
        manifestText,
        deployments.map((d) => d.slug),
      ),
    )
    return start()
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })

console.log(`ready ${indexer.graphqlUrl} (indexed in ${((Date.now() - started) / 1000).toFixed(1)} s)`)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  await indexer.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
process.on('SIGHUP', shutdown)
indexer.process.once('exit', (code) => {
  if (!stopping) {
    console.error(`indexer exited (code ${code})`)
    process.exit(code ?? 1)
  }
})
