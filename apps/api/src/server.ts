/** Runs the API on loopback: `npm run serve -w @oxbow/api`. Prints `ready <url>` once listening. */
import { serve } from '@hono/node-server'
import { consoleLogger, createApp } from './app.ts'
import { readConfig } from './config.ts'
import { createModules } from './modules.ts'
import { memoryRateLimits, type RateLimits, redisRateLimits } from './rateLimit.ts'

let config: ReturnType<typeof readConfig>
try {
  config = readConfig()
} catch (error) {
  console.error(`api: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}

// Shared through Redis when REDIS_URL is set (replicas honour one limit), else per process.
const rateLimits: RateLimits = config.REDIS_URL
  ? await redisRateLimits(config.REDIS_URL, consoleLogger)
  : memoryRateLimits()
let modules: Awaited<ReturnType<typeof createModules>>
try {
  modules = await createModules(config, consoleLogger, rateLimits)
} catch (error) {
  // e.g. an unreadable or malformed OXBOW_BLOCKLIST_FILE: one line, no stack
  console.error(`api: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(2)
}
const app = createApp({ config, modules, log: consoleLogger, rateLimits })
const server = serve({ fetch: app.fetch, hostname: config.OXBOW_API_HOST, port: config.OXBOW_API_PORT })
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    console.error(`api: port ${config.OXBOW_API_PORT} is already in use; set OXBOW_API_PORT to a free port`)
  } else console.error(`api: ${error.message}`)
  process.exit(2)
})
server.on('listening', () => {
  console.log(`ready http://${config.OXBOW_API_HOST}:${config.OXBOW_API_PORT}`)
})

async function shutdown(): Promise<void> {
  await Promise.allSettled([...modules.map((m) => m.close?.()), rateLimits.close()])
  server.close(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
