/**
 * `npm run serve -w @oxbow/web`: builds the app if dist/ is missing or older than the sources, then
 * serves it on http://localhost:${OXBOW_WEB_PORT:-5173} and prints a line starting with `ready`.
 * OXBOW_WEB_BLOCKED_PATHS (comma list) fills the blocked-paths meta tag; see runtimeConfig.ts for the rest.
 */
import { serve } from '@hono/node-server'
import { parseBlockedPaths } from '../src/modules/config/index.ts'
import { distDir, ensureBuilt } from './build.ts'
import { createWebServer } from './createWebServer.ts'
import { buildRuntimeConfig } from './runtimeConfig.ts'

const port = Number(process.env.OXBOW_WEB_PORT ?? 5173)
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`web: OXBOW_WEB_PORT must be a TCP port, got ${process.env.OXBOW_WEB_PORT}`)
  process.exit(2)
}

await ensureBuilt()
const config = await buildRuntimeConfig()
const app = createWebServer({
  distDir,
  config,
  blockedPaths: parseBlockedPaths(process.env.OXBOW_WEB_BLOCKED_PATHS),
  trustProxy: process.env.OXBOW_WEB_TRUST_PROXY === '1',
})
const server = serve({ fetch: app.fetch, port, hostname: 'localhost' }, () => {
  console.log(`ready web http://localhost:${port} (api ${config.apiUrl})`)
})
const stop = () => server.close(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
