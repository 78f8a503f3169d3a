/**
 * The modules the running API serves, built from its config. Each feature adds itself here.
 */
import type { ApiModule, Logger } from './app.ts'
import type { ApiConfig } from './config.ts'
import { createPlatformModule } from './platform/index.ts'
import { loadTradingModule } from './trading/index.ts'

export async function createModules(config: ApiConfig, log: Logger): Promise<ApiModule[]> {
  return [
    createPlatformModule({ config, log }),
    await loadTradingModule(config.OXBOW_MANIFEST, log, {
      routeThreads: config.OXBOW_ROUTE_THREADS,
      indexerUrl: config.OXBOW_INDEXER_URL,
      indexerTimeoutMs: config.OXBOW_INDEXER_TIMEOUT_MS,
    }),
  ]
}
