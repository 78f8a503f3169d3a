/**
 * The modules the running API serves, built from its config. Each feature adds itself here.
 */
import { Hono } from 'hono'
import type { ApiModule, Logger } from './app.ts'
import type { ApiConfig } from './config.ts'
import { lazyDatabase } from './db/index.ts'
import { loadFiatModule } from './fiat/index.ts'
import { createNftReportModule } from './nftReports/index.ts'
import { defaultApiDbDir, loadOrdersModule, type OrdersModule } from './orders/index.ts'
import { createPasskeyModule, passkeySettings } from './passkey/index.ts'
import { createPlatformModule } from './platform/index.ts'
import { clientKeyFor, type RateLimits } from './rateLimit.ts'
import { loadRewardsModule } from './rewards/index.ts'
import {
  blocklistFromConfig,
  createListScreeningProvider,
  createScreeningModule,
  Screening,
} from './screening/index.ts'
import { loadTradingModule } from './trading/index.ts'
import { loadUsernameModule } from './usernames/index.ts'

export async function createModules(
  config: ApiConfig,
  log: Logger,
  rateLimits?: RateLimits,
): Promise<ApiModule[]> {
  // One database for every module that stores something: PGlite allows one instance per directory.
  const db = lazyDatabase({
    url: config.DATABASE_URL,
    dataDir: config.OXBOW_API_DB_DIR ?? defaultApiDbDir(config.OXBOW_API_PORT),
  })
  // The local list today; a real screening vendor's adapter is another ScreeningProvider.
  const blocklist = await blocklistFromConfig(config)
  const screening = new Screening(createListScreeningProvider(blocklist), log)
  log.info('screening: local list', { blocked: blocklist.length })
  // The orders module hears the filler's heartbeats; the quote offers gasless routes while it beats.
  let orders: ApiModule | OrdersModule | undefined
  const fillerLive = (chainId: number) =>
    orders !== undefined && 'fillers' in orders && orders.fillers.isLive(chainId)
  const trading = await loadTradingModule(config.OXBOW_MANIFEST, log, {
    routeThreads: config.OXBOW_ROUTE_THREADS,
    indexerUrl: config.OXBOW_INDEXER_URL,
    indexerTimeoutMs: config.OXBOW_INDEXER_TIMEOUT_MS,
    gaslessSwaps: config.OXBOW_GASLESS_SWAPS === 'on',
    fillerLive,
    screening,
  })
  orders = await loadOrdersModule(config, log, db, screening)
  const modules = [
    createPlatformModule({ config, log }),
    createScreeningModule(screening),
    trading,
    orders,
    // Migrated on its first request: a stack that never signs in with a passkey pays nothing.
    await createPasskeyModule({
      db,
      ...passkeySettings(config),
      log,
      clientKey: clientKeyFor(config.OXBOW_TRUST_PROXY),
      ...(rateLimits ? { rateLimits } : {}),
    }),
  ]
  modules.push(await loadUsernameModule(config, log, db, clientKeyFor(config.OXBOW_TRUST_PROXY), rateLimits))
  // Migrated on its first report.
  modules.push(
    await createNftReportModule({
      db,
      log,
      clientKey: clientKeyFor(config.OXBOW_TRUST_PROXY),
      ...(rateLimits ? { rateLimits } : {}),
    }),
  )
  modules.push(await loadRewardsModule(config.OXBOW_MANIFEST, log, screening))
  const fiat = await loadFiatModule(config, log, db, screening)
  if (fiat) modules.push(fiat)
  // Last, so it closes after the modules using it.
  modules.push({ name: 'database', routes: new Hono(), close: () => db.close() })
  return modules
}
