/**
 * Shared fixture of the browser tests and the benchmark: the built app served in-process by the
 * real web server (createWebServer) and one Debian Chromium driven by playwright-core.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type Browser, chromium } from 'playwright-core'
import { distDir, ensureBuilt } from '../server/build.ts'
import { createWebServer } from '../server/createWebServer.ts'
import { buildRuntimeConfig } from '../server/runtimeConfig.ts'
import type { RuntimeConfig } from '../src/modules/config/index.ts'

/** Port plan: web tests serve on 23573 (a second server, when needed, on 23574). */
export const TEST_PORT = 23573
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
]

/** The API the browser talks to in tests: nothing listens here, so the app must degrade gracefully. */
export const TEST_API_URL = 'http://127.0.0.1:23587'
/** The indexer's GraphQL endpoint in tests: nothing listens here either (the landing's logos degrade to none). */
export const TEST_GRAPHQL_URL = 'http://127.0.0.1:23569/graphql'

export interface RunningWeb {
  readonly url: string
  close(): Promise<void>
}

export async function startWeb(
  options: {
    port?: number
    config?: Partial<RuntimeConfig>
    blockedPaths?: readonly string[]
    /**
     * The devnet manifest the server configures the browser from (its ENS registry, like the
     * server in `npm start`); without one, the local port layout and no ENS.
     */
    manifestPath?: string
    /** The built app to serve (default dist/, built first when stale): e.g. a copy missing a file. */
    distDir?: string
  } = {},
): Promise<RunningWeb> {
  if (options.distDir === undefined) await ensureBuilt()
  const config: RuntimeConfig = {
    // Never the default manifest (.devnet/manifest.json): whether it exists must not change a test.
    ...(await buildRuntimeConfig({ OXBOW_MANIFEST: options.manifestPath ?? '/nonexistent/manifest.json' })),
    apiUrl: TEST_API_URL,
    graphqlUrl: TEST_GRAPHQL_URL,
    analyticsSampleRate: 0,
    ...options.config,
  }
  const app = createWebServer({
    distDir: options.distDir ?? distDir,
    config,
    blockedPaths: options.blockedPaths ?? [],
  })
  const port = options.port ?? TEST_PORT
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: 'localhost' }, () => resolve(s))
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://localhost:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}
