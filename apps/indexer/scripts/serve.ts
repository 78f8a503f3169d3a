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
// A rebuilt devnet is a different chain history: index it from scratch into fresh storage.
const manifestId = createHash('sha256').update(readFileSync(manifestPath)).digest('hex').slice(0, 12)
const dataDir = env.OXBOW_INDEXER_DATA_DIR ?? resolve(indexerRoot, '.ponder/pglite')
// `memory://`: PGlite in memory (throwaway indexers of the browser suites), nothing on disk to reuse.
const inMemory = dataDir === PGLITE_IN_MEMORY
if (!env.DATABASE_URL && !inMemory) {
  const marker = resolve(dataDir, '..', 'manifest-id')
  const previous = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null
  if (previous !== manifestId && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(resolve(dataDir, '..'), { recursive: true })
  writeFileSync(marker, manifestId)
}
const schema = env.DATABASE_SCHEMA ?? (env.DATABASE_URL ? `oxbow_${manifestId}` : 'oxbow')

const started = Date.now()
const indexer = await startIndexer({
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
}).catch((error: unknown) => {
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
